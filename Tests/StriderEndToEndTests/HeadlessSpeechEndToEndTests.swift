import Foundation
import StriderTestSupport
import Testing

/// `--speak` with `--headless` speaks what the JSON lines say, one sentence at a time, the
/// finish included (it was silently ignored: only the dashboard spoke). The speaker is a
/// stand-in `espeak-ng` on `PATH` that writes down each sentence.
@Suite(.offCooperativePool) struct HeadlessSpeechEndToEndTests {
  @Test func theHeadlessDemoSpeaksItsCues() throws {
    let directory = try StriderBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let bin = directory.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let spoken = directory.appendingPathComponent("spoken.txt")
    let speaker = bin.appendingPathComponent("espeak-ng")
    try "#!/bin/sh\necho \"$1\" >> \"$SPOKEN\"\n".write(
      to: speaker, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: speaker.path)
    let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    let run = try StriderBinary.run(
      ["demo", "--headless", "--speak", "--speed", "max", "--faults", "none", "--seed", "2"],
      environment: StriderBinary.isolatedEnvironment(["PATH": path, "SPOKEN": spoken.path]))
    #expect(run.status == 0, "\(run.stderr)")
    let said = try String(contentsOf: spoken, encoding: .utf8).split(separator: "\n")
    let printed = CommandOutput.cues(run.stdout).map(\.text)
    #expect(!said.isEmpty && said.allSatisfy { printed.contains(String($0)) }, "\(said)")
    #expect(said.last?.hasPrefix("Session complete.") == true, "the finish is waited for: \(said)")

    // Without a speaker it says so once, and the session runs as before.
    let quiet = try StriderBinary.run(
      ["demo", "--headless", "--speak", "--speed", "max", "--faults", "none"],
      environment: StriderBinary.isolatedEnvironment(["PATH": "/nonexistent"]))
    #expect(quiet.status == 0, "\(quiet.stderr)")
    #expect(quiet.stderr.contains("No espeak-ng: cues are not spoken"), "\(quiet.stderr)")
  }
}
