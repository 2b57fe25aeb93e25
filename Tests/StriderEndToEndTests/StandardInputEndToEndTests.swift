import Foundation
import StriderTestSupport
import Testing

/// Issue 54: `-` names standard input, as every Unix tool takes it (`analyze -` said
/// "cannot open"). A GPX piped in, gzipped or not, gives what the file gives, to `analyze`,
/// `replay` and `sessions import`.
@Suite(.offCooperativePool) struct StandardInputEndToEndTests {
  static func distance(_ stdout: String) -> Double? {
    let line = stdout.split(separator: "\n").last { $0.contains("\"distance_m\"") }
    guard let line,
      let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    else { return nil }
    return object["distance_m"] as? Double
  }

  @Test func aDashReadsStandardInput() throws {
    let path = SharedData.packageRoot.appendingPathComponent("Demo/park-run.gpx").path
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    let fromFile = try StriderBinary.run(["analyze", "--format", "json", path])
    let expected = try #require(Self.distance(fromFile.stdout))
    let piped = try StriderBinary.run(["analyze", "--format", "json", "-"], stdin: bytes)
    #expect(piped.status == 0, "\(piped.stderr)")
    #expect(Self.distance(piped.stdout) == expected)
    #expect(piped.stdout.contains("\"file\":\"-\""))
    let replayed = try StriderBinary.run(
      ["replay", "-", "--headless", "--speed", "max"], stdin: bytes)
    #expect(replayed.status == 0, "\(replayed.stderr)")
    #expect(Self.distance(replayed.stdout) == expected)
    let home = try StriderBinary.temporaryDirectory()
    let imported = try StriderBinary.run(
      ["sessions", "import", "-"], environment: ["STRIDER_HOME": home.path], stdin: bytes)
    #expect(imported.status == 0 && imported.stdout.contains("-: session 1"), "\(imported)")
    let empty = try StriderBinary.run(["analyze", "-"], stdin: Data())
    #expect(empty.status == 1 && empty.stderr.contains("-: the file is empty"))
  }

  /// `-o -` is standard output where a file is written (it made a file named `-`).
  @Test func aDashWritesStandardOutput() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let simulated = try StriderBinary.shell(
      "cd '\(dir.path)' && \"$STRIDER\" simulate --length 300 --seed 3 -o - | head -c 200")
    #expect(simulated.status == 0, "\(simulated.stderr)")
    #expect(simulated.stdout.hasPrefix("<?xml"))
    let home = dir.appendingPathComponent("data").path
    _ = try StriderBinary.run(
      ["demo", "--headless", "--speed", "max", "--record"], environment: ["STRIDER_HOME": home])
    let exported = try StriderBinary.shell(
      "cd '\(dir.path)' && \"$STRIDER\" sessions export 1 --format csv -o - | head -1",
      environment: ["STRIDER_HOME": home])
    #expect(exported.status == 0, "\(exported.stderr)")
    #expect(exported.stdout.hasPrefix("session,seq,time,latitude"))
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("-").path))
  }
}
