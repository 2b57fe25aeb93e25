import StriderCore

extension GNSSTime {
  /// Whether this instant can be written as an RFC 3339 date-time, whose year has four
  /// digits (0000–9999): GPX's and TCX's `xsd:dateTime` as every reader takes it. A writer
  /// leaves any other time out (a point without a time) rather than write one no reader,
  /// Strider's own included, would take: a hostile file's time of 1e300 s reads as a time,
  /// but names the year 3170843.
  public var fitsRFC3339: Bool {
    // 0000-01-01T00:00:00Z and the last millisecond of 9999-12-31.
    (-62_167_219_200.0...253_402_300_799.999).contains(secondsSince1970)
  }
}
