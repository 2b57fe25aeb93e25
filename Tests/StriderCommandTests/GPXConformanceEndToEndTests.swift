import Foundation
import StriderTestSupport
import Testing

/// `analyze` on the real recordings in ../shared/data/gpx, beside gpxpy's answers.
@Suite(.offCooperativePool) struct GPXConformanceEndToEndTests {
  struct Reference {
    var geodesic: Double
    var gpxpyLength: Double
    var gpxpyMoving: Double?
  }

  static func references() throws -> [String: Reference]? {
    guard let url = SharedData.file("reference-gpxpy.json") else { return nil }
    let root = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
    var out: [String: Reference] = [:]
    for (name, value) in root ?? [:] {
      guard let entry = value as? [String: Any],
        let geodesic = entry["geodesic_length_2d_m"] as? Double,
        let length = entry["length_2d_m"] as? Double
      else { continue }
      out[name] = Reference(
        geodesic: geodesic, gpxpyLength: length, gpxpyMoving: entry["moving_time_s"] as? Double)
    }
    return out
  }

  static func analyze(_ path: String, _ extra: [String] = []) throws -> [String: Any] {
    let result = InProcess.run(["analyze", "--format", "json"] + extra + [path])
    #expect(result.status == 0, "\(path): \(result.stderr)")
    let line = result.stdout.split(separator: "\n").first ?? ""
    return (try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]) ?? [:]
  }

  /// `--no-filter` is the raw geodesic length within segments: within 0.05 % of the exact
  /// WGS84 geodesic sum (geographiclib) for every file.
  @Test(.enabled(if: SharedData.isPresent, SharedData.absent))
  func noFilterLengthMatchesTheExactGeodesic() throws {
    let refs = try #require(try Self.references())
    let files = SharedData.files(in: "gpx", withExtension: "gpx")
    #expect(files.count >= 15)
    for file in files {
      let reference = try #require(refs[file.lastPathComponent])
      let report = try Self.analyze(file.path, ["--no-filter"])
      let distance = try #require(report["distance_m"] as? Double)
      let relative = abs(distance - reference.geodesic) / reference.geodesic
      print(
        String(
          format: "no-filter %-18@ %12.2f m  geodesic %12.2f m  %.2e", file.lastPathComponent,
          distance, reference.geodesic, relative))
      #expect(relative <= 0.0005, "\(file.lastPathComponent): \(distance) vs \(reference.geodesic)")
    }
  }

  /// Why the filtered distance may differ from gpxpy's raw sum on a file, where it does by
  /// more than 2.5 %. Every other file must agree within 2.5 %.
  static let explained: [String: String] = [
    "gb-skyreal.gpx":
      "two recordings 8,738 km and 2.6 years apart in one segment: gpxpy sums the jump, Strider treats a silence of hours as a gap",
    "gb-vitovtt.gpx":
      "very noisy phone track of a slow mountain-bike ride (guessed hike): zig-zag scatter of several metres every second is noise, not distance",
    "px-cerknica.gpx":
      "a walk in 8 short tracks logged every 2 to 200 s, with drives at 6 to 9 m/s and position jumps of up to 180 m in 2 s in its fourth track: gpxpy sums the jumps and the scatter at the many stops, the smoothed track does not",
  ]

  @Test(.enabled(if: SharedData.isPresent, SharedData.absent))
  func filteredFiguresBesideGpxpy() throws {
    let refs = try #require(try Self.references())
    print("file               activity  strider m   gpxpy m   diff   moving s  gpxpy moving s")
    for file in SharedData.files(in: "gpx", withExtension: "gpx") {
      let name = file.lastPathComponent
      let reference = try #require(refs[name])
      let report = try Self.analyze(file.path)
      let distance = try #require(report["distance_m"] as? Double)
      let moving = report["moving_s"] as? Double ?? 0
      let diff = (distance - reference.gpxpyLength) / reference.gpxpyLength
      print(
        String(
          format: "%-18@ %-8@ %10.0f %10.0f %+6.1f%% %9.0f %9.0f", name,
          (report["activity"] as? String) ?? "?", distance, reference.gpxpyLength, diff * 100,
          moving, reference.gpxpyMoving ?? -1))
      if let why = Self.explained[name] {
        print("  \(name): \(why)")
      } else {
        #expect(
          abs(diff) <= 0.025, "\(name): \(distance) m against gpxpy's \(reference.gpxpyLength) m")
      }
      #expect(distance > 0 || name == "gb-skyreal.gpx")
    }
  }
}
