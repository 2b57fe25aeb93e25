/// Finding a session's best efforts on its finished track, in one pass per target.
///
/// The finished track gives the session's distance at every point, and between two points
/// distance and time are taken to grow together linearly (as `FinishedTrack.distance(at:)`
/// interpolates). The elapsed time of a stretch of D metres, as a function of where it
/// starts, is then piecewise linear, with its corners where the stretch starts or ends at
/// a point; so its least value is at a stretch that starts at a point or ends at one. Both
/// families are swept with two pointers that only move forward (the classic sliding
/// window), interpolating the other end between points: O(n) for each target. The farthest
/// distance within a duration is the same with the roles of time and distance exchanged.
public enum BestEfforts {
  /// The best effort of `track` for each of `targets` the session reaches (a 5 km effort
  /// only from 5 km on; a 20-minute one only from 20 minutes on), in the targets' order.
  public static func of(
    _ track: FinishedTrack, targets: [BestEffortTarget]
  ) -> [BestEffort] {
    search(Samples(track), targets)
  }

  private static func search(_ samples: Samples, _ targets: [BestEffortTarget]) -> [BestEffort] {
    targets.compactMap { target in
      guard target.value > 0, target.value.isFinite else { return nil }
      switch target.kind {
      case .distance: return samples.fastest(over: target)
      case .duration: return samples.farthest(within: target)
      }
    }
  }

  /// The same search on a track given as its times (seconds since 1970) and the session's
  /// distance at each (metres), in time order: what a store reads back of a finished track.
  /// The arrays are taken, not copied: a store reading back a track of a million points
  /// hands over 16 MB of them, and the search keeps them in place.
  public static func of(
    times: consuming [Double], distances: consuming [Double], targets: [BestEffortTarget]
  ) -> [BestEffort] {
    search(Samples(times: times, distances: distances), targets)
  }

  /// The best efforts of a session of `activity` (`BestEffortTarget.targets(for:)`).
  public static func of(_ track: FinishedTrack, activity: Activity) -> [BestEffort] {
    of(track, targets: BestEffortTarget.targets(for: activity))
  }

  /// The track as two plain arrays, time and distance, in time order; points whose time
  /// or distance is not a finite number, or goes back, are left out (a stored track from
  /// an older Strider is read as it is).
  struct Samples {
    var t: [Double] = []
    var d: [Double] = []

    init(_ track: FinishedTrack) {
      self.init(
        times: track.points.map(\.time.secondsSince1970),
        distances: track.points.map(\.distance.value))
    }

    /// Keeps the arrays, leaving out in place the points whose time or distance is not
    /// finite or goes back.
    init(times: consuming [Double], distances: consuming [Double]) {
      var t = consume times
      var d = consume distances
      let n = min(t.count, d.count)
      var kept = 0
      for i in 0..<n {
        let time = t[i]
        let distance = d[i]
        guard time.isFinite, distance.isFinite else { continue }
        if kept > 0, time < t[kept - 1] || distance < d[kept - 1] { continue }
        t[kept] = time
        d[kept] = distance
        kept += 1
      }
      t.removeLast(t.count - kept)
      d.removeLast(d.count - kept)
      self.t = t
      self.d = d
    }

    /// The least elapsed time over `target.value` metres.
    func fastest(over target: BestEffortTarget) -> BestEffort? {
      let length = target.value
      let n = t.count
      guard n >= 2, d[n - 1] - d[0] >= length else { return nil }
      var best: (start: Double, end: Double, startDistance: Double)?
      func consider(_ start: Double, _ end: Double, _ startDistance: Double) {
        if best.map({ end - start < $0.end - $0.start }) ?? true {
          best = (start, end, startDistance)
        }
      }
      // Stretches starting at a point: the end is where the distance first reaches
      // d[i] + length, between j - 1 and j.
      var j = 1
      for i in 0..<n {
        let goal = d[i] + length
        if goal > d[n - 1] { break }
        if j <= i { j = i + 1 }
        while d[j] < goal { j += 1 }
        consider(t[i], Self.time(at: goal, j - 1, j, t, d), d[i])
      }
      // Stretches ending at a point: the start is where the distance last was
      // d[j] - length, between i and i + 1.
      var i = 0
      for j in 0..<n {
        let from = d[j] - length
        if from < d[0] { continue }
        while i + 1 < n, d[i + 1] <= from { i += 1 }
        // d[i] <= from < d[i + 1] (or i is the last point at that distance).
        let start = i + 1 < n && d[i + 1] > d[i] ? Self.time(at: from, i, i + 1, t, d) : t[i]
        consider(start, t[j], from)
      }
      return best.map {
        BestEffort(
          target: target, start: GNSSTime(secondsSince1970: $0.start),
          end: GNSSTime(secondsSince1970: $0.end), startDistance: Meters($0.startDistance),
          distance: Meters(length))
      }
    }

    /// The most distance within `target.value` seconds.
    func farthest(within target: BestEffortTarget) -> BestEffort? {
      let span = target.value
      let n = t.count
      guard n >= 2, t[n - 1] - t[0] >= span else { return nil }
      var best: (start: Double, startDistance: Double, distance: Double)?
      func consider(_ start: Double, _ startDistance: Double, _ endDistance: Double) {
        let covered = endDistance - startDistance
        if best.map({ covered > $0.distance }) ?? true { best = (start, startDistance, covered) }
      }
      // Windows starting at a point: the distance at t[i] + span, taking the farthest of
      // points at that very time.
      var j = 0
      for i in 0..<n {
        let until = t[i] + span
        if until > t[n - 1] { break }
        if j < i { j = i }
        while j + 1 < n, t[j + 1] <= until { j += 1 }
        let end = j + 1 < n && t[j] < until ? Self.distance(at: until, j, j + 1, t, d) : d[j]
        consider(t[i], d[i], end)
      }
      // Windows ending at a point: the distance at t[j] - span, taking the nearest of
      // points at that very time.
      var i = 0
      for j in 0..<n {
        let from = t[j] - span
        if from < t[0] { continue }
        while t[i] < from { i += 1 }
        let start = t[i] > from ? Self.distance(at: from, i - 1, i, t, d) : d[i]
        consider(from, start, d[j])
      }
      return best.map {
        BestEffort(
          target: target, start: GNSSTime(secondsSince1970: $0.start),
          end: GNSSTime(secondsSince1970: $0.start + span),
          startDistance: Meters($0.startDistance), distance: Meters($0.distance))
      }
    }

    /// The time at which the distance is `goal`, between points a and b (d[a] <= goal <= d[b]).
    static func time(at goal: Double, _ a: Int, _ b: Int, _ t: [Double], _ d: [Double])
      -> Double
    {
      let run = d[b] - d[a]
      guard run > 0 else { return t[b] }
      return t[a] + (t[b] - t[a]) * (goal - d[a]) / run
    }

    /// The distance at `time`, between points a and b (t[a] <= time <= t[b]).
    static func distance(at time: Double, _ a: Int, _ b: Int, _ t: [Double], _ d: [Double])
      -> Double
    {
      let span = t[b] - t[a]
      guard span > 0 else { return d[b] }
      return d[a] + (d[b] - d[a]) * (time - t[a]) / span
    }
  }
}
