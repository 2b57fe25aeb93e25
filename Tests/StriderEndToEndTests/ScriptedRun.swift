import Foundation
import StriderTestSupport

/// A shell script that drives the real binary against a fake gpsd, run in a temporary
/// folder where it leaves the binary's `out`, `err` and `status`.
struct ScriptedRun {
  var home: URL
  var out: String
  var err: String
  var status: String

  /// Runs `script` with `DIR` (its folder), `STRIDER`, `STRIDER_HOME` (`home`, else a
  /// `data` folder in `DIR`) and `environment` set; returns what it left.
  static func run(_ script: String, home: URL? = nil, environment: [String: String]) throws
    -> ScriptedRun
  {
    let dir = try StriderBinary.temporaryDirectory()
    let home = home ?? dir.appendingPathComponent("data")
    let process = LiveGPSDEndToEndTests.unblockedProcess(
      "/bin/sh", ["-c", script],
      environment: environment.merging(
        ["DIR": dir.path, "STRIDER": StriderBinary.url.path, "STRIDER_HOME": home.path]
      ) { _, fixed in fixed })
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    func read(_ name: String) -> String {
      (try? String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)) ?? ""
    }
    return ScriptedRun(home: home, out: read("out"), err: read("err"), status: read("status"))
  }
}
