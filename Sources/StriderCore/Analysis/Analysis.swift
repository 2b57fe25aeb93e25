/// Runs a whole recorded track through the engine: what `analyze` does for one file.
public enum Analysis {
  /// The summary of a finished list of fixes under a configuration.
  ///
  /// - Parameter correctsLiveDistance: re-measure the live distance as a live session does
  ///   (`SessionEngine`); off by default, since an analysis shows no live figures and the
  ///   re-measuring costs a pass over the track.
  public static func summarize(
    _ fixes: [Fix], configuration: SessionConfiguration, correctsLiveDistance: Bool = false,
    parallelism: any Parallelism = OneAtATime()
  ) -> SessionSummary {
    var pipeline = SessionPipeline(
      configuration: configuration,
      options: SessionPipeline.Options(
        correctsLiveDistance: correctsLiveDistance, readsEvents: false),
      parallelism: parallelism)
    var none: [SessionEvent] = []
    for fix in fixes { pipeline.ingest(fix, into: &none) }
    return pipeline.finish().summary
  }
}
