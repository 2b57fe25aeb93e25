import Foundation
import StriderTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 49: Ctrl-C, SIGTERM or SIGHUP during `sessions export -o` left the hidden
/// temporary file `.NAME.strider-XXXXXX` (10-19 MB) beside the target. Each signal now
/// removes it, and the export still ends by the signal, as the shell expects.
@Suite(.serialized, .offCooperativePool) struct ExportSignalEndToEndTests {
  @Test func aSignalDuringAnExportLeavesNoTemporaryFile() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let home = dir.appendingPathComponent("data")
    let big = dir.appendingPathComponent("big.gpx")
    try ConcurrencyDrillTests.writeGPX(count: 100_000, start: 1_700_000_000, to: big)
    let imported = try StriderBinary.run(
      ["sessions", "import", big.path], environment: ["STRIDER_HOME": home.path])
    #expect(imported.status == 0, "\(imported.stderr)")
    let out = dir.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    for (k, number) in [SIGINT, SIGTERM, SIGHUP].enumerated() {
      let name = "export-\(k).gpx"
      let process = LiveGPSDEndToEndTests.unblockedProcess(
        StriderBinary.url.path,
        [
          "sessions", "export", "1", "--points", "raw", "-o", out.appendingPathComponent(name).path,
        ],
        environment: ["STRIDER_HOME": home.path])
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      var caught = false
      while process.isRunning && !caught {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []
        if names.contains(where: { $0.hasPrefix(".\(name).strider-") }) {
          kill(process.processIdentifier, number)
          caught = true
        } else {
          usleep(500)
        }
      }
      process.waitUntilExit()
      #expect(caught, "signal \(number): the export ended before its temporary file was seen")
      let left = try FileManager.default.contentsOfDirectory(atPath: out.path)
      #expect(
        !left.contains { $0.hasPrefix(".") }, "signal \(number) left a temporary file: \(left)")
      guard caught else { continue }
      // Unless it had just finished (and renamed its file into place), the signal ended it.
      let finished = FileManager.default.fileExists(atPath: out.appendingPathComponent(name).path)
      #expect(
        finished || process.terminationReason == .uncaughtSignal,
        "signal \(number) ends the export")
    }
  }
}
