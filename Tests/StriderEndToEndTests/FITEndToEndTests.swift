import Foundation
import StriderTestSupport
import Testing

/// FIT files through the real binary: `analyze` and `sessions import` take them like any
/// other format, by content or by extension.
@Suite struct FITEndToEndTests {
  static func json(_ text: String) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(object as? [String: Any])
  }

  @Test(.enabled(if: SharedData.isPresent, SharedData.absent))
  func analyzeReadsAFITRide() throws {
    let file = try #require(SharedData.file("fit/gb-edge800.fit"))
    let result = try StriderBinary.run(["analyze", "--format", "json", file.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.crashed)
    let report = try Self.json(result.stdout)
    #expect(report["format"] as? String == "fit")
    #expect(report["activity"] as? String == "ride", "the session's sport is declared")
    #expect(report["points_in"] as? Int == 1286)
    #expect(report["fixes_with_position"] as? Int == 1286)
    let reader = try #require(report["reader"] as? [String: Any])
    #expect(reader["records"] as? Int == 1286 && reader["sessions"] as? Int == 1)
  }

  @Test(.enabled(if: SharedData.isPresent, SharedData.absent))
  func brokenFilesSayWhereAndWhy() throws {
    let crc = try #require(SharedData.file("fit/fp-activity-filecrc.fit"))
    let warned = try StriderBinary.run(["analyze", crc.path])
    #expect(warned.status == 0, "a bad CRC is a warning: \(warned.stderr)")
    #expect(warned.stderr.contains("warning: \(crc.path): byte 769: the file CRC is 0xB1D5"))

    let header = try #require(SharedData.file("fit/fp-activity-settings-corruptheader.fit"))
    let failed = try StriderBinary.run(["analyze", header.path])
    #expect(failed.status == 1 && !failed.crashed)
    #expect(failed.stderr.contains("error: \(header.path): byte 771: not a FIT file header"))
  }

  @Test(.enabled(if: SharedData.isPresent, SharedData.absent))
  func sessionsImportTakesFIT() throws {
    let file = try #require(SharedData.file("fit/fp-garmin-fenix-5-walk.fit"))
    let environment = StriderBinary.isolatedEnvironment()
    let imported = try StriderBinary.run(
      ["sessions", "import", file.path], environment: environment)
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdout.contains("session 1, walk, 17 fixes"), "\(imported.stdout)")
    let list = try StriderBinary.run(["sessions", "list"], environment: environment)
    #expect(list.stdout.contains("fp-garmin-fenix-5-walk.fit"))
  }
}
