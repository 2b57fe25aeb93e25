import StriderCore

/// A whole simulated day with a receiver left on: home, a walk, a drive to the office, a
/// stay there, a ride home, home again; the fixes and the truth behind them.
///
/// Interactionless tracking (`strider run --auto`, `strider day`, the sampling-policy lab)
/// needs a day with places and moves whose times are known to the second, and no hardware.
/// One receiver runs all day, so its correlated error carries on from a stay into the move
/// that follows, as a real one does; indoors (every stay) it drifts more
/// (`SimulatedDayConfiguration.indoorErrorModel`), which is what must never start a session.
public struct SimulatedDay: Sendable {
  /// What was simulated.
  public let configuration: SimulatedDayConfiguration
  /// Every fix, one per sample interval except during the receiver outage;
  /// `fixes[i].origin.index == i`.
  public let fixes: [Fix]
  /// The true state at every epoch, the outage included; `distanceAlongRoute` is the
  /// distance travelled since the start of the day.
  public let truth: [TruthSample]
  /// The places and moves, with their times.
  public let story: DayStory
  /// The receiver outage, when there was one.
  public let outage: ClosedRange<GNSSTime>?

  /// The day for a configuration: the same configuration gives the same fixes, bit for bit.
  public init(configuration: SimulatedDayConfiguration) {
    self.configuration = configuration
    var builder = DayBuilder(configuration: configuration)
    builder.build()
    fixes = builder.fixes
    truth = builder.truth
    story = DayStory(places: builder.places, moves: builder.moves)
    outage = builder.outage
  }

  /// The truth sample at the epoch nearest `time`, if the time lies in the day.
  public func truth(at time: GNSSTime) -> TruthSample? {
    truth.sample(nearest: time, interval: configuration.effectiveInterval)
  }
}
