import Foundation
import StriderTestSupport
import Testing

/// `analyze` on the TCX recordings in ../shared/data/tcx, beside gpxpy's answers
/// (`reference-gpxpy.json`: TCX read into gpxpy with one segment per <Track>, trackpoints
/// without a position skipped) and the device's own lap totals.
@Suite(.offCooperativePool) struct TCXConformanceEndToEndTests {
  /// Files whose filtered distance may differ from gpxpy's raw sum by more than 2.5 %.
  static let explained: [String: String] = [
    "gc-20090109.tcx":
      "an indoor ride: 1378 of 1439 trackpoints have no position and the 61 that do are scattered; the device's own laps say 239 m, gpxpy's raw sum of the scatter 384 m"
  ]

  @Test(.enabled(if: SharedData.isPresent, SharedData.absent))
  func everyTCXReadsWithFiguresBesideGpxpy() throws {
    let url = try #require(SharedData.file("reference-gpxpy.json"))
    let references =
      try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] ?? [:]
    let files = SharedData.files(in: "tcx", withExtension: "tcx")
    #expect(files.count >= 8)
    print("file             strider m  gpxpy m  laps m    diff  moving s  gpxpy s  no_fix")
    for file in files {
      let name = file.lastPathComponent
      let reference = try #require(references[name] as? [String: Any])
      let native = try #require(reference["tcx_native"] as? [String: Any])
      let result = InProcess.run(["analyze", "--format", "json", file.path])
      #expect(result.status == 0, "\(name): \(result.stderr)")
      let line = result.stdout.split(separator: "\n").first ?? ""
      let report =
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
      #expect(report["format"] as? String == "tcx")
      let distance = try #require(report["distance_m"] as? Double)
      let gpxpy = try #require(reference["length_2d_m"] as? Double)
      let laps = native["lap_distance_m"] as? Double ?? 0
      let moving = report["moving_s"] as? Double ?? 0
      let gpxpyMoving = reference["moving_time_s"] as? Double ?? 0
      let rejected = report["rejected"] as? [String: Int] ?? [:]
      let total = try #require(native["trackpoints_total"] as? Int)
      let withoutPosition = try #require(native["trackpoints_without_position"] as? Int)
      #expect(report["points_in"] as? Int == total, "\(name): every trackpoint is read")
      #expect(
        rejected["no_fix"] == withoutPosition,
        "\(name): trackpoints without a position are kept as no-fix records")
      let diff = (distance - gpxpy) / gpxpy
      print(
        String(
          format: "%-16@ %9.0f %8.0f %8.0f %+6.1f%% %8.0f %8.0f %6d", name, distance, gpxpy,
          laps, diff * 100, moving, gpxpyMoving, withoutPosition))
      if let why = Self.explained[name] {
        print("  \(name): \(why)")
      } else {
        #expect(abs(diff) <= 0.025, "\(name): \(distance) m against gpxpy's \(gpxpy) m")
        #expect(abs(moving - gpxpyMoving) <= max(60, 0.02 * gpxpyMoving), "\(name): moving time")
      }
    }
  }
}
