import Foundation
import StriderFormats
import StriderTestSupport
import Testing

/// Issue 14 on the real binary: `sessions import` knows a file by its fixes, not its name.
/// The same log renamed, gzipped or with other line ends is kept once; two different logs
/// called `track.nmea`, with the same start and as many fixes, are both kept.
@Suite(.offCooperativePool) struct ImportIdentityEndToEndTests {
  /// The first 600 sentences of the demo's receiver log (CRLF, as the receiver wrote it).
  static func receiverLog() throws -> String {
    let url = SharedData.packageRoot.appendingPathComponent("Demo/park-run.nmea")
    let text = try String(contentsOf: url, encoding: .utf8)
    return text.components(separatedBy: "\r\n").prefix(600).joined(separator: "\r\n") + "\r\n"
  }

  /// A short log of ten epochs; `drift` moves the last position east, nothing else.
  static func shortLog(drift: Int) -> String {
    (0..<10).map { s in
      let east = s == 9 ? 100 + drift : 100
      return NMEAWriter.framed(
        "GPRMC,1200\(String(format: "%02d", s)).00,A,4807.0\(s)0,N,01131.\(east),E,1.0,0.0,"
          + "150625,,,A")
    }.joined()
  }

  static func gzip(_ file: URL) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "gzip -c \"$0\" > \"$0.gz\"", file.path]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }

  @Test func theSameFixesUnderAnyNameCompressionOrLineEndAreKeptOnce() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let environment = ["STRIDER_HOME": dir.appendingPathComponent("data").path]
    let log = try Self.receiverLog()
    let original = dir.appendingPathComponent("track.nmea")
    try Data(log.utf8).write(to: original)
    let renamed = dir.appendingPathComponent("morning.log")
    try Data(log.utf8).write(to: renamed)
    let unix = dir.appendingPathComponent("track-lf.nmea")
    try Data(log.replacingOccurrences(of: "\r\n", with: "\n").utf8).write(to: unix)
    let oldMac = dir.appendingPathComponent("track-cr.nmea")
    try Data(log.replacingOccurrences(of: "\r\n", with: "\r").utf8).write(to: oldMac)
    let zipped = dir.appendingPathComponent("zipped.nmea")
    try Data(log.utf8).write(to: zipped)
    try Self.gzip(zipped)

    let first = try StriderBinary.run(
      ["sessions", "import", original.path], environment: environment)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout.contains("session 1,"), "\(first.stdout)")
    for copy in [renamed, unix, oldMac, zipped.appendingPathExtension("gz"), original] {
      let again = try StriderBinary.run(
        ["sessions", "import", copy.path], environment: environment)
      #expect(again.status == 0 && !again.crashed, "\(copy.lastPathComponent): \(again.stderr)")
      #expect(
        again.stdout == "\(copy.path): already imported as session 1\n",
        "\(copy.lastPathComponent): \(again.stdout)")
    }
    let list = try StriderBinary.run(["sessions", "list"], environment: environment)
    #expect(list.status == 0)
    #expect(!list.stdout.contains(" 2 "), "one session only:\n\(list.stdout)")
  }

  /// Different fixes are never "already imported", whatever their name and times; these two,
  /// a few metres apart over the same seconds, are the same outing (issue 52), kept twice
  /// only when asked.
  @Test func differentFixesOfOneNameAndStartAreNeverAlreadyImported() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let environment = ["STRIDER_HOME": dir.appendingPathComponent("data").path]
    var outputs: [String] = []
    for (folder, drift) in [("monday", 0), ("tuesday", 5)] {
      let sub = dir.appendingPathComponent(folder)
      try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
      let file = sub.appendingPathComponent("track.nmea")
      try Data(Self.shortLog(drift: drift).utf8).write(to: file)
      let result = try StriderBinary.run(
        ["sessions", "import", file.path], environment: environment)
      #expect(result.status == 0, "\(result.stderr)")
      outputs.append(result.stdout)
      if drift > 0 {
        let kept = try StriderBinary.run(
          ["sessions", "import", "--keep-duplicate", file.path], environment: environment)
        outputs.append(kept.stdout)
      }
    }
    #expect(outputs[0].contains("session 1, run, 10 fixes"), "\(outputs[0])")
    #expect(outputs[1].contains("not imported: the same outing as session 1"), "\(outputs[1])")
    #expect(outputs[2].contains("run, 10 fixes"), "kept when asked: \(outputs[2])")
  }

  /// Two imports of one file at once: when both pass the first check before either has kept
  /// it, the check inside the inserting transaction keeps it once.
  @Test func twoImportsOfOneFileAtOnceKeepItOnce() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let environment = ["STRIDER_HOME": dir.appendingPathComponent("data").path]
    let file = SharedData.packageRoot.appendingPathComponent("Demo/park-run.gpx").path
    let outputs = (0..<2).map { dir.appendingPathComponent("out-\($0).txt") }
    let processes = try outputs.map { output in
      _ = FileManager.default.createFile(atPath: output.path, contents: nil)
      let process = Process()
      process.executableURL = StriderBinary.url
      process.arguments = ["sessions", "import", file]
      process.environment = StriderBinary.isolatedEnvironment(environment)
      process.standardOutput = try FileHandle(forWritingTo: output)
      process.standardError = process.standardOutput
      return process
    }
    for process in processes { try process.run() }
    for process in processes { process.waitUntilExit() }
    let texts = try outputs.map { try String(contentsOf: $0, encoding: .utf8) }
    #expect(processes.allSatisfy { $0.terminationStatus == 0 }, "\(texts)")
    // Each streamed import holds a hidden session row from its start, so the one kept may
    // be either number.
    #expect(texts.filter { $0.contains("already imported as session ") }.count == 1, "\(texts)")
    let list = try StriderBinary.run(["sessions", "list"], environment: environment)
    let rows = list.stdout.split(separator: "\n").filter { $0.contains("park-run.gpx") }
    #expect(rows.count == 1, "\(list.stdout)")
  }

  /// The canonical rounding reaches across formats where they hold the same fixes: a raw
  /// GPX or TCX export of an imported GPX is the same content.
  @Test(arguments: ["gpx", "tcx"])
  func aRawExportOfAnImportIsTheSameContent(format: String) throws {
    let dir = try StriderBinary.temporaryDirectory()
    let environment = ["STRIDER_HOME": dir.appendingPathComponent("data").path]
    let file = SharedData.packageRoot.appendingPathComponent("Demo/park-run.gpx").path
    let first = try StriderBinary.run(["sessions", "import", file], environment: environment)
    #expect(first.status == 0, "\(first.stderr)")
    let export = dir.appendingPathComponent("raw.\(format)").path
    let exported = try StriderBinary.run(
      ["sessions", "export", "1", "--format", format, "--points", "raw", "-o", export],
      environment: environment)
    #expect(exported.status == 0, "\(exported.stderr)")
    let again = try StriderBinary.run(["sessions", "import", export], environment: environment)
    #expect(again.status == 0)
    #expect(again.stdout == "\(export): already imported as session 1\n", "\(again.stdout)")
  }
}
