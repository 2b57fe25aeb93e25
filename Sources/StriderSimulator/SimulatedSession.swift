import StriderCore

/// A whole simulated session: the fixes a receiver delivered and the truth behind them.
///
/// Tests feed `fixes` to the engine and score its distance, moving time and track against
/// the truth; `injected` says which fixes are faulty and what a good gate should decide.
public struct SimulatedSession: Sendable {
  /// What was simulated.
  public let configuration: SimulationConfiguration
  /// Every record in delivery order, faults included; `fixes[i].origin.index == i`.
  public let fixes: [Fix]
  /// The true state at every epoch (one per sample interval, also where no fix came).
  public let truth: [TruthSample]
  /// The geodesic length of the true path (the sum of the steps between truth samples).
  public let truthDistance: Meters
  /// The time spent moving: the sum of the sample intervals in which the person moved.
  public let truthMovingTime: Seconds
  /// From the first to the last truth sample.
  public let truthElapsed: Seconds
  /// The time of the first epoch; every stale fix is before it.
  public let startTime: GNSSTime
  /// The answer key: one record per faulty fix, and one per signal loss.
  public let injected: [InjectedFault]
  /// The route followed.
  public let route: SimulatedRoute
  /// The stretches with urban-canyon errors.
  public let urbanCanyons: [UrbanCanyon]

  public init(
    configuration: SimulationConfiguration, fixes: [Fix], truth: [TruthSample],
    injected: [InjectedFault], route: SimulatedRoute, urbanCanyons: [UrbanCanyon]
  ) {
    self.configuration = configuration
    self.fixes = fixes
    self.truth = truth
    self.injected = injected
    self.route = route
    self.urbanCanyons = urbanCanyons
    startTime = configuration.startTime
    truthDistance = Geodesy.length(of: truth.map(\.coordinate))
    var moving = 0.0
    for (a, b) in zip(truth, truth.dropFirst()) where b.distanceAlongRoute > a.distanceAlongRoute {
      moving += (b.time - a.time).value
    }
    truthMovingTime = Seconds(moving)
    if let first = truth.first, let last = truth.last {
      truthElapsed = last.time - first.time
    } else {
      truthElapsed = .zero
    }
  }

  /// The delivery indices of every faulty fix.
  public var faultyFixIndices: Set<Int> { Set(injected.compactMap(\.fixIndex)) }

  /// The truth sample at the epoch nearest to `time`, if the time lies in the session.
  public func truth(at time: GNSSTime) -> TruthSample? {
    truth.sample(nearest: time, interval: configuration.effectiveInterval)
  }
}

extension SimulatedSession {
  /// The session's fixes after `seconds` of standing at the start, one fix a second, as a
  /// receiver switched on before the run gives them (`simulate --lead-in`); faults placed
  /// at the head (cached fixes) stay before the standing.
  public func fixes(standingFirst seconds: Int) -> [Fix] {
    guard seconds > 0,
      let first = fixes.first(where: {
        $0.coordinate != nil && ($0.time.map { $0 >= startTime } ?? false)
      })
    else { return fixes }
    let standing = (0..<seconds).map { i -> Fix in
      var fix = first
      fix.time = startTime - Seconds(Double(seconds - i))
      fix.speed = MetersPerSecond(0)
      fix.course = nil
      return fix
    }
    let head = fixes.prefix { ($0.time.map { $0 < startTime } ?? false) }
    return Array(head) + standing + fixes.dropFirst(head.count)
  }
}
