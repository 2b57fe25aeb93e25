/// Every file format Strider reads and writes: one line a format.
///
/// A new format is a folder holding its reader (a `FormatReader`), its writer (a
/// `SessionWriter`) or both, and its line here. Opening a file (`FixFileReader`: sniffing,
/// extensions, open), `analyze`'s report, `sessions import`, `sessions export` and its
/// help, and the fuzz targets all go through these lists, like swift-argument-parser's
/// subcommand list: nothing else names the formats.
public enum FormatRegistry {
  /// The readers, in the order sniffing asks them whether a file is theirs.
  public static let readers: [any FormatReader.Type] = [
    GPXReader.self,
    TCXReader.self,
    GPSDJSONReader.self,
    NMEAReader.self,
    FITReader.self,
  ]

  /// The writers `sessions export --format` offers, in the order its help lists them.
  public static let writers: [any SessionWriter.Type] = [
    GPXWriter.self,
    TCXWriter.self,
    SessionJSONWriter.self,
    SessionCSVWriter.self,
    FITWriter.self,
  ]

  /// The formats `simulate` writes fixes in, in the order `--help` lists them.
  public static let fixWriters: [any FixWriter.Type] = [
    GPXWriter.self,
    NMEAWriter.self,
    GPSDWriter.self,
  ]

  /// The registered reader of a format, or nil when Strider cannot read it.
  public static func reader(for format: FileFormat) -> (any FormatReader.Type)? {
    readers.first { $0.format == format }
  }

  /// The registered writer of an export format, or nil when there is none.
  public static func writer(for format: ExportFormat) -> (any SessionWriter.Type)? {
    writers.first { $0.format == format }
  }

  /// The fix writer of this name, or nil.
  public static func fixWriter(named name: String) -> (any FixWriter.Type)? {
    fixWriters.first { $0.fixFormat == name }
  }

  /// The readable formats for people, as help texts list them: "GPX, TCX, gpsd JSON or
  /// NMEA 0183".
  public static var readableTitles: String { Self.list(readers.map { $0.title }) }

  /// Words as help texts list them: `a`, `a or b`, `a, b or c`.
  public static func list(_ words: [String]) -> String {
    guard words.count > 1, let last = words.last else { return words.first ?? "" }
    return words.dropLast().joined(separator: ", ") + " or " + last
  }
}
