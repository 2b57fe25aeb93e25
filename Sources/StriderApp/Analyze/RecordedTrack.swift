import StriderCore
import StriderFormats

/// A recorded file read whole, with the activity its session uses: what `analyze` and
/// `replay` both start from.
public struct RecordedTrack {
  public var path: String
  public var reader: any FixReader
  public var fixes: [Fix]
  /// The activity asked for, else the one the file declares, else a guess from its speed.
  public var activity: Activity

  public var format: FileFormat { reader.format }

  public static func load(_ path: String, activity asked: Activity?) throws(FormatError)
    -> RecordedTrack
  {
    var reader = try FixFileReader.open(path: path)
    var fixes: [Fix] = []
    while let fix = try reader.next() { fixes.append(fix) }
    let activity = asked ?? reader.metadata.declaredActivity ?? ActivityGuess.guess(from: fixes)
    return RecordedTrack(path: path, reader: reader, fixes: fixes, activity: activity)
  }

  /// The warning for a file that holds nothing to analyse, or nil.
  public var emptyWarning: String? {
    fixes.isEmpty ? Self.emptyWarning(path: path, format: format) : nil
  }

  /// What the file's times made Strider assume (NMEA dates, no times at all).
  public var timeWarnings: [String] {
    TimeWarnings.messages(reader: reader, untimed: TimeWarnings.isUntimed(fixes))
  }

  /// The warning for a file of this format that holds nothing to analyse.
  public static func emptyWarning(path: String, format: FileFormat) -> String {
    "strider: warning: \(path): \(FixFileReader.emptyFileNote(format))"
  }
}
