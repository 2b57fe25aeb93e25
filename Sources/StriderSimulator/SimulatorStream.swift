import Foundation
import StriderCore

/// A simulated session delivered one epoch at a time, for the live demo and the tests.
///
/// Each call to `next()` returns what the receiver delivers at one epoch, in delivery
/// order: usually one fix; none during a signal loss or when the epoch's fix is held back
/// to arrive late; several when a fault adds some (a stale head, duplicates, a late fix
/// arriving). `nil` means the session is over. `inject(_:)` adds a fault at the next epoch,
/// so a key press in the demo shows at once what the filters do with it.
///
/// Everything random comes from separate seeded streams for motion, environment, receiver
/// noise and faults; the truth and the noise therefore do not change when faults are
/// switched on or injected, only the faulty epochs do.
public struct SimulatorStream: Sendable, IteratorProtocol {
  /// What this stream simulates.
  public let configuration: SimulationConfiguration
  /// The route followed.
  public let route: SimulatedRoute
  /// The true state at every epoch, including epochs without a fix.
  public let truth: [TruthSample]
  /// The urban-canyon stretches of this session.
  public let urbanCanyons: [UrbanCanyon]
  /// The faults delivered so far: the answer key for each faulty fix.
  public private(set) var injected: [InjectedFault] = []
  /// How many epochs have been delivered (the index of the next one).
  public private(set) var epochIndex = 0

  /// A fix held back to be delivered late.
  private struct Pending: Sendable {
    var deliverAt: Int
    var fix: Fix
    var fault: SimulatedFault
    var epochTime: GNSSTime
    var expected: RejectionReason?
  }

  /// One fix ready to go out, with its answer-key entry when it is faulty.
  private struct Outgoing {
    var fix: Fix
    var fault: SimulatedFault?
    var epochTime: GNSSTime
    var expected: RejectionReason?
  }

  private let track: TruthTrack
  private let interval: Double
  private var receiver: ReceiverModel
  private var faultRNG: SeededRandom
  private var schedule: [Int: SimulatedFault]
  private var queue: [SimulatedFault] = []
  private var pending: [Pending] = []
  private var lossUntil = 0
  private var nextFixIndex = 0
  private var onDemandCount: [SimulatedFault.Kind: Int] = [:]
  private var drained = false

  public init(configuration: SimulationConfiguration) {
    self.configuration = configuration
    let route = configuration.route
    self.route = route
    let track = TruthTrack(configuration: configuration, route: route)
    self.track = track
    urbanCanyons = track.canyons
    interval = configuration.effectiveInterval
    truth = track.epochs.map { epoch in
      let along = Meters(epoch.distance)
      return TruthSample(
        time: epoch.time, coordinate: route.plane.unproject(epoch.point),
        altitude: Meters(epoch.altitude), speed: MetersPerSecond(epoch.speed),
        course: ReceiverModel.course(epoch.direction.east, epoch.direction.north),
        distanceAlongRoute: along,
        inUrbanCanyon: track.canyons.contains { $0.affects(along) })
    }
    receiver = ReceiverModel(
      configuration: configuration, plane: route.plane, canyons: track.canyons)
    var rng = SeededRandom(seed: configuration.seed, stream: 4)
    schedule = SimulatorStream.plan(
      configuration.faults, epochs: track.epochs.count, interval: interval, rng: &rng)
    faultRNG = rng
  }

  /// Whether every epoch and every late fix has been delivered.
  public var isFinished: Bool { drained }

  /// The truth of the epoch delivered last, if any (what the demo draws as "really here").
  public var currentTruth: TruthSample? {
    epochIndex > 0 ? truth[min(epochIndex, truth.count) - 1] : nil
  }

  /// Adds `fault` at the next epoch (one fault per epoch; several wait their turn).
  public mutating func inject(_ fault: SimulatedFault) {
    queue.append(fault)
  }

  /// Adds a fault of `kind` at the next epoch, with parameters drawn as for a session.
  public mutating func inject(_ kind: SimulatedFault.Kind) {
    let occurrence = onDemandCount[kind, default: 0]
    onDemandCount[kind] = occurrence + 1
    inject(SimulatedFault.random(kind, occurrence: occurrence, using: &faultRNG))
  }

