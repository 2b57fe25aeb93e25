/// What a gpsd JSON file held besides the fixes.
public struct GPSDStatistics: Sendable, Equatable {
  /// Physical lines read.
  public var lines = 0
  /// TPV reports turned into fixes (every mode, no-fix ones included).
  public var tpv = 0
  /// Reports of other classes, skipped, by class name (VERSION, DEVICES, SKY, PPS, ...).
  public var skipped: [String: Int] = [:]
  /// Lines that are not JSON at all (the raw NMEA lines gpsd's `.chk` files interleave).
  public var nonJSONLines = 0
  /// Lines that start like JSON but are malformed or have no `class`.
  public var malformed = 0
  /// Device paths named by TPV, DEVICE and DEVICES reports, in order of first mention.
  public var devices: [String] = []
  /// GPS week-number rollovers undone: jumps of 1024 weeks in the TPV times.
  public var weekRollovers = 0

  public init() {}

  /// Every skipped report, whatever its class.
  public var skippedReports: Int { skipped.values.reduce(0, +) }
}
