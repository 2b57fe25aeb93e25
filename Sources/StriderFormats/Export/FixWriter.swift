import StriderCore

/// A format fixes are written in as a receiver or a tracker writes them (`strider
/// simulate`), which its reader reads back. Registered in `FormatRegistry.fixWriters`, as
/// readers and session writers are: a new one is a conformance and a line there.
public protocol FixWriter: SendableMetatype {
  /// The format's name, as `simulate --format` takes it.
  static var fixFormat: String { get }
  /// What the format holds, where its name does not say ("JSON lines as gpspipe -w prints
  /// them"), for the option's help.
  static var fixFormatHelp: String? { get }
  /// Writes the fixes; `plain` asks for what most exports hold, where the format has a
  /// choice (GPX: position, elevation and whole-second times).
  static func write(_ fixes: [Fix], metadata: TrackMetadata, plain: Bool, to text: inout String)
}

extension GPXWriter: FixWriter {
  public static var fixFormat: String { "gpx" }
  public static var fixFormatHelp: String? { nil }

  public static func write(
    _ fixes: [Fix], metadata: TrackMetadata, plain: Bool, to text: inout String
  ) {
    write(fixes, metadata: metadata, style: plain ? .plain : .full, to: &text)
  }
}

extension NMEAWriter: FixWriter {
  public static var fixFormat: String { "nmea" }
  public static var fixFormatHelp: String? {
    "GGA, RMC, GSA and GST sentences, as a receiver sends them"
  }

  public static func write(
    _ fixes: [Fix], metadata: TrackMetadata, plain: Bool, to text: inout String
  ) {
    for fix in fixes { text += sentences(for: fix).joined() }
  }
}

extension GPSDWriter: FixWriter {
  public static var fixFormat: String { "gpsd" }
  public static var fixFormatHelp: String? { "JSON lines as gpspipe -w prints them" }

  public static func write(
    _ fixes: [Fix], metadata: TrackMetadata, plain: Bool, to text: inout String
  ) {
    write(fixes, to: &text)
  }
}
