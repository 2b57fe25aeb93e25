import Foundation

/// A fake gpsd for the dashboard's tmux tests: a python3 script that listens on loopback,
/// prints its port once it listens, and serves its one client. It runs in `directory`
/// (where it may leave files, such as `sent`), with `FAKE_GPSD` set to the script.
struct FakeGPSD {
  let process: Process
  /// The port it listens on; empty when it never said one.
  let port: String

  static func start(
    _ script: String, in directory: URL, environment: [String: String] = [:]
  ) throws -> FakeGPSD {
    let process = LiveGPSDEndToEndTests.unblockedProcess(
      "/bin/sh", ["-c", "cd '\(directory.path)' && exec python3 -c \"$FAKE_GPSD\" > port"],
      environment: environment.merging(["FAKE_GPSD": script]) { $1 })
    try process.run()
    // Its port is read from what it prints, not probed: a probe would be its one client.
    let printed = directory.appendingPathComponent("port")
    let deadline = Date().addingTimeInterval(30)
    var port = ""
    while port.isEmpty, Date() < deadline {
      Thread.sleep(forTimeInterval: 0.05)
      port = ((try? String(contentsOf: printed, encoding: .utf8)) ?? "")
        .trimmingCharacters(in: .whitespacesAndNewlines)
    }
    return FakeGPSD(process: process, port: port)
  }

  func stop() {
    process.terminate()
    process.waitUntilExit()
  }
}
