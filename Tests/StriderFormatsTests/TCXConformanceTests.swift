import Foundation
import StriderCore
import StriderFormats
import StriderTestSupport
import Testing

/// The real recordings in `../shared/data/tcx`, checked against the data README and the
/// TCX-native answers in `reference-gpxpy.json` (read with ElementTree, one segment per
/// `<Track>`; the reader goes on across a lap, so the raw length is compared lap by lap).
@Suite("TCX conformance on real files")
struct TCXConformanceTests {
  struct Listed: Sendable, CustomTestStringConvertible {
    var file: String
    var points: Int
    var withPosition: Int
    var tracks: Int
    var laps: Int
    /// Every lap of these files follows the one before within 6 s: one stretch per
    /// activity.
    var segments: Int
    var sports: [String]
    var testDescription: String { file }
  }

  /// Trackpoints (with a position), Track elements, laps and sports, as in the data README.
  static let listed: [Listed] = [
    Listed(
      file: "gb-bike.tcx", points: 1812, withPosition: 1812, tracks: 2, laps: 2,
      segments: 1,
      sports: ["Biking"]),
    Listed(
      file: "gb-laps.tcx", points: 943, withPosition: 928, tracks: 14, laps: 14,
      segments: 1,
      sports: ["Running"]),
    Listed(
      file: "gc-20081228.tcx", points: 6653, withPosition: 6568, tracks: 3, laps: 3,
      segments: 1,
      sports: ["Biking"]),
    Listed(
      file: "gc-20090919.tcx", points: 1863, withPosition: 1863, tracks: 1, laps: 1,
      segments: 1,
      sports: ["Biking"]),
    Listed(
      file: "gc-multi.tcx", points: 1893, withPosition: 1325, tracks: 4, laps: 4,
      segments: 4,
      sports: ["Running", "Biking", "Running", "Biking"]),
    Listed(
      file: "gc-10k.tcx", points: 686, withPosition: 686, tracks: 11, laps: 11,
      segments: 1,
      sports: ["Running"]),
    Listed(
      file: "tp-run.tcx", points: 384, withPosition: 383, tracks: 3, laps: 3,
      segments: 1,
      sports: ["Running"]),
    Listed(
      file: "gc-20090109.tcx", points: 1439, withPosition: 61, tracks: 1, laps: 1,
      segments: 1,
      sports: ["Biking"]),
  ]

  struct Read {
    var fixes: [Fix]
    var metadata: TrackMetadata
    var laps: [TCXLap]
    var sports: [String]
  }

  static func read(_ file: String) throws -> Read? {
    guard let url = SharedData.file("tcx/\(file)") else { return nil }
    var reader = TCXReader(source: try FileByteSource(path: url.path), fileName: url.path)
    let fixes = try reader.readAll()
    return Read(
      fixes: fixes, metadata: reader.metadata, laps: reader.laps, sports: reader.sports)
  }

  static func gpxpy(_ file: String) -> [String: Any]? {
    guard let url = SharedData.file("reference-gpxpy.json"), let data = try? Data(contentsOf: url),
      let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    else { return nil }
    return json[file] as? [String: Any]
  }

  /// The raw length as the reference measures it: ellipsoidal steps between consecutive
  /// positioned fixes of a `<Track>` (fixes without a position are stepped over, as gpxpy
  /// never sees them). `tracks`: the Track of each trackpoint, in order.
  static func rawLength(_ fixes: [Fix], tracks: [Int]) -> Double {
    var total = 0.0
    var previous: Fix?
    for fix in fixes {
      guard let coordinate = fix.coordinate else { continue }
      if let last = previous, tracks[last.origin.index] == tracks[fix.origin.index],
        let from = last.coordinate
      {
        total += Geodesy.distanceMeters(from, coordinate)
      }
      previous = fix
    }
    return total
  }

  /// The `<Track>` each `<Trackpoint>` of a file is in, counted from 0 in document order.
  static func tracks(_ file: String) throws -> [Int] {
    guard let url = SharedData.file("tcx/\(file)") else { return [] }
    let text = try String(contentsOf: url, encoding: .utf8)
    var track = -1
    var tracks: [Int] = []
    for match in text.matches(of: /<(?:\w+:)?Track(point)?>/) {
      if match.output.1 == nil { track += 1 } else { tracks.append(track) }
    }
    return tracks
  }

  @Test(.enabled(if: SharedData.isPresent, SharedData.absent)) func everyFileInTheFolderIsListed() {
    let files = SharedData.files(in: "tcx", withExtension: "tcx").map(\.lastPathComponent)
    guard !files.isEmpty else { return SharedData.missing("everyFileInTheFolderIsListed") }
    #expect(Set(files) == Set(Self.listed.map(\.file)))
  }

