import StriderCore
import StriderFormats

/// What a file's times made Strider assume or leave out, so the user is told: on stderr,
/// and in `analyze --format json` as `warnings`.
///
/// A reader says what it assumed (`FixReader.warnings`: an NMEA log without dates is dated
/// from a later RMC or ZDA, else from the file's modification time); a track with no times
/// at all has a distance but no pace, calories or splits. Each of these changes what the
/// numbers mean, so none of them is silent.
public enum TimeWarnings {
  /// The warnings a finished reader and its session give, without the `strider: warning:`
  /// prefix and path.
  public static func messages(reader: any FixReader, untimed: Bool) -> [String] {
    var out = reader.warnings
    if untimed {
      out.append("no fix has a time: distance only, without pace, calories or splits")
    }
    return out
  }

  /// Whether a session's fixes had positions but no times at all.
  public static func isUntimed(_ summary: SessionSummary) -> Bool {
    summary.pointsAccepted > 0 && summary.start?.time == nil && summary.end?.time == nil
  }

  /// Whether fixes read whole have positions but no times at all.
  public static func isUntimed(_ fixes: [Fix]) -> Bool {
    fixes.contains { $0.coordinate != nil } && !fixes.contains { $0.time != nil }
  }

  /// Each message as it is printed: `strider: warning: PATH: message`.
  public static func lines(_ messages: [String], path: String) -> [String] {
    messages.map { "strider: warning: \(path): \($0)" }
  }
}
