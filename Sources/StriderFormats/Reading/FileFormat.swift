/// The file formats Strider knows by name.
public enum FileFormat: String, Sendable, CaseIterable {
  /// GPS Exchange Format 1.0 and 1.1 (https://www.topografix.com/GPX/1/1/).
  case gpx
  /// Garmin Training Center XML.
  case tcx
  /// NMEA 0183 sentence logs.
  case nmea
  /// gpsd JSON reports, one per line (`gpspipe -w`, gpsd_json(5)).
  case gpsdJSON = "gpsd_json"

  /// The formats that can be read today.
  public static let readable: [FileFormat] = [.gpx, .tcx, .nmea, .gpsdJSON]
}
