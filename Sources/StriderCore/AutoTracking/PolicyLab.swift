/// Replays a day (every fix a receiver left on reported) through sampling policies and
/// says what each costs and what it misses, against the continuous receiver, or against the
/// day's truth when it is known (a simulated day's story).
///
/// The reference is the day as `MotionDetector` finds it in every fix: its moves (the
/// sessions) and its places (the time before, between and after them, where the user stood).
/// For each policy: how long the precise receiver was on (the battery's proxy), how many
/// positions it reported, the distance of the moves from its positions alone (each move
/// through the engine, as a recorded session), a move missed when its positions show no
/// journey (fewer than two, or all within `journeyRadius` of the first), a place missed
/// when no position lies within `placeRadius` of it during the stay, a move invented when
/// the motion detector on the policy's positions finds one that overlaps no reference move,
/// and the largest time without a position.
///
/// With a `Truth` (what `strider simulate --day --story` writes) the reference moves and
/// places are the true ones and the distance error is against the true length of the moves;
/// even the continuous receiver then misses or invents what its drift hides or makes up.
public enum PolicyLab {
  /// A move or a place of the reference day.
  public struct Span: Sendable, Hashable {
    public var start: GNSSTime
    public var end: GNSSTime
    /// For a place: where the user stood.
    public var coordinate: Coordinate?
    /// For a true move: the length of its path.
    public var distance: Meters?

    public init(
      start: GNSSTime, end: GNSSTime, coordinate: Coordinate? = nil, distance: Meters? = nil
    ) {
      self.start = start
      self.end = end
      self.coordinate = coordinate
      self.distance = distance
    }

    /// Whether the two spans share an instant.
    func overlaps(_ other: Span) -> Bool { start <= other.end && other.start <= end }
  }

  /// The day as it really went: its moves (with their lengths) and places.
  public struct Truth: Sendable, Hashable {
    public var moves: [Span]
    public var places: [Span]

    public init(moves: [Span], places: [Span]) {
      self.moves = moves
      self.places = places
    }
  }

  /// What one policy did with the day.
  public struct Report: Sendable, Hashable {
    public var policy: String
    public var receiverOn: Seconds
    /// The precise receiver's time as a share of the day's, 0...1.
    public var receiverShare: Double
    public var positions: Int
    public var distance: Meters
    /// (distance − reference) / reference, the reference being the true length of the
    /// moves when the truth is known, else the continuous policy's distance; nil when the
    /// reference is zero.
    public var distanceError: Double?
    public var movesMissed: Int
    /// Moves the detector finds in the policy's positions where the reference has none.
    public var movesInvented: Int
    public var placesMissed: Int
    public var largestGap: Seconds
  }

  /// The whole comparison.
  public struct Result: Sendable, Hashable {
    /// The reference moves and places: the truth's, or the detector's on every fix.
    public var moves: [Span]
    public var places: [Span]
    public var elapsed: Seconds
    public var reports: [Report]
    /// Whether the reference is the truth (else the continuous receiver).
    public var isAgainstTruth: Bool = false
    /// The true length of the moves, when the truth says it.
    public var truthDistance: Meters?
  }

  public static let journeyRadius = Meters(100)
  public static let placeRadius = Meters(150)

  /// The standard set: continuous, precise-then-region, significant change, speed-triggered,
  /// batched.
  public static var standardPolicies: [any SamplingPolicy] {
    [
      ContinuousPolicy(), RegionPolicy(), SignificantChangePolicy(), SpeedTriggeredPolicy(),
      BatchedPolicy(),
    ]
  }

