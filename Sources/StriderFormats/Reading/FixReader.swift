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
  /// Appends the next fixes to `fixes` until it holds `limit` of them; false once the
  /// stream has ended. The fixes are `next()`'s, and on an error those before it are
  /// appended. A reader may make each fix in place here, where `next()` hands each out
  /// through several copies (a fifth of the GPX reader's time).
  mutating func read(into fixes: inout [Fix], upTo limit: Int) throws(FormatError) -> Bool
}

extension FixReader {
  public var notes: [JSONMember] { [] }
  public var warnings: [String] { [] }
  public var deviceTotals: DeviceTotals? { nil }
  public var recordedLaps: RecordedLaps? { nil }

  public mutating func read(into fixes: inout [Fix], upTo limit: Int) throws(FormatError) -> Bool {
    while fixes.count < limit {
      guard let fix = try next() else { return false }
      fixes.append(fix)
    }
    return true
  }

  /// Reads every remaining fix into an array (convenient for small files and tests).
  public mutating func readAll() throws(FormatError) -> [Fix] {
    var fixes: [Fix] = []
    while let fix = try next() { fixes.append(fix) }
    return fixes
  }
}
