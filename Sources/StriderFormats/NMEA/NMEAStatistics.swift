/// What an NMEA 0183 log held besides the fixes, so `analyze` can say what it skipped.
///
/// Every byte of the input is accounted for in one of these counts; none of them is an error
/// (an NMEA log with nothing usable gives no fixes, not a failure).
public struct NMEAStatistics: Sendable, Equatable {
  /// Physical lines read (LF, CR LF or a lone CR ends one).
  public var lines = 0
  /// Lines starting with `#` (the comments gpsd's test logs carry).
  public var commentLines = 0
  /// Sentences with a valid checksum, of any type.
  public var sentences = 0
  /// Sentences that contributed to a fix: GGA, RMC, GSA, GST, VTG, GLL, GNS, ZDA.
  public var used = 0
  /// Sentences whose checksum did not match their bytes (skipped).
  public var badChecksum = 0
  /// Sentences without a `*hh` checksum (skipped, as gpsd does), including sentences cut off
  /// at the end of a line.
  public var missingChecksum = 0
  /// Valid sentences of types Strider does not read (GSV, TXT, proprietary `$P...`, ...).
  public var ignoredTypes = 0
  /// Valid sentences of a known type whose fields made no sense (bad time, date, number).
  public var malformed = 0
  /// Lines with bytes outside any complete sentence: binary noise, NULs, debug text, a
  /// sentence cut off by the next `$`, stray bytes before a `$`.
  public var garbageLines = 0
  /// GPS week-number rollovers undone: jumps of 1024 weeks in the receiver's dates.
  public var weekRollovers = 0
  /// Epochs before the log's first date, dated backwards from a later RMC or ZDA.
  public var datedBackwards = 0
  /// Epochs dated from the file's modification time: the log gives no date at all.
  public var datedFromFileTime = 0
  /// Epochs with a time of day but no date from anywhere: their fixes have no time.
  public var undated = 0

  public init() {}
}
