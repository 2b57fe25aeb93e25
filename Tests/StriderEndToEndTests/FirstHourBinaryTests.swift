import Foundation
import StriderTestSupport
import Testing

/// What a new user meets in their first hour (issue 17) that only the real binary shows: the
/// README's install script, and gpsd names and connections as the process meets them.
@Suite(.offCooperativePool) struct FirstHourBinaryTests {
  @Test func installScriptIsDocumentedAndRuns() throws {
    let readme = try String(
      contentsOf: SharedData.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(readme.contains("Scripts/install.sh"))
    let target = try StriderBinary.temporaryDirectory()
    let script = SharedData.packageRoot.appendingPathComponent("Scripts/install.sh")
    let result = try StriderBinary.shell(
      "'\(script.path)' --prefix '\(target.path)' --binary \"$STRIDER\" --no-man")
    #expect(result.status == 0, "\(result.stderr)")
    for file in [
      "share/bash-completion/completions/strider", "share/zsh/site-functions/_strider",
      "share/fish/vendor_completions.d/strider.fish", "bin/strider", "share/doc/strider/cues.md",
    ] {
      let path = target.appendingPathComponent(file).path
      #expect(FileManager.default.fileExists(atPath: path), "\(file) installed")
    }
  }

  @Test func gpsdNameThatDoesNotResolveIsAnErrorAtOnce() throws {
    let started = Date()
    let result = try StriderBinary.shell(
      "timeout -s INT 20 \"$STRIDER\" run --headless --gpsd strider-no-such-host.invalid")
    #expect(result.status == 1, "\(result.stderr)")
    #expect(
      result.stderr.contains("\"strider-no-such-host.invalid\" does not resolve"),
      "\(result.stderr)")
    #expect(result.stdout.isEmpty, "no session started: \(result.stdout)")
    #expect(Date().timeIntervalSince(started) < 10, "said at once, not after retries")
  }

  @Test func refusedGPSDConnectionStillRetries() throws {
    // Port 1 on loopback: nobody listens, so each attempt is refused and retried.
    let result = try StriderBinary.shell(
      "timeout --preserve-status -s INT 3 \"$STRIDER\" run --headless --no-record --gpsd 127.0.0.1:1"
    )
    #expect(result.status == 0, "Ctrl-C ends it cleanly: \(result.stderr)")
    let retries = result.stdout.split(separator: "\n").filter {
      $0.contains("\"disconnected\"") && $0.contains("retry_in_s")
    }
    #expect(retries.count >= 2, "\(result.stdout)")
  }
}
