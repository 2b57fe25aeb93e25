import Foundation
import StriderTestSupport
import Testing

/// `strider analyze` reading a pipe, as only the binary can be given one: a pipe is judged
/// on a thread of its own, and must say what the file read in place says.
@Suite(.offCooperativePool) struct AnalyzePipeTests {
  /// A file of 256 KiB or more (or a pipe) is judged on a thread of its own beside the
  /// engine; a smaller one on the engine's thread. The same fixes through either path
  /// must give the same report, rejections and all.
  @Test(arguments: [("gpx", "run", "850"), ("nmea", "walk", "1200")])
  func theGateOnItsOwnThreadReportsWhatTheEnginesOwnGateReports(
    format: String, activity: String, length: String
  ) throws {
    let dir = try StriderBinary.temporaryDirectory()
    let file = dir.appendingPathComponent("faulty.\(format)").path
    let sim = try StriderBinary.run([
      "simulate", "--activity", activity, "--seed", "9", "--faults", "all", "--length", length,
      "--format", format, "-o", file,
    ])
    #expect(sim.status == 0, "simulate failed: \(sim.stderr)")
    let size = try #require(
      try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
    #expect(size < 256 << 10, "small enough to be read on the engine's thread")
    let inline = try StriderBinary.run(["analyze", "--format", "json", file])
    let piped = try StriderBinary.shell(
      "cat '\(file)' | \"$STRIDER\" analyze --format json /dev/stdin")
    #expect(inline.status == 0 && piped.status == 0, "\(inline.stderr)\(piped.stderr)")
    let report = try #require(CommandOutput.jsonLines(inline.stdout).first)
    let rejected = try #require(report["rejected"] as? [String: Int])
    #expect(rejected.values.filter { $0 > 0 }.count >= 3, "several gate stages reject")
    // Byte for byte, but for the file's name.
    func unnamed(_ text: String) -> String {
      text.replacingOccurrences(
        of: #""file":"[^"]*","#, with: "", options: .regularExpression)
    }
    #expect(unnamed(inline.stdout) == unnamed(piped.stdout))
    #expect(unnamed(inline.stdout) != inline.stdout, "the name was taken out")
  }
}
