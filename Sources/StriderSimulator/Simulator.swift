import StriderCore

/// Runs a whole simulated session at once, for tests, benchmarks and batch analysis.
///
/// It drains a `SimulatorStream`, so a session run at once and one delivered epoch by
/// epoch to the live demo are the same fixes.
public enum Simulator {
  /// The complete session for a configuration; the same configuration gives the same
  /// session, bit for bit.
  public static func run(_ configuration: SimulationConfiguration) -> SimulatedSession {
    var stream = SimulatorStream(configuration: configuration)
    var fixes: [Fix] = []
    while let batch = stream.next() { fixes += batch }
    return SimulatedSession(
      configuration: configuration, fixes: fixes, truth: stream.truth,
      injected: stream.injected, route: stream.route, urbanCanyons: stream.urbanCanyons)
  }
}
