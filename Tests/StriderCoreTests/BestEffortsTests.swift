import Foundation
import Testing

@testable import StriderCore
@testable import StriderSimulator

/// Best efforts: the two-pointer sweep against a brute-force search, and against the
/// simulator's truth on sessions whose best stretch is known.
@Suite struct BestEffortsTests {
  /// Every stretch that starts or ends at a point, its other end found by scanning from
  /// that point (no pointer carried between points): the slow, obvious search.
  static func bruteForce(_ track: FinishedTrack, _ target: BestEffortTarget) -> Double? {
    let t = track.points.map(\.time.secondsSince1970)
    let d = track.points.map(\.distance.value)
    let n = t.count
    var best: Double?
    func keep(_ v: Double) {
      switch target.kind {
      case .distance: best = min(best ?? .infinity, v)
      case .duration: best = max(best ?? -.infinity, v)
      }
    }
    func lerp(_ x: Double, _ x0: Double, _ x1: Double, _ y0: Double, _ y1: Double) -> Double {
      x1 > x0 ? y0 + (y1 - y0) * (x - x0) / (x1 - x0) : y1
    }
    let v = target.value
    for i in 0..<n {
      switch target.kind {
      case .distance:
        // Starting at i: the first point at or past d[i] + v.
        if let k = (i + 1..<n).first(where: { d[$0] >= d[i] + v }) {
          keep(lerp(d[i] + v, d[k - 1], d[k], t[k - 1], t[k]) - t[i])
        }
        // Ending at i: the last point at or before d[i] - v.
        if let k = (0..<i).last(where: { d[$0] <= d[i] - v }) {
          keep(t[i] - lerp(d[i] - v, d[k], d[k + 1], t[k], t[k + 1]))
        }
      case .duration:
        if let k = (i..<n).last(where: { t[$0] <= t[i] + v }), t[n - 1] >= t[i] + v {
          let end = t[k] < t[i] + v ? lerp(t[i] + v, t[k], t[k + 1], d[k], d[k + 1]) : d[k]
          keep(end - d[i])
        }
        if let k = (0...i).first(where: { t[$0] >= t[i] - v }), t[0] <= t[i] - v {
          let start = t[k] > t[i] - v ? lerp(t[i] - v, t[k - 1], t[k], d[k - 1], d[k]) : d[k]
          keep(d[i] - start)
        }
      }
    }
    return best
  }

  /// A track made of (seconds, metres) pairs, one segment.
  static func track(_ samples: [(Double, Double)]) -> FinishedTrack {
    FinishedTrack(
      points: samples.map {
        FinishedTrack.Point(
          time: GNSSTime(secondsSince1970: 1_700_000_000 + $0.0),
          coordinate: Coordinate(latitude: 48, longitude: 16), distance: Meters($0.1))
      })
  }

  /// The simulator's true path as a track: its time and distance along the route.
  static func truthTrack(_ session: SimulatedSession) -> FinishedTrack {
    FinishedTrack(
      points: session.truth.map {
        FinishedTrack.Point(
          time: $0.time, coordinate: $0.coordinate, distance: $0.distanceAlongRoute)
      })
  }

  static func finished(_ session: SimulatedSession) -> FinishedTrack {
    SessionRecorder.record(
      fixes: session.fixes,
      configuration: SessionConfiguration(activity: session.configuration.activity)
    ).finishedTrack
  }

