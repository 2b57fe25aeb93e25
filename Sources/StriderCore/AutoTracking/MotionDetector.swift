import Foundation

/// Decides, fix by fix on the fix clock, when a person at rest has started to move and
/// when a person on the move has stopped for good: the heart of interactionless tracking.
///
/// At rest it keeps the resting place (a slowly following mean of the fixes) and a filtered
/// speed (the mean over `speedWindow` of the receiver's speed, else the straight-line speed
/// across twice that window). It starts a session when the filtered speed stays at `startSpeed` for
/// `startConfirmation` after going at least `startDistance`, or when `startRadiusFixes`
/// fixes in a row lie beyond `startRadius`; both are hysteresis against a receiver drifting
/// indoors. The session begins at the last fix before the run of moving steps that led to
/// the start. On the move, every fix further than `stillRadius` from where the user last
/// moved, or with the receiver's filtered speed at `startSpeed`, is moving; fixes that are not are
/// held back, and when they have lasted `endAfter` the session ends at the last moving fix
/// and the held fixes are dropped from it. Held fixes are released to the session when the
/// user moves on (a red light, a queue).
///
/// A gap (fixes more than `gapAfter` apart, or a new source segment: a gpsd restart) is
/// never distance: the session's segment number grows. Standing before and after a gap
/// counts the gap as standing; a gap longer than `longestBridgedGap` ends a session.
/// Pure and `Sendable`: the same fixes always give the same sessions, live or replayed.
public struct MotionDetector: Sendable {
  public let configuration: MotionDetectorConfiguration

  /// Whether a session is open.
  public var isInSession: Bool { session != nil }

  private struct Sample: Sendable {
    var time: GNSSTime
    /// The receiver's speed, when it reported one.
    var speed: Double?
    var coordinate: Coordinate
  }

  private struct Open: Sendable {
    var start: GNSSTime
    var segment = 0
    var lastMoving: GNSSTime
    var center: Region
    var held: [Fix] = []
  }

  private var session: Open?
  private var anchor: Region?
  private var window: [Sample] = []
  private var fastSince: GNSSTime?
  private var outside = 0
  private var lookBack: [(fix: Fix, moving: Bool)] = []
  private var last: (time: GNSSTime, coordinate: Coordinate, segment: Int)?

  /// How slowly the resting place follows the fixes, seconds: slow enough that walking
  /// away leaves it behind, quick enough to follow a receiver's drift.
  static let restingTimeConstant = 120.0

  public init(configuration: MotionDetectorConfiguration = .standard) {
    self.configuration = configuration
  }

  /// Feeds one fix; returns what it decided.
  public mutating func add(_ fix: Fix) -> [MotionEvent] {
    guard let time = fix.time, time.isRepresentable, let coordinate = usableCoordinate(fix),
      last.map({ time > $0.time }) ?? true
    else {
      // Not a fix to decide on; an open session keeps it for the gate to judge.
      guard session != nil else { return [] }
      return hold(fix)
    }
    let previous = last
    last = (time, coordinate, fix.segment)
    let gap = previous.map {
      (time - $0.time).value > configuration.gapAfter.value || fix.segment != $0.segment
    }
    if gap ?? true {
      window = []
      fastSince = nil
      outside = 0
    }
    window.append(Sample(time: time, speed: fix.speed?.value, coordinate: coordinate))
    // Kept for twice the window: the speed from positions needs the longer span.
    window.removeAll { (time - $0.time).value > 2 * configuration.speedWindow.value }
    let doppler = dopplerSpeed(at: time)
    let measured = displacementSpeed()
    let fast = (doppler ?? measured ?? 0) >= configuration.startSpeed.value
    let stepSpeed = fix.speed?.value ?? measured ?? 0
    if session != nil {
      // On the move, only a receiver's speed says "moving" by itself: a speed measured
      // between drifting fixes is left to the standing region.
      return onTheMove(
        fix, time: time, coordinate: coordinate, fast: doppler.map { _ in fast } ?? false,
        gap: gap == true ? (time - (previous?.time ?? time)) : nil)
    }
    return atRest(
      fix, time: time, coordinate: coordinate, fast: fast, measured: doppler == nil,
      gap: gap ?? true, stepMoving: stepSpeed >= configuration.stepSpeed.value,
      dt: previous.map { (time - $0.time).value } ?? 0)
  }

  /// The mean of the receiver's speeds over `speedWindow`, when every fix in it has one.
  private func dopplerSpeed(at time: GNSSTime) -> Double? {
    let recent = window.filter { (time - $0.time).value <= configuration.speedWindow.value }
    guard recent.count >= 2 else { return nil }
    var sum = 0.0
    for sample in recent {
      guard let speed = sample.speed else { return nil }
      sum += speed
    }
    return sum / Double(recent.count)
  }

