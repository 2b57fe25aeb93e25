import Foundation
import StriderConcurrency
import StriderCore
import StriderFormats
import StriderStore

/// Runs a file through the engine exactly as `strider analyze FILE` does with the built-in
/// settings (no config file is read: the corpus must not depend on the user's).
public enum AccuracyEngine {
  /// What the engine made of one file.
  public struct Result: Sendable {
    public var format: FileFormat
    public var activity: Activity
    public var summary: SessionSummary
    /// The track the summary was computed from (empty unless asked for).
    public var track: FinishedTrack = FinishedTrack()
  }

  /// The engine configuration `analyze` builds for an activity from the default settings.
  public static func configuration(for activity: Activity) -> SessionConfiguration {
    var configuration = SessionConfiguration(activity: activity)
    UserSettings().apply(to: &configuration)
    return configuration
  }

  /// Opens `path` with `FixFileReader` (sniffing as `analyze` does) and runs it through a
  /// `SessionPipeline` that re-measures the live distance as a live session does (so the
  /// summary's live figures are a replay's). The activity is `activity` (as `--activity`
  /// gives it), else what the file declares, else guessed from its speed.
  ///
  /// - Parameter keepsTrack: also hand back the finished track (`Result.track`).
  public static func analyze(
    path: String, activity: Activity? = nil, keepsTrack: Bool = false
  ) throws(FormatError) -> Result {
    var reader = try FixFileReader.open(path: path)
    var fixes: [Fix] = []
    while let fix = try reader.next() { fixes.append(fix) }
    let chosen =
      activity ?? reader.metadata.declaredActivity
      ?? ActivityGuess.guess(from: fixes)
    var pipeline = SessionPipeline(
      configuration: configuration(for: chosen),
      options: SessionPipeline.Options(keepsFinishedTrack: keepsTrack, readsEvents: false),
      parallelism: Threads())
    var none: [SessionEvent] = []
    for fix in fixes { pipeline.ingest(fix, into: &none) }
    let summary = pipeline.finish().summary
    return Result(
      format: reader.format, activity: chosen, summary: summary,
      track: pipeline.engine.finishedTrack)
  }
}
