/// Runs a whole recorded track through the engine: what `analyze` does for one file.
public enum Analysis {
  /// The summary of a finished list of fixes under a configuration.
  public static func summarize(
    _ fixes: [Fix], configuration: SessionConfiguration
  ) -> SessionSummary {
    var engine = SessionEngine(configuration: configuration)
    for fix in fixes { engine.absorb(fix) }
    return engine.finish().summary
  }
}