  /// The records the receiver delivers at the next epoch, or nil when the session is over.
  public mutating func next() -> [Fix]? {
    guard epochIndex < track.epochs.count else {
      guard !drained else { return nil }
      drained = true
      let late = pending.sorted { $0.deliverAt < $1.deliverAt }
      pending = []
      return late.isEmpty ? nil : deliver(late.map(SimulatorStream.outgoing))
    }
    let k = epochIndex
    epochIndex += 1
    let epoch = track.epochs[k]
    if k > 0 { receiver.advance(by: interval) }
    // Always drawn, so the noise of later fixes does not depend on the faults.
    let normal = receiver.fix(for: epoch)
    if k < lossUntil {
      if let scheduled = schedule[k] { queue.append(scheduled) }
      return []
    }

    var fault = schedule[k]
    if !queue.isEmpty {
      if let scheduled = fault { queue.append(scheduled) }
      fault = queue.removeFirst()
    }
    var out: [Outgoing] = []
    if let fault {
      out = apply(fault, to: normal, epoch: epoch, index: k)
    } else {
      out = [Outgoing(fix: normal, fault: nil, epochTime: epoch.time, expected: nil)]
    }
    if k < lossUntil { return deliver(out) }  // a signal loss began at this epoch
    let due = pending.filter { $0.deliverAt <= k }
    pending.removeAll { $0.deliverAt <= k }
    return deliver(out + due.map(SimulatorStream.outgoing))
  }

  /// What the receiver delivers at an epoch with a fault.
  private mutating func apply(
    _ fault: SimulatedFault, to normal: Fix, epoch: TruthTrack.Epoch, index k: Int
  ) -> [Outgoing] {
    let time = epoch.time
    func faulty(_ fix: Fix, _ expected: RejectionReason?) -> Outgoing {
      Outgoing(fix: fix, fault: fault, epochTime: time, expected: expected)
    }
    let clean = Outgoing(fix: normal, fault: nil, epochTime: time, expected: nil)
    switch fault {
    case .staleHead(let count, let distance, let age):
      let bearing = faultRNG.uniform(in: 0...360)
      let place = SimulatorStream.destination(
        from: configuration.origin, distance: distance.value, bearing: bearing)
      let accuracy = faultRNG.uniform(in: 10...30)
      let stale = (0..<max(1, count)).map { j in
        faulty(
          Fix(
            time: configuration.startTime - age + Seconds(Double(j)), coordinate: place,
            altitude: Meters(faultRNG.uniform(in: 100...400)),
            horizontalAccuracy: Meters(accuracy), verticalAccuracy: Meters(accuracy * 1.5),
            speed: MetersPerSecond(0), course: Degrees(0), mode: .threeD, provider: .gnss,
            satellites: faultRNG.integer(in: 4...8), hdop: accuracy / 5),
          .stale)
      }
      return stale + [clean]
    case .network(let offset, let accuracy):
      let point = epoch.point + randomVector(length: offset.value)
      return [
        faulty(
          Fix(
            time: time, coordinate: route.plane.unproject(point), horizontalAccuracy: accuracy,
            mode: .twoD, provider: .network),
          .nonGNSS)
      ]
    case .jump(let distance):
      var fix = normal
      fix.coordinate = route.plane.unproject(epoch.point + randomVector(length: distance.value))
      return [faulty(fix, .implausibleSpeed)]
    case .lateFix(let delay):
      let steps = max(1, Int((delay.value / interval).rounded(.up)))
      let expected: RejectionReason? =
        delay <= configuration.faults.reorderWindow ? nil : .outOfOrder
      pending.append(
        Pending(
          deliverAt: k + steps, fix: normal, fault: fault, epochTime: time, expected: expected))
      return []
    case .duplicates(let copies):
      return [clean] + (0..<max(1, copies)).map { _ in faulty(normal, .duplicate) }
    case .missingAccuracy:
      var fix = normal
      fix.horizontalAccuracy = nil
      fix.hdop = nil
      return [faulty(fix, .invalidAccuracy)]
    case .negativeAccuracy:
      var fix = normal
      fix.horizontalAccuracy = Meters(-1)
      fix.hdop = nil
      return [faulty(fix, .invalidAccuracy)]
    case .noFix:
      let fix = Fix(
        time: time, coordinate: nil, mode: .noFix, provider: .gnss,
        satellites: faultRNG.integer(in: 0...3))
      return [faulty(fix, .noFix)]
    case .signalLoss(let duration):
      lossUntil = k + max(1, Int((duration.value / interval).rounded()))
      injected.append(
        InjectedFault(fault: fault, fixIndex: nil, epochTime: time, expectedRejection: nil))
      return []
    case .clockJump(let offset):
      var fix = normal
      let wrong = time + offset
      fix.time = wrong
      return [faulty(fix, wrong < configuration.startTime ? .stale : .outOfOrder)]
    }
  }

