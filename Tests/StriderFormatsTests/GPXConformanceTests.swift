import Foundation
import StriderCore
import StriderFormats
import StriderTestSupport
import Testing

/// The real recordings in `../shared/data/gpx`, checked against the data README and the
/// answers of gpxpy and gpsbabel.
@Suite("GPX conformance on real files")
struct GPXConformanceTests {
  /// Points, tracks and segments per file, as listed in the data README.
  static let listed: [(file: String, points: Int, tracks: Int, segments: Int)] = [
    ("gb-edge800.gpx", 1286, 1, 8), ("gb-fr10.gpx", 514, 1, 7), ("gb-wahoo.gpx", 1101, 1, 4),
    ("gb-mainnav.gpx", 9006, 1, 1), ("gb-skyreal.gpx", 271, 1, 1), ("gb-m241.gpx", 1199, 1, 1),
    ("gb-cetus.gpx", 1937, 1, 1), ("gb-vitovtt.gpx", 1866, 1, 1), ("gb-gdb.gpx", 747, 9, 9),
    ("px-korita.gpx", 871, 4, 4), ("px-cerknica.gpx", 296, 8, 8), ("px-visnjan.gpx", 104, 1, 1),
    ("gc-gpsvis.gpx", 5935, 1, 16), ("gc-move0117.gpx", 1405, 1, 1), ("gc-urban.gpx", 2870, 1, 3),
  ]

  static func reference(_ name: String) -> [String: Any]? {
    guard let url = SharedData.file(name), let data = try? Data(contentsOf: url) else { return nil }
    return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
  }

  static func read(_ file: String) throws -> [Fix]? {
    guard let url = SharedData.file("gpx/\(file)") else { return nil }
    var reader = try FixFileReader.open(path: url.path)
    #expect(reader.format == .gpx)
    return try reader.readAll()
  }

  /// The raw length: ellipsoidal steps between consecutive positioned fixes of a segment.
  static func rawLength(_ fixes: [Fix]) -> Double {
    var total = 0.0
    var previous: Fix?
    for fix in fixes {
      guard let coordinate = fix.coordinate else { continue }
      if let last = previous, last.segment == fix.segment, let from = last.coordinate {
        total += Geodesy.distanceMeters(from, coordinate)
      }
      previous = fix
    }
    return total
  }

  @Test(.enabled(if: SharedData.isPresent, SharedData.absent)) func everyFileInTheFolderIsListed() {
    let files = SharedData.files(in: "gpx", withExtension: "gpx").map(\.lastPathComponent)
    guard !files.isEmpty else { return SharedData.missing("everyFileInTheFolderIsListed") }
    #expect(Set(files) == Set(Self.listed.map(\.file)))
  }

  @Test(.enabled(if: SharedData.isPresent, SharedData.absent), arguments: listed)
  func countsMatchTheReadme(file: String, points: Int, tracks: Int, segments: Int) throws {
    guard let fixes = try Self.read(file) else { return SharedData.missing(file) }
    #expect(fixes.count == points)
    // Every <trkseg> takes a number, empty ones too (korita, cerknica and urban open with an
    // empty segment), so the last number tells the README's count; the points themselves
    // fall in at most that many segments.
    #expect((fixes.last?.segment ?? -1) + 1 == segments)
    #expect(Set(fixes.map(\.segment)).count <= segments)
    #expect(fixes.map(\.segment) == fixes.map(\.segment).sorted(), "segments only grow")
    let gpxpy = Self.reference("reference-gpxpy.json")?[file] as? [String: Any]
    #expect(gpxpy?["points"] as? Int == fixes.count)
    #expect(gpxpy?["segments"] as? Int == segments)
    #expect(gpxpy?["tracks"] as? Int == tracks)
    #expect(gpxpy?["points_with_time"] as? Int == fixes.filter { $0.time != nil }.count)
    #expect(gpxpy?["points_with_elevation"] as? Int == fixes.filter { $0.altitude != nil }.count)
  }

