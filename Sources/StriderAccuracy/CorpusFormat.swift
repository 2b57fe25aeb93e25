import StriderCore
import StriderFormats

/// The ways the corpus writes the same fixes, as the devices that make such files do.
public enum CorpusFormat: String, Sendable, Hashable, CaseIterable {
  /// GPX 1.1 as a logger writes it: position, elevation, time, fix mode, satellites and
  /// HDOP; no speed, course or accuracy in metres (GPX has none).
  case gpx
  /// gpsd JSON (`gpspipe -w`): TPV reports with gpsd 3.22's `eph` (HDOP × 19 m) and the
  /// receiver's Doppler `speed` and `track` when it measured them.
  case gpsdJSON = "gpsd_json"
  /// NMEA 0183 as a receiver sends it: GGA, RMC (speed and course when measured), GSA and
  /// GST (`NMEAWriter`).
  case nmea
  /// GPX 1.1 as a watch writes it: as `gpx`, with the receiver's speed and course in each
  /// point's extensions when it measured them (Strider's export and Garmin's
  /// TrackPointExtension carry them so). Where the case has no Doppler it is `gpx`.
  case gpxSpeed = "gpx_speed"

  /// The file name extension.
  public var fileExtension: String {
    switch self {
    case .gpx: "gpx"
    case .gpsdJSON: "json"
    case .nmea: "nmea"
    case .gpxSpeed: "speed.gpx"
    }
  }

  /// Whether the file carries the receiver's Doppler speed where the case has one.
  public var carriesSpeed: Bool { self != .gpx }

  /// The file's text for a list of fixes of one activity.
  public func text(for fixes: [Fix], activity: Activity, name: String) -> String {
    var out = ""
    switch self {
    case .gpx, .gpxSpeed:
      let plain = fixes.map { fix in
        var f = fix
        if self == .gpx {
          f.speed = nil
          f.course = nil
        }
        f.horizontalAccuracy = nil
        f.verticalAccuracy = nil
        return f
      }
      GPXWriter.write(
        plain, metadata: TrackMetadata(name: name, declaredActivity: activity),
        style: .full, to: &out)
    case .gpsdJSON:
      GPSDWriter.write(fixes, to: &out)
    case .nmea:
      out.reserveCapacity(fixes.count * 300)
      for fix in fixes {
        for sentence in NMEAWriter.sentences(for: fix) { out += sentence }
      }
    }
    return out
  }
}