  /// The straight-line speed across the window (twice `speedWindow`, so white noise of a
  /// few metres reads well under 1 m/s), when it spans at least half of that.
  private func displacementSpeed() -> Double? {
    guard let first = window.first, let last = window.last else { return nil }
    let span = (last.time - first.time).value
    guard span >= configuration.speedWindow.value else { return nil }
    return Geodesy.distanceMeters(first.coordinate, last.coordinate) / span
  }

  /// Ends an open session at its last moving fix (the program is stopping).
  public mutating func finish() -> [MotionEvent] {
    guard let open = session else { return [] }
    session = nil
    return [.sessionEnded(open.lastMoving)]
  }

  private mutating func atRest(
    _ fix: Fix, time: GNSSTime, coordinate: Coordinate, fast: Bool, measured: Bool, gap: Bool,
    stepMoving: Bool, dt: Double
  ) -> [MotionEvent] {
    guard !gap, var place = anchor else {
      // A new start (or after a gap, somewhere else perhaps): this is where one rests.
      anchor = Region(center: coordinate)
      lookBack = [(fix, false)]
      return []
    }
    let distance = place.distance(to: coordinate)
    outside = distance > configuration.startRadius.value ? outside + 1 : 0
    fastSince = fast ? (fastSince ?? time) : nil
    lookBack.append((fix, stepMoving))
    lookBack.removeAll { entry in
      entry.fix.time.map { (time - $0).value > configuration.lookBack.value } ?? true
    }
    // A speed measured between drifting fixes is a weaker witness than the receiver's own:
    // it must hold three times as long and have gone twice as far.
    let strictness = measured ? (confirm: 3.0, distance: 2.0) : (confirm: 1.0, distance: 1.0)
    let speedStart =
      fastSince.map {
        (time - $0).value >= configuration.startConfirmation.value * strictness.confirm
      } == true
      && distance >= configuration.startDistance.value * strictness.distance
    guard speedStart || outside >= configuration.startRadiusFixes else {
      place.follow(coordinate, dt: dt, timeConstant: MotionDetector.restingTimeConstant)
      anchor = place
      return []
    }
    // Date the start back to the last fix before the steps that led here.
    var first = lookBack.count - 1
    while first > 0, lookBack[first - 1].moving { first -= 1 }
    if first > 0 { first -= 1 }
    let fixes = lookBack[first...].map { entry -> Fix in
      var f = entry.fix
      f.segment = 0
      return f
    }
    let start = fixes.first?.time ?? time
    session = Open(start: start, lastMoving: time, center: Region(center: coordinate))
    lookBack = []
    anchor = nil
    fastSince = nil
    outside = 0
    return [.sessionStarted(start)] + fixes.map { .sessionFix($0) }
  }

  private mutating func onTheMove(
    _ fix: Fix, time: GNSSTime, coordinate: Coordinate, fast: Bool, gap: Seconds?
  ) -> [MotionEvent] {
    guard var open = session else { return [] }
    if let gap {
      open.segment += 1
      if gap.value > configuration.longestBridgedGap.value {
        session = nil
        anchor = Region(center: coordinate)
        lookBack = [(fix, false)]
        return [.sessionEnded(open.lastMoving)]
      }
    }
    var f = fix
    f.segment = open.segment
    if fast || open.center.distance(to: coordinate) > configuration.stillRadius.value {
      let events = open.held.map { MotionEvent.sessionFix($0) } + [.sessionFix(f)]
      open.held = []
      open.lastMoving = time
      open.center = Region(center: coordinate)
      session = open
      return events
    }
    open.held.append(f)
    open.center.average(coordinate, count: open.held.count)
    guard (time - open.lastMoving).value >= configuration.endAfter.value else {
      session = open
      return []
    }
    session = nil
    anchor = open.center
    lookBack = open.held.suffix(60).map { ($0, false) }
    return [.sessionEnded(open.lastMoving)]
  }

  /// A fix that is not fit to decide on goes to an open session as it is: straight away
  /// while moving, held with the standing fixes otherwise.
  private mutating func hold(_ fix: Fix) -> [MotionEvent] {
    guard var open = session else { return [] }
    var f = fix
    f.segment = open.segment
    if open.held.isEmpty { return [.sessionFix(f)] }
    open.held.append(f)
    session = open
    return []
  }

  /// The position of a fix good enough to decide on.
  private func usableCoordinate(_ fix: Fix) -> Coordinate? {
    guard fix.mode != .noFix, fix.provider == .gnss, let c = fix.coordinate, c.isValid else {
      return nil
    }
    if let accuracy = fix.horizontalAccuracy,
      !(accuracy.value >= 0 && accuracy.value <= configuration.worstAccuracy.value)
    {
      return nil
    }
    return c
  }
}