  @Test(arguments: [
    (Activity.run, UInt64(1)), (.run, 2), (.run, 3), (.walk, 1), (.ride, 1), (.ride, 2),
  ])
  func sweepAgreesWithBruteForceOnSimulatedSessions(activity: Activity, seed: UInt64) {
    let session = Simulator.run(
      SimulationConfiguration(activity: activity, seed: seed, faults: .all))
    let track = Self.finished(session)
    let targets = BestEffortTarget.distances + BestEffortTarget.durations
    let found = BestEfforts.of(track, targets: targets)
    var reached = 0
    for target in targets {
      let expected = Self.bruteForce(track, target)
      let effort = found.first { $0.target == target }
      #expect((effort == nil) == (expected == nil), "\(target.key): reached by one search only")
      guard let effort, let expected else { continue }
      reached += 1
      #expect(
        abs(effort.value - expected) < 1e-6,
        "\(activity) seed \(seed) \(target.key): sweep \(effort.value), brute force \(expected)")
      // The effort is what the track says between its ends.
      let between = track.distance(at: effort.end) - track.distance(at: effort.start)
      #expect(abs(between.value - effort.distance.value) < 1e-3, "\(target.key): ends")
    }
    #expect(reached >= 3, "the session reaches at least 400 m, 1 km and 1 mile")
  }

  /// A 6 km run whose third kilometre is run at 4.6 m/s (3:37 /km) against an easy
  /// 2.6–3.4 m/s: its fastest 400 m and kilometre are known from the truth, and the
  /// engine's, found on the finished track of noisy fixes, agree with them to the second.
  @Test(arguments: [UInt64(1), 2, 3])
  func aRunWhoseThirdKilometreIsFastHasItAsItsBestKilometre(seed: UInt64) throws {
    var motion = MotionProfile.standard(for: .run)
    motion.surges = [
      MotionProfile.Surge(range: Meters(2000)...Meters(3000), speed: MetersPerSecond(4.6))
    ]
    motion.stopCount = 0...0
    let session = Simulator.run(
      SimulationConfiguration(
        activity: .run, seed: seed, motion: motion, routeLength: Meters(6000)))
    let truth = BestEfforts.of(Self.truthTrack(session), activity: .run)
    let engine = BestEfforts.of(Self.finished(session), activity: .run)
    for target in [BestEffortTarget.distance(400), .distance(1000)] {
      let known = try #require(truth.first { $0.target == target })
      let found = try #require(engine.first { $0.target == target })
      // The truth's best stretch lies in the fast kilometre.
      #expect(known.startDistance.value >= 1990, "\(target.key): truth starts in km 3")
      #expect(
        known.startDistance.value + target.value <= 3010, "\(target.key): truth ends in km 3")
      print(
        "fast third km, seed \(seed), \(target.key): engine \(found.elapsed.value) s, "
          + "truth \(known.elapsed.value) s")
      #expect(
        abs(found.elapsed.value - known.elapsed.value) <= 1,
        "seed \(seed) \(target.key): engine \(found.elapsed.value) s, truth \(known.elapsed.value) s"
      )
      // Where: any 400 m of the steady fast kilometre is as good as another, so it is
      // placed by its kilometre; the kilometre itself, to a few seconds.
      let kilometre = try #require(truth.first { $0.target == .distance(1000) })
      #expect(
        found.start >= kilometre.start - Seconds(5) && found.end <= kilometre.end + Seconds(5),
        "\(target.key): found at \(found.start), truth's kilometre at \(kilometre.start)")
    }
    // The fast kilometre at 4.6 m/s takes about 217 s, plus the acceleration into it.
    let kilometre = try #require(truth.first { $0.target == .distance(1000) })
    #expect((217...225).contains(kilometre.elapsed.value), "\(kilometre.elapsed.value) s")
    // No 10 km effort on a 6 km run.
    #expect(engine.first { $0.target == .distance(10_000) } == nil)
  }

  /// A ride's best 5 and 20 minutes of distance, against the truth's, within half a percent.
  @Test func aRidesBestMinutesAgreeWithTheTruth() throws {
    let session = Simulator.run(SimulationConfiguration(activity: .ride, seed: 4))
    let truth = BestEfforts.of(Self.truthTrack(session), activity: .ride)
    let engine = BestEfforts.of(Self.finished(session), activity: .ride)
    var compared = 0
    for target in BestEffortTarget.durations {
      guard let known = truth.first(where: { $0.target == target }) else { continue }
      let found = try #require(engine.first { $0.target == target }, "\(target.key)")
      #expect(
        abs(found.distance.value - known.distance.value) <= 0.005 * known.distance.value,
        "\(target.key): engine \(found.distance.value) m, truth \(known.distance.value) m")
      compared += 1
    }
    #expect(compared >= 1, "the ride lasts 5 minutes at least")
  }

  /// Exact figures on a track made by hand: 4 m/s, a minute standing still at 600 m, then
  /// 5 m/s; the fastest kilometre is in the fast part, clear of the stop.
  @Test func handMadeTrackGivesExactFigures() throws {
    var samples: [(Double, Double)] = []
    for s in 0...150 { samples.append((Double(s), 4 * Double(s))) }  // 0–600 m at 4 m/s
    for s in 151...210 { samples.append((Double(s), 600)) }  // a minute standing
    for s in 211...600 { samples.append((Double(s), 600 + 5 * Double(s - 210))) }  // 5 m/s
    let track = Self.track(samples)
    let efforts = BestEfforts.of(track, activity: .run)
    let km = try #require(efforts.first { $0.target == .distance(1000) })
    #expect(abs(km.elapsed.value - 200) < 1e-6, "1 km at 5 m/s: \(km.elapsed.value)")
    let mile = try #require(efforts.first { $0.target == .distance(BestEffortTarget.mile) })
    #expect(abs(mile.elapsed.value - BestEffortTarget.mile / 5) < 1e-6)
    #expect(efforts.first { $0.target == .distance(5000) } == nil, "2550 m reach no 5 km")
    // Interpolated between points: 400 m from 1 s-spaced points at 5 m/s is 80 s exactly.
    let short = try #require(efforts.first { $0.target == .distance(400) })
    #expect(abs(short.elapsed.value - 80) < 1e-6)
    // A ride on the same track: the best 5 minutes are all in the fast part.
    let ride = BestEfforts.of(track, targets: BestEffortTarget.durations)
    #expect(ride.count == 1, "600 s reach 5 minutes, not 20")
    #expect(abs((ride.first?.distance.value ?? 0) - 1500) < 1e-6)
  }

  /// The stretch may start and end between points: points 10 s apart at 3 m/s, then
  /// 10 s apart at 6 m/s; the best 100 m is 100/6 s, found between points.
  @Test func interpolatesBetweenSparsePoints() throws {
    let track = Self.track([(0, 0), (10, 30), (20, 60), (30, 120), (40, 180), (50, 240)])
    let best = try #require(
      BestEfforts.of(track, targets: [.distance(100), .duration(15)]).first)
    #expect(abs(best.elapsed.value - 100.0 / 6) < 1e-6)
    let fifteen = try #require(
      BestEfforts.of(track, targets: [.duration(15)]).first)
    #expect(abs(fifteen.distance.value - 90) < 1e-6)
  }

  @Test func emptyAndDegenerateTracksGiveNothing() {
    #expect(BestEfforts.of(FinishedTrack(), activity: .ride).isEmpty)
    #expect(BestEfforts.of(Self.track([(0, 0)]), activity: .run).isEmpty)
    // Standing still for an hour: no distance effort, and a duration effort of 0 m.
    let still = Self.track((0...3600).map { (Double($0), 0) })
    #expect(BestEfforts.of(still, targets: BestEffortTarget.distances).isEmpty)
    let ride = BestEfforts.of(still, targets: [.duration(300)])
    #expect(ride.first?.distance == .zero)
    // Non-finite and backward points are left out rather than trusted.
    let odd = Self.track([(0, 0), (10, .nan), (20, 500), (15, 400), (30, 1000)])
    let km = BestEfforts.of(odd, targets: [.distance(1000)])
    #expect(abs((km.first?.elapsed.value ?? 0) - 30) < 1e-6)
  }

  @Test func targetNamesReadBack() {
    for target in BestEffortTarget.distances + BestEffortTarget.durations {
      #expect(BestEffortTarget(key: target.key) == target, "\(target.key)")
    }
    #expect(BestEffortTarget.distance(5000).spokenName == "5 kilometres")
    #expect(BestEffortTarget.distance(BestEffortTarget.halfMarathon).key == "half")
    #expect(BestEffortTarget.duration(1200).key == "20min")
    #expect(BestEffortTarget(key: "3km") == nil)
  }

  /// A store hands its read-back times and distances over as arrays; points that are not
  /// finite or go back are left out there exactly as from a finished track.
  @Test func timesAndDistancesReadBackAreSearchedAsTheTrackIs() {
    let clean: [(Double, Double)] = (0...600).map { (Double($0), Double($0) * 3.1) }
    let epoch = 1_700_000_000.0  // as `track` times its points
    var times = clean.map { epoch + $0.0 }
    var distances = clean.map(\.1)
    times.insert(.nan, at: 100)
    distances.insert(310, at: 100)
    times.insert(epoch + 250, at: 300)  // goes back in time
    distances.insert(900, at: 300)
    times.insert(epoch + 450, at: 450)
    distances.insert(-.infinity, at: 450)
    let targets = [BestEffortTarget.distance(1000), BestEffortTarget.duration(300)]
    let fromArrays = BestEfforts.of(times: times, distances: distances, targets: targets)
    let fromTrack = BestEfforts.of(Self.track(clean), targets: targets)
    #expect(fromArrays.count == 2)
    #expect(fromArrays == fromTrack)
  }
}