  @Test(.enabled(if: SharedData.isPresent, SharedData.absent), arguments: listed)
  func countsMatchTheReadme(_ listed: Listed) throws {
    guard let read = try Self.read(listed.file) else { return SharedData.missing(listed.file) }
    let fixes = read.fixes
    #expect(fixes.count == listed.points)
    #expect(fixes.filter { $0.coordinate != nil }.count == listed.withPosition)
    #expect(fixes.filter { $0.coordinate == nil }.allSatisfy { $0.mode == .noFix })
    #expect(fixes.filter { $0.coordinate != nil }.allSatisfy { $0.mode == .unknown })
    #expect(fixes.allSatisfy { $0.horizontalAccuracy == nil })
    #expect(fixes.allSatisfy { $0.time != nil }, "every trackpoint of these files has a time")
    #expect((fixes.last?.segment ?? -1) + 1 == listed.segments, "one stretch per activity")
    #expect(fixes.map(\.segment) == fixes.map(\.segment).sorted(), "segments only grow")
    #expect(fixes.map(\.origin.index) == Array(0..<fixes.count))
    #expect(read.laps.count == listed.laps)
    #expect(read.sports == listed.sports)
    #expect(read.metadata.typeText == listed.sports.first)
    #expect(
      read.metadata.declaredActivity
        == TrackMetadata.activity(fromTypeText: listed.sports.first ?? ""))
    #expect(read.metadata.name != nil, "every file has an Activity Id")
    #expect(read.metadata.creator != nil, "every file names its device")
  }

  @Test(.enabled(if: SharedData.isPresent, SharedData.absent), arguments: listed)
  func nativeTotalsMatchTheReference(_ listed: Listed) throws {
    guard let read = try Self.read(listed.file),
      let native = Self.gpxpy(listed.file)?["tcx_native"] as? [String: Any]
    else { return SharedData.missing(listed.file) }
    let fixes = read.fixes
    #expect(native["trackpoints_total"] as? Int == fixes.count)
    #expect(
      native["trackpoints_without_position"] as? Int
        == fixes.filter { $0.coordinate == nil }.count)
    #expect(native["track_elements"] as? Int == listed.tracks)
    #expect(native["laps"] as? Int == read.laps.count)
    #expect(native["sports"] as? [String] == read.sports)
    #expect(
      native["lap_calories"] as? Int == Int(read.laps.compactMap(\.calories?.value).reduce(0, +)))
    // The reference rounds sums to three decimals: half a unit of the last place, plus the
    // floating-point slack of summing a dozen values.
    let tolerance = 0.0005 + 1e-6
    let time = try #require(native["lap_total_time_s"] as? Double)
    #expect(abs(read.laps.compactMap(\.totalTime?.value).reduce(0, +) - time) <= tolerance)
    let distance = try #require(native["lap_distance_m"] as? Double)
    #expect(abs(read.laps.compactMap(\.distance?.value).reduce(0, +) - distance) <= tolerance)
    let maxDistance = try #require(native["max_trackpoint_distance_m"] as? Double)
    #expect(abs((fixes.compactMap(\.deviceDistance?.value).max() ?? 0) - maxDistance) <= tolerance)
  }

  @Test(.enabled(if: SharedData.isPresent, SharedData.absent), arguments: listed.map(\.file))
  func timeBoundsMatchGpxpy(file: String) throws {
    guard let read = try Self.read(file), let gpxpy = Self.gpxpy(file) else {
      return SharedData.missing(file)
    }
    // gpxpy saw only the positioned trackpoints; its times are whole seconds here.
    let times = read.fixes.filter { $0.coordinate != nil }.compactMap(\.time)
    let start = try #require((gpxpy["start_time"] as? String).flatMap(time))
    let end = try #require((gpxpy["end_time"] as? String).flatMap(time))
    #expect(times.min() == start)
    #expect(times.max() == end)
    #expect(gpxpy["points"] as? Int == times.count)
  }

  /// Our raw length against geographiclib's exact geodesics: 0.05 % leaves room for the
  /// local-radii approximation (1e-5 relative) and nothing like a lost or doubled step.
  @Test(.enabled(if: SharedData.isPresent, SharedData.absent), arguments: listed.map(\.file))
  func rawLengthMatchesGeodesic(file: String) throws {
    guard let read = try Self.read(file), let gpxpy = Self.gpxpy(file) else {
      return SharedData.missing(file)
    }
    let geodesic = try #require(gpxpy["geodesic_length_2d_m"] as? Double)
    let tracks = try Self.tracks(file)
    #expect(tracks.count == read.fixes.count)
    #expect(Set(tracks).count == Self.listed.first { $0.file == file }?.tracks)
    let ours = Self.rawLength(read.fixes, tracks: tracks)
    let relative = abs(ours - geodesic) / geodesic
    let laps = read.laps.compactMap(\.distance?.value).reduce(0, +)
    print(
      "CONFORMANCE \(file) points=\(read.fixes.count) "
        + "positioned=\(read.fixes.filter { $0.coordinate != nil }.count) "
        + "segments=\((read.fixes.last?.segment ?? -1) + 1) laps=\(read.laps.count) "
        + "raw=\(String(format: "%.3f", ours)) m geodesic=\(geodesic) m "
        + "relative=\(String(format: "%.2e", relative)) lapDistance=\(String(format: "%.1f", laps)) m"
    )
    #expect(relative < 0.0005, "\(file): \(ours) m vs geodesic \(geodesic) m")
  }

  @Test(.enabled(if: SharedData.isPresent, SharedData.absent)) func multiSportBikeLegsAreTimeOnly()
    throws
  {
    guard let read = try Self.read("gc-multi.tcx") else {
      return SharedData.missing("multiSportBikeLegsAreTimeOnly")
    }
    let bySegment = Dictionary(grouping: read.fixes, by: \.segment)
    // Segments 1 and 3 are the Biking activities: no Position anywhere in them.
    #expect(bySegment[1]?.allSatisfy { $0.coordinate == nil && $0.mode == .noFix } == true)
    #expect(bySegment[3]?.allSatisfy { $0.coordinate == nil } == true)
    #expect(bySegment[0]?.contains { $0.coordinate != nil } == true)
    #expect(read.metadata.declaredActivity == .run, "the first sport")
  }
}