  /// Numbers the fixes in delivery order and records the faulty ones.
  private mutating func deliver(_ out: [Outgoing]) -> [Fix] {
    out.map { item in
      var fix = item.fix
      fix.origin = FixOrigin(index: nextFixIndex)
      fix.segment = 0
      if let fault = item.fault {
        injected.append(
          InjectedFault(
            fault: fault, fixIndex: nextFixIndex, epochTime: item.epochTime,
            expectedRejection: item.expected))
      }
      nextFixIndex += 1
      return fix
    }
  }

  private static func outgoing(_ p: Pending) -> Outgoing {
    Outgoing(fix: p.fix, fault: p.fault, epochTime: p.epochTime, expected: p.expected)
  }

  /// A vector of the given length in a random direction.
  private mutating func randomVector(length: Double) -> PlanePoint {
    let angle = faultRNG.uniform(in: 0...(2 * Double.pi))
    return PlanePoint(east: length * sin(angle), north: length * cos(angle))
  }

  /// Places the session's faults: the stale head at the first epoch, the others one per
  /// equal slot between the first and the last minute, in a shuffled order.
  private static func plan(
    _ faults: FaultConfiguration, epochs: Int, interval: Double, rng: inout SeededRandom
  ) -> [Int: SimulatedFault] {
    var schedule: [Int: SimulatedFault] = [:]
    if faults.count(of: .staleHead) > 0 {
      schedule[0] = SimulatedFault.random(.staleHead, using: &rng)
    }
    var planned: [SimulatedFault] = []
    for kind in SimulatedFault.Kind.allCases where kind != .staleHead {
      for occurrence in 0..<faults.count(of: kind) {
        planned.append(SimulatedFault.random(kind, occurrence: occurrence, using: &rng))
      }
    }
    let margin = Int((60 / interval).rounded(.up))
    let usable = epochs - 2 * margin
    let spacing = max(1, Int((faults.minimumSpacing.value / interval).rounded(.up)))
    guard usable > 0, !planned.isEmpty else { return schedule }
    let fitting = min(planned.count, usable / spacing)
    guard fitting > 0 else { return schedule }
    let slot = usable / fitting
    for (j, fault) in rng.shuffled(Array(planned.prefix(fitting))).enumerated() {
      let epoch = margin + j * slot + rng.integer(in: 0...max(0, slot / 4))
      schedule[epoch] = fitted(fault, slotSeconds: Double(slot) * interval)
    }
    return schedule
  }

  /// Shortens a signal loss or a late delivery that would not fit in its slot.
  private static func fitted(_ fault: SimulatedFault, slotSeconds: Double) -> SimulatedFault {
    switch fault {
    case .signalLoss(let duration):
      return .signalLoss(duration: Seconds(min(duration.value, max(1, slotSeconds / 2))))
    case .lateFix(let delay):
      return .lateFix(delay: Seconds(min(delay.value, max(1, slotSeconds / 2))))
    default:
      return fault
    }
  }

  /// The point `distance` metres from `start` on an initial `bearing` (degrees), on the
  /// mean-radius sphere: good to 0.5 %, which is plenty for a cached fix hundreds of
  /// kilometres away, and valid across the antimeridian and near the poles.
  static func destination(from start: Coordinate, distance: Double, bearing: Double)
    -> Coordinate
  {
    let delta = distance / WGS84.meanRadius
    let theta = bearing * .pi / 180
    let phi1 = start.latitude * .pi / 180
    let lambda1 = start.longitude * .pi / 180
    let sinPhi2 = sin(phi1) * cos(delta) + cos(phi1) * sin(delta) * cos(theta)
    let phi2 = asin(max(-1, min(1, sinPhi2)))
    let lambda2 =
      lambda1 + atan2(sin(theta) * sin(delta) * cos(phi1), cos(delta) - sin(phi1) * sinPhi2)
    var longitude = lambda2 * 180 / .pi
    longitude = (longitude + 540).truncatingRemainder(dividingBy: 360) - 180
    return Coordinate(latitude: phi2 * 180 / .pi, longitude: longitude)
  }
}
