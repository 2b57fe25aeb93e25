import Foundation
import StriderApp
import StriderCore
import StriderFormats
import StriderStore
import StriderTestSupport
import Testing

/// `analyze`'s job, called in process as the command calls it: a file's report, its
/// warnings said as they come, and the figures the same whether or not the engine follows
/// the file live.
@Suite struct FileAnalysisTests {
  static func analysis(
    activity: Activity? = nil, noFilter: Bool = false, followsLive: Bool? = nil,
    warnings: WarningLog = WarningLog()
  ) -> FileAnalysis {
    FileAnalysis(
      activity: activity, noFilter: noFilter, followsLive: followsLive,
      settings: UserSettings(), warn: { warnings.lines.append($0) })
  }

  final class WarningLog: @unchecked Sendable {
    var lines: [String] = []
  }

  static func demo(_ name: String) -> String {
    SharedData.packageRoot.appendingPathComponent("Demo/\(name)").path
  }

  /// A scratch file holding `text`.
  static func file(_ text: String, ext: String) throws -> String {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("strider-analysis-\(UUID().uuidString).\(ext)")
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }

  @Test func theDemoRunIsReportedWithItsActivityAndNoWarning() throws {
    let warnings = WarningLog()
    let report = try Self.analysis(warnings: warnings).analyze(Self.demo("park-run.gpx"))
    #expect(report.format == .gpx)
    #expect(report.summary.activity == .run)
    #expect(report.choice.source != .asked)
    #expect(report.summary.distance.value > 4_000 && report.summary.distance.value < 6_000)
    #expect(report.summary.splits.count >= 4)
    #expect(warnings.lines.isEmpty, "\(warnings.lines)")
    #expect(report.table.hasPrefix("file            \(Self.demo("park-run.gpx")) (gpx)"))
    guard case .object(let members) = report.json(live: false) else {
      Issue.record("the JSON is an object")
      return
    }
    #expect(members.first?.key == "file" && members.contains { $0.key == "activity_source" })
  }

  @Test func theFiguresAreTheSameWhetherOrNotTheEngineFollowsLive() throws {
    for name in ["park-run.gpx", "park-walk.gpx", "park-run.nmea"] {
      let followed = try Self.analysis(followsLive: true).analyze(Self.demo(name)).summary
      let finished = try Self.analysis(followsLive: false).analyze(Self.demo(name)).summary
      #expect(followed.distance == finished.distance, "\(name)")
      #expect(followed.moving == finished.moving, "\(name)")
      #expect(followed.splits == finished.splits, "\(name)")
      #expect(followed.pauses == finished.pauses, "\(name)")
    }
  }

  @Test func theActivityAskedForIsTheOneMeasured() throws {
    let report = try Self.analysis(activity: .walk).analyze(Self.demo("park-run.gpx"))
    #expect(report.summary.activity == .walk)
    #expect(report.choice.source == .asked)
  }

  @Test func noFilterGivesTheRawLength() throws {
    let raw = try Self.analysis(noFilter: true).analyze(Self.demo("park-run.gpx")).summary
    let filtered = try Self.analysis().analyze(Self.demo("park-run.gpx")).summary
    #expect(raw.isRaw && !filtered.isRaw)
    #expect(raw.distance > filtered.distance, "raw GPS noise adds length")
  }

  @Test func aFileWithoutAFixIsSaidEmptyAndUntimedPointsAreSaidUntimed() throws {
    let empty = try Self.file(
      "<?xml version=\"1.0\"?><gpx version=\"1.1\" creator=\"t\"><trk><trkseg></trkseg></trk></gpx>",
      ext: "gpx")
    defer { try? FileManager.default.removeItem(atPath: empty) }
    let warnings = WarningLog()
    let report = try Self.analysis(warnings: warnings).analyze(empty)
    #expect(report.summary.pointsIn == 0)
    #expect(warnings.lines.count == 1)
    #expect(warnings.lines.first?.hasPrefix("strider: warning: \(empty): ") == true)

    var points = ""
    for k in 0..<20 {
      points += "<trkpt lat=\"52.\(5000 + k * 3)\" lon=\"13.4\"></trkpt>"
    }
    let untimed = try Self.file(
      "<?xml version=\"1.0\"?><gpx version=\"1.1\" creator=\"t\"><trk><trkseg>\(points)"
        + "</trkseg></trk></gpx>", ext: "gpx")
    defer { try? FileManager.default.removeItem(atPath: untimed) }
    let said = WarningLog()
    let distance = try Self.analysis(warnings: said).analyze(untimed)
    #expect(distance.summary.distance.value > 0)
    #expect(distance.warnings.contains { $0.contains("no fix has a time") })
    #expect(said.lines.contains { $0.contains("no fix has a time") })
  }

  @Test func garbageIsAFormatErrorNamingTheFile() throws {
    let garbage = try Self.file("this is not a GPS file\n\u{1}\u{2}\u{3}", ext: "gpx")
    defer { try? FileManager.default.removeItem(atPath: garbage) }
    #expect(throws: FormatError.self) { try Self.analysis().analyze(garbage) }
  }
}