  /// Runs `fixes` (in time order) through each policy. `configuration` gives the engine's
  /// settings for a move of an activity (guessed from the move's fixes).
  public static func run(
    fixes: [Fix], policies: [any SamplingPolicy] = standardPolicies,
    detector: MotionDetectorConfiguration = .standard, truth: Truth? = nil,
    parallelism: any Parallelism = OneAtATime(),
    configuration: (Activity) -> SessionConfiguration
  ) -> Result {
    let timed = fixes.compactMap { fix -> (Fix, GNSSTime, Coordinate)? in
      guard let t = fix.time, t.isRepresentable, let c = fix.coordinate, c.isValid,
        fix.mode != .noFix
      else { return nil }
      return (fix, t, c)
    }
    guard let first = timed.first, let last = timed.last else {
      return Result(moves: [], places: [], elapsed: .zero, reports: [])
    }
    let (moves, places) =
      truth.map { ($0.moves, $0.places) }
      ?? reference(timed.map(\.0), from: first.1, to: last.1, detector)
    let truthDistance = truth.flatMap { t -> Meters? in
      let lengths = t.moves.compactMap(\.distance)
      guard !t.moves.isEmpty, lengths.count == t.moves.count else { return nil }
      return Meters(lengths.reduce(0) { $0 + $1.value })
    }
    let elapsed = last.1 - first.1
    let activities = moves.map { move in
      var estimator = MovementEstimator()
      for (fix, t, _) in timed where t >= move.start && t <= move.end { estimator.add(fix) }
      return estimator.guess.activity
    }
    var reports: [Report] = []
    var continuous: Double?
    for var policy in policies {
      var kept: [(Fix, GNSSTime, Coordinate)] = []
      var on = 0.0
      var previous: GNSSTime?
      for entry in timed {
        let decision = policy.decide(entry.0, time: entry.1, position: entry.2)
        if decision == .precise {
          on += min(10, previous.map { (entry.1 - $0).value } ?? 1)
        }
        if decision != .off { kept.append(entry) }
        previous = entry.1
      }
      var distance = 0.0
      var movesMissed = 0
      for (move, activity) in zip(moves, activities) {
        let inside = kept.filter { $0.1 >= move.start && $0.1 <= move.end }
        let start = inside.first?.2
        let journey = inside.contains { p in
          start.map { Geodesy.distanceMeters($0, p.2) > journeyRadius.value } ?? false
        }
        if inside.count < 2 || !journey { movesMissed += 1 }
        if inside.count >= 2 {
          let record = SessionRecorder.record(
            fixes: inside.map(\.0), configuration: configuration(activity),
            parallelism: parallelism)
          distance += record.summary?.distance.value ?? 0
        }
      }
      let placesMissed = places.filter { place in
        guard let at = place.coordinate else { return false }
        return !kept.contains {
          $0.1 >= place.start && $0.1 <= place.end
            && Geodesy.distanceMeters($0.2, at) <= placeRadius.value
        }
      }.count
      var gap = 0.0
      var edge = first.1
      for entry in kept {
        gap = max(gap, (entry.1 - edge).value)
        edge = entry.1
      }
      gap = max(gap, (last.1 - edge).value)
      let found = detectedMoves(kept.map(\.0), detector)
      let invented = found.filter { move in !moves.contains { $0.overlaps(move) } }.count
      if continuous == nil { continuous = distance }
      let reference = truthDistance?.value ?? continuous
      let error = reference.flatMap { $0 > 0 ? (distance - $0) / $0 : nil }
      reports.append(
        Report(
          policy: policy.name, receiverOn: Seconds(on),
          receiverShare: elapsed.value > 0 ? min(1, on / elapsed.value) : 0,
          positions: kept.count, distance: Meters(distance), distanceError: error,
          movesMissed: movesMissed, movesInvented: invented, placesMissed: placesMissed,
          largestGap: Seconds(gap)))
    }
    return Result(
      moves: moves, places: places, elapsed: elapsed, reports: reports,
      isAgainstTruth: truth != nil, truthDistance: truthDistance)
  }

  /// The moves the motion detector finds in `fixes` (its sessions, start to end).
  static func detectedMoves(_ fixes: [Fix], _ configuration: MotionDetectorConfiguration)
    -> [Span]
  {
    var detector = MotionDetector(configuration: configuration)
    var moves: [Span] = []
    var open: GNSSTime?
    func take(_ events: [MotionEvent]) {
      for event in events {
        switch event {
        case .sessionStarted(let t): open = t
        case .sessionFix: break
        case .sessionEnded(let t):
          if let s = open { moves.append(Span(start: s, end: t)) }
          open = nil
        }
      }
    }
    for fix in fixes { take(detector.add(fix)) }
    take(detector.finish())
    return moves
  }

  /// The reference moves (the detector's sessions on every fix) and places (before,
  /// between and after them, at the position where each stay began).
  static func reference(
    _ fixes: [Fix], from start: GNSSTime, to end: GNSSTime,
    _ configuration: MotionDetectorConfiguration
  ) -> (moves: [Span], places: [Span]) {
    let moves = detectedMoves(fixes, configuration)
    // Where the user stood: the last fix before a move, the first after the last one.
    func position(at time: GNSSTime, after: Bool) -> Coordinate? {
      let candidates = fixes.filter { f in
        guard let t = f.time, f.coordinate != nil else { return false }
        return after ? t >= time : t <= time
      }
      return (after ? candidates.first : candidates.last)?.coordinate
    }
    var places: [Span] = []
    var stayStart = start
    for move in moves {
      if move.start > stayStart {
        places.append(
          Span(
            start: stayStart, end: move.start, coordinate: position(at: move.start, after: false)))
      }
      stayStart = move.end
    }
    if end > stayStart {
      places.append(
        Span(start: stayStart, end: end, coordinate: position(at: stayStart, after: true)))
    }
    return (moves, places)
  }
}
