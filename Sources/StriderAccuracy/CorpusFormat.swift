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
  /// TCX as a watch writes it: position, altitude and time, and the receiver's speed in
  /// Garmin's activity extension when it measured it, without a course; no fix mode, HDOP
  /// or accuracy (TCX has none). The engine has to find the speed's direction itself, as
  /// it does for a watch's TCX or FIT.
  case tcx

  /// The file name extension.
  public var fileExtension: String {
    switch self {
    case .gpx: "gpx"
    case .gpsdJSON: "json"
    case .nmea: "nmea"
    case .gpxSpeed: "speed.gpx"
    case .tcx: "tcx"
    }
  }

  /// Whether the file carries the receiver's Doppler speed where the case has one.
  public var carriesSpeed: Bool { self != .gpx }

  /// Whether the file carries what the receiver said of its accuracy (HDOP, eph or GST):
  /// a TCX has nothing of it, so its distance is no disagreement between formats that
  /// carry the same fixes (`CaseResult.formatSpread`).
  public var carriesAccuracy: Bool { self != .tcx }

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
    case .tcx:
      CorpusFormat.writeTCX(fixes, activity: activity, to: &out)
    }
    return out
  }

  /// One activity of one lap, as a watch writes it; the lap's distance is the fixes' raw
  /// length (what a watch's odometer would say without its own smoothing).
  private static func writeTCX(_ fixes: [Fix], activity: Activity, to out: inout String) {
    let times = fixes.compactMap(\.time)
    guard let first = times.first, let last = times.last else { return }
    let sport =
      switch activity {
      case .run: "Running"
      case .ride: "Biking"
      default: "Other"
      }
    let length = Geodesy.length(of: fixes.compactMap(\.coordinate)).value
    out.reserveCapacity(fixes.count * 330)
    out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out +=
      "<TrainingCenterDatabase xmlns=\"http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2\""
      + " xmlns:ns3=\"http://www.garmin.com/xmlschemas/ActivityExtension/v2\">\n"
    out += "<Activities><Activity Sport=\"\(sport)\"><Id>\(first.iso8601)</Id>\n"
    out += "<Lap StartTime=\"\(first.iso8601)\">"
    out += "<TotalTimeSeconds>\(last.secondsSince1970 - first.secondsSince1970)</TotalTimeSeconds>"
    out += "<DistanceMeters>\(length)</DistanceMeters><Calories>0</Calories>"
    out += "<Intensity>Active</Intensity><TriggerMethod>Manual</TriggerMethod><Track>\n"
    for fix in fixes {
      guard let time = fix.time else { continue }
      out += "<Trackpoint><Time>\(time.iso8601)</Time>"
      if let c = fix.coordinate {
        out += "<Position><LatitudeDegrees>\(c.latitude)</LatitudeDegrees>"
        out += "<LongitudeDegrees>\(c.longitude)</LongitudeDegrees></Position>"
      }
      if let altitude = fix.altitude { out += "<AltitudeMeters>\(altitude.value)</AltitudeMeters>" }
      if let speed = fix.speed {
        out += "<Extensions><ns3:TPX><ns3:Speed>\(speed.value)</ns3:Speed></ns3:TPX></Extensions>"
      }
      out += "</Trackpoint>\n"
    }
    out += "</Track></Lap></Activity></Activities></TrainingCenterDatabase>\n"
  }
}
