import StriderCore

/// Something that turns a recorded file into fixes, one at a time.
///
/// Readers stream: they hold one chunk of the file and the fix being built, never the whole
/// file, so a 100 MB track costs a few megabytes of memory.
public protocol FixReader {
  /// The format this reader parses.
  var format: FileFormat { get }
  /// The metadata seen so far; complete once `next()` has returned nil.
  var metadata: TrackMetadata { get }
  /// What the reader skipped on its way, as counts for the report (`analyze` prints them
  /// under `reader`, `skipped` in the table); empty for a format that skips nothing.
  /// Complete once `next()` has returned nil.
  var notes: [JSONMember] { get }
  /// What the file made the reader assume that changes what the numbers mean (an NMEA log
  /// dated from its file's time), without the `strider: warning: PATH:` prefix. Complete
  /// once `next()` has returned nil.
  var warnings: [String] { get }
  /// What the device counted itself (FIT sessions, TCX laps), nil for a format that does
  /// not say. Complete once `next()` has returned nil.
  var deviceTotals: DeviceTotals? { get }
  /// The laps the device recorded (TCX `<Lap>`s), nil for a format that does not say or a
  /// file of one lap. Complete once `next()` has returned nil.
  var recordedLaps: RecordedLaps? { get }
  /// The next fix, or nil at the end of the stream.
  mutating func next() throws(FormatError) -> Fix?
}

extension FixReader {
  public var notes: [JSONMember] { [] }
  public var warnings: [String] { [] }
  public var deviceTotals: DeviceTotals? { nil }
  public var recordedLaps: RecordedLaps? { nil }

  /// Reads every remaining fix into an array (convenient for small files and tests).
  public mutating func readAll() throws(FormatError) -> [Fix] {
    var fixes: [Fix] = []
    while let fix = try next() { fixes.append(fix) }
    return fixes
  }
}
