import Foundation

/// Runs the built `strider` executable the way a user or a script would.
public enum StriderBinary {
  /// What a run printed and how it ended.
  public struct Result: Sendable {
    public var status: Int32
    /// True when the process ended by a signal (a crash), not by exiting.
    public var crashed: Bool
    public var stdout: String
    public var stderr: String

    public init(status: Int32, crashed: Bool, stdout: String, stderr: String) {
      self.status = status
      self.crashed = crashed
      self.stdout = stdout
      self.stderr = stderr
    }
  }

  /// The executable beside the test bundle (`swift build` and `swift test` put both in
  /// the same products folder).
  public static var url: URL {
    let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var dir = runner.deletingLastPathComponent()
    // On Linux the runner is `.build/debug/StriderPackageTests.xctest`; elsewhere it may
    // sit inside a bundle, so walk up until a `strider` appears.
    for _ in 0..<4 {
      let candidate = dir.appendingPathComponent("strider")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      dir = dir.deletingLastPathComponent()
    }
    return SharedData.packageRoot.appendingPathComponent(".build/debug/strider")
  }

  /// Runs `strider` with arguments and waits for it.
  public static func run(
    _ arguments: [String], environment: [String: String] = [:], stdin: Data? = nil
  ) throws -> Result {
    try launch(url, arguments, environment: environment, stdin: stdin)
  }

  /// Runs a `/bin/sh` script, with `$STRIDER` naming the binary: for redirections and
  /// pipelines (`> /dev/full`, `| head -1`) as a user's shell would set them up.
  public static func shell(_ script: String, environment: [String: String] = [:]) throws
    -> Result
  {
    var environment = environment
    environment["STRIDER"] = url.path
    return try launch(
      URL(fileURLWithPath: "/bin/sh"), ["-c", script], environment: environment, stdin: nil)
  }

  private static func launch(
    _ executable: URL, _ arguments: [String], environment: [String: String], stdin: Data?
  ) throws -> Result {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = isolatedEnvironment(environment)
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    if stdin != nil { process.standardInput = Pipe() }
    try process.run()
    if let stdin, let pipe = process.standardInput as? Pipe {
      pipe.fileHandleForWriting.write(stdin)
      try pipe.fileHandleForWriting.close()
    }
    // Read both pipes to the end before waiting, so a large output cannot block the child.
    let group = DispatchGroup()
    nonisolated(unsafe) var errData = Data()
    group.enter()
    DispatchQueue.global().async {
      errData = err.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus,
      crashed: process.terminationReason == .uncaughtSignal,
      stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  /// One folder for every scratch folder of this test process, removed when the process
  /// exits: a full run made a thousand folders in the system's temporary folder and left
  /// them there.
  public static let scratchRoot: URL = {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("strider-tests-\(getpid())")
    try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: StriderBinary.scratchRoot) }
    return root
  }()

  /// The test process's environment with `extra` over it, and, unless `extra` names them,
  /// a session database and a config folder of their own in a fresh temporary folder: a
  /// test never reads the user's settings nor records into their history.
  public static func isolatedEnvironment(_ extra: [String: String] = [:]) -> [String: String] {
    var env = ProcessInfo.processInfo.environment
    let scratch = scratchRoot.appendingPathComponent("strider-env-\(UUID().uuidString)").path
    env["STRIDER_HOME"] = scratch + "/data"
    env["XDG_CONFIG_HOME"] = scratch + "/config"
    for (k, v) in extra { env[k] = v }
    return env
  }

  /// A fresh temporary folder for one test.
  public static func temporaryDirectory() throws -> URL {
    let dir = scratchRoot.appendingPathComponent("strider-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
  }
}