  @Test(.enabled(if: SharedData.isPresent, SharedData.absent), arguments: listed.map(\.file))
  func firstAndLastPointMatchGpsbabel(file: String) throws {
    guard let fixes = try Self.read(file),
      let babel = Self.reference("reference-gpsbabel.json")?[file] as? [String: Any]
    else { return SharedData.missing(file) }
    #expect(babel["trackpoints"] as? Int == fixes.count)
    for (fix, key) in [(fixes.first, "first"), (fixes.last, "last")] {
      let expected = try #require(babel[key] as? [String: String])
      let coordinate = try #require(fix?.coordinate)
      // gpsbabel prints six decimals: half a unit of the last place, plus rounding slack.
      let tolerance = 0.5e-6 + 1e-9
      let latitude = try #require(Double(expected["Latitude"] ?? ""))
      let longitude = try #require(Double(expected["Longitude"] ?? ""))
      #expect(abs(coordinate.latitude - latitude) <= tolerance)
      #expect(abs(coordinate.longitude - longitude) <= tolerance)
      if let altitude = expected["Altitude"].flatMap(Double.init) {
        // gpsbabel prints one decimal of the altitude.
        #expect(abs((fix?.altitude?.value ?? .nan) - altitude) <= 0.05 + 1e-9)
      }
      if let date = expected["Date"], let clock = expected["Time"] {
        let text = date.replacingOccurrences(of: "/", with: "-") + "T" + clock + "Z"
        let want = try #require(time(text))
        let got = try #require(fix?.time, "\(file) \(key) has a time in gpsbabel's answer")
        // gpsbabel prints milliseconds when there are any.
        #expect(abs(got.secondsSince1970 - want.secondsSince1970) < 0.0005 + 1e-6)
      } else {
        #expect(fix?.time == nil, "\(file) \(key) point has no time in gpsbabel's answer")
      }
    }
  }

  @Test(.enabled(if: SharedData.isPresent, SharedData.absent), arguments: listed.map(\.file))
  func timeBoundsMatchGpxpy(file: String) throws {
    guard let fixes = try Self.read(file),
      let gpxpy = Self.reference("reference-gpxpy.json")?[file] as? [String: Any]
    else { return SharedData.missing(file) }
    let times = fixes.compactMap(\.time)
    let startText = try #require(gpxpy["start_time"] as? String)
    let endText = try #require(gpxpy["end_time"] as? String)
    let start = try #require(time(startText))
    let end = try #require(time(endText))
    // gpxpy keeps microseconds; both are printed to the millisecond.
    #expect(abs((times.first?.secondsSince1970 ?? 0) - start.secondsSince1970) < 0.001)
    #expect(abs((times.last?.secondsSince1970 ?? 0) - end.secondsSince1970) < 0.001)
  }

  /// Our raw length against geographiclib's exact geodesics: 0.05 % leaves room for the
  /// local-radii approximation (1e-5 relative) and nothing like a lost or doubled step.
  @Test(.enabled(if: SharedData.isPresent, SharedData.absent), arguments: listed.map(\.file))
  func rawLengthMatchesGeodesic(file: String) throws {
    guard let fixes = try Self.read(file),
      let gpxpy = Self.reference("reference-gpxpy.json")?[file] as? [String: Any]
    else { return SharedData.missing(file) }
    let geodesic = try #require(gpxpy["geodesic_length_2d_m"] as? Double)
    let ours = Self.rawLength(fixes)
    let relative = abs(ours - geodesic) / geodesic
    print(
      "CONFORMANCE \(file) raw=\(String(format: "%.3f", ours)) m geodesic=\(geodesic) m "
        + "relative=\(String(format: "%.2e", relative))")
    #expect(relative < 0.0005, "\(file): \(ours) m vs geodesic \(geodesic) m")
  }
}
