import Foundation
import GRDB
import StriderCore
import StriderSimulator
import StriderStore
import StriderTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Fault drills on the session database, driving the real binary: `kill -9` mid-recording,
/// two recorders on one file, a database locked by another process, a damaged file and a
/// full disk. Each must end in a clear message with what was committed intact.
@Suite(.serialized, .offCooperativePool) struct SessionDatabaseDrillTests {
  /// The demo's fixes, as `strider demo` (seed 1, run, all faults) produces them.
  static let demoFixes = Simulator.run(
    SimulationConfiguration(activity: .run, seed: 1, faults: .all)
  ).fixes

  static func start(_ arguments: [String], home: URL, output: URL, errors: URL) throws
    -> Process
  {
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
    let process = LiveGPSDEndToEndTests.unblockedProcess(
      StriderBinary.url.path, arguments, environment: ["STRIDER_HOME": home.path])
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = try FileHandle(forWritingTo: errors)
    try process.run()
    return process
  }

  static func events(_ url: URL) -> [[String: Any]] {
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
  }

  static func seconds(_ iso: String) -> Double? {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    if let date = formatter.date(from: iso) { return date.timeIntervalSince1970 }
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.date(from: iso)?.timeIntervalSince1970
  }

  @Test func killNineWhileRecordingKeepsEveryFixUpToTheLastSecond() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let home = dir.appendingPathComponent("data")
    let output = dir.appendingPathComponent("out.jsonl")
    let recorder = try Self.start(
      ["demo", "--headless", "--speed", "20", "--record"], home: home, output: output,
      errors: dir.appendingPathComponent("err.txt"))
    // Wait for the second verdict tally (two minutes of fix time, six seconds at 20×).
    let deadline = Date().addingTimeInterval(90)
    var reported: Double?
    while Date() < deadline {
      let tallies = Self.events(output).filter { $0["event"] as? String == "verdicts" }
      if tallies.count >= 2, let time = tallies.last?["time"] as? String {
        reported = Self.seconds(time)
        break
      }
      Thread.sleep(forTimeInterval: 0.02)
    }
    kill(recorder.processIdentifier, SIGKILL)
    recorder.waitUntilExit()
    let lastReported = try #require(reported, "the demo printed no verdict tallies")
    #expect(recorder.terminationReason == .uncaughtSignal)

    // The next start finds the session cut off and says so.
    let next = try StriderBinary.run(
      ["sessions", "list"], environment: ["STRIDER_HOME": home.path])
    #expect(next.status == 0, "\(next.stderr)")
    #expect(next.stderr.contains("session 1 was interrupted"), "\(next.stderr)")
    #expect(next.stdout.contains("simulated, interrupted"), "\(next.stdout)")

    let store = try SessionStore(location: StoreLocation(directory: home.path))
    #expect(try store.integrityProblems() == nil)
    #expect(try store.listing(1).state == .interrupted)
    let fixes = try store.fixes(of: 1).map(\.fix)
    #expect(fixes == Array(Self.demoFixes.prefix(fixes.count)), "kept as they arrived")
    let lastKept = try #require(fixes.compactMap(\.time).max()).secondsSince1970
    // One second of wall time is 20 s of fix time at 20×.
    #expect(
      lastKept >= lastReported - 20,
      "kept up to \(lastKept), the demo had reported \(lastReported)")

    // `sessions finish` computes the summary from what was kept.
    let finish = try StriderBinary.run(
      ["sessions", "finish", "1"], environment: ["STRIDER_HOME": home.path])
    #expect(finish.status == 0, "\(finish.stderr)")
    let finished = try store.listing(1)
    #expect(finished.state == .finished && finished.wasInterrupted)
    #expect((finished.distance?.value ?? 0) > 100)
    #expect(try store.integrityProblems() == nil)
  }

  /// Four imports started together on a database that does not exist yet: one makes it,
  /// the others wait for its migrations (`OpeningLock`). They failed on "table already
  /// exists", said "locked", or, about one round in 40 under load, "column not found":
  /// a process had prepared statements while another was making a table again.
  @Test func fourStridersMakingANewDatabaseAtOnceAllSucceed() throws {
    let dir = try StriderBinary.temporaryDirectory()
    var files: [URL] = []
    for n in 1...4 {
      let points = (0..<30).map { i in
        "<trkpt lat=\"\(48.2 + Double(i) * 0.0001)\" lon=\"16.3\(n)\"><time>2024-05-0\(n)T08:00:\(String(format: "%02d", i))Z</time></trkpt>"
      }.joined()
      let file = dir.appendingPathComponent("track\(n).gpx")
      try
        ("<?xml version=\"1.0\"?><gpx version=\"1.1\" creator=\"t\"><trk><trkseg>\(points)"
        + "</trkseg></trk></gpx>").write(to: file, atomically: true, encoding: .utf8)
      files.append(file)
    }
    for round in 1...5 {
      let home = dir.appendingPathComponent("home\(round)")
      let imports = try files.enumerated().map { n, file in
        try Self.start(
          ["sessions", "import", file.path], home: home,
          output: dir.appendingPathComponent("out\(round)-\(n).txt"),
          errors: dir.appendingPathComponent("err\(round)-\(n).txt"))
      }
      for process in imports { process.waitUntilExit() }
      for (n, process) in imports.enumerated() {
        let errors = try String(
          contentsOf: dir.appendingPathComponent("err\(round)-\(n).txt"), encoding: .utf8)
        #expect(process.terminationStatus == 0, "round \(round), import \(n + 1): \(errors)")
      }
      let store = try SessionStore(location: StoreLocation(directory: home.path))
      // What each import said, should one of them be missing (it failed once in CI, all
      // four exiting 0).
      let said = try (0..<4).map { n in
        try ["out", "err"].map { kind in
          try String(
            contentsOf: dir.appendingPathComponent("\(kind)\(round)-\(n).txt"), encoding: .utf8)
        }.joined()
      }.joined(separator: "\n")
      #expect(try store.sessions().count == 4, "round \(round):\n\(said)")
    }
  }

  @Test func twoRecordersOnOneDatabase() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let home = dir.appendingPathComponent("data")
    let recorders = try (1...2).map { n in
      try Self.start(
        ["demo", "--headless", "--speed", "300", "--record", "--seed", "\(n)"], home: home,
        output: dir.appendingPathComponent("out\(n).jsonl"),
        errors: dir.appendingPathComponent("err\(n).txt"))
    }
    for recorder in recorders { recorder.waitUntilExit() }
    for (n, recorder) in recorders.enumerated() {
      let errors = try String(
        contentsOf: dir.appendingPathComponent("err\(n + 1).txt"), encoding: .utf8)
      #expect(recorder.terminationStatus == 0, "\(errors)")
    }
    let store = try SessionStore(location: StoreLocation(directory: home.path))
    let sessions = try store.sessions()
    #expect(sessions.count == 2)
    #expect(sessions.allSatisfy { $0.state == .finished && $0.fixCount > 1000 })
    #expect(Set(sessions.compactMap(\.name)) == ["demo run, seed 1", "demo run, seed 2"])
    #expect(try store.integrityProblems() == nil)
  }

  @Test func aRecordingOutlastsAnotherProcessHoldingTheLockAndLosesNothing() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let home = dir.appendingPathComponent("data")
    let environment = ["STRIDER_HOME": home.path]
    let first = try StriderBinary.run(
      ["demo", "--headless", "--speed", "max", "--record"], environment: environment)
    #expect(first.status == 0, "\(first.stderr)")
    let errors = dir.appendingPathComponent("err.txt")
    let recorder = try Self.start(
      ["demo", "--headless", "--speed", "100", "--record"], home: home,
      output: dir.appendingPathComponent("out.jsonl"), errors: errors)
    let store = try SessionStore(location: StoreLocation(directory: home.path))
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline, (try? store.listing(2).fixCount) ?? 0 < 100 {
      Thread.sleep(forTimeInterval: 0.05)
    }
    // Another program takes the write lock in the middle of the recording, for 3 s.
    var holding = Configuration()
    holding.allowsUnsafeTransactions = true
    // It waits for a commit of the recorder's under way, as any program would: without a
    // busy timeout, taking the lock during one failed the test once on a loaded machine.
    holding.busyMode = .timeout(10)
    let other = try DatabaseQueue(path: home.path + "/strider.sqlite", configuration: holding)
    try other.inDatabase { db in try db.execute(sql: "BEGIN EXCLUSIVE") }
    let held = try store.listing(2).fixCount
    Thread.sleep(forTimeInterval: 3)
    #expect(try store.listing(2).fixCount == held, "nothing committed while the lock is held")
    // Reading the history needs no write lock (WAL).
    let list = try StriderBinary.run(["sessions", "list"], environment: environment)
    #expect(list.status == 0 && list.stdout.contains("demo run, seed 1"), "\(list.stderr)")
    try other.inDatabase { db in try db.execute(sql: "ROLLBACK") }
    try other.close()
    recorder.waitUntilExit()
    #expect(recorder.terminationStatus == 0, "\(Self.text(errors))")
    #expect(try store.listing(2).state == .finished)
    #expect(try store.fixes(of: 2).map(\.fix) == Self.demoFixes, "every fix, in order")
    #expect(try store.integrityProblems() == nil)
    let journals = try FileManager.default.contentsOfDirectory(atPath: home.path).filter {
      $0.contains("-pending-")
    }
    #expect(journals.isEmpty, "the journal is gone once committed")
  }

  @Test func aRecorderKilledWhileTheLockIsHeldElsewhereLosesNothingItJournaled() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let home = dir.appendingPathComponent("data")
    let environment = ["STRIDER_HOME": home.path]
    let recorder = try Self.start(
      ["demo", "--headless", "--speed", "50", "--record"], home: home,
      output: dir.appendingPathComponent("out.jsonl"),
      errors: dir.appendingPathComponent("err.txt"))
    let store = try SessionStore(location: StoreLocation(directory: home.path))
    var deadline = Date().addingTimeInterval(60)
    while Date() < deadline, (try? store.listing(1).fixCount) ?? 0 < 100 {
      Thread.sleep(forTimeInterval: 0.05)
    }
    var holding = Configuration()
    holding.allowsUnsafeTransactions = true
    let other = try DatabaseQueue(path: home.path + "/strider.sqlite", configuration: holding)
    try other.inDatabase { db in try db.execute(sql: "BEGIN EXCLUSIVE") }
    let committed = try store.listing(1).fixCount
    // Let the recorder journal a few seconds of fixes, then kill it mid-session.
    let journal = home.appendingPathComponent("strider.sqlite-pending-1")
    deadline = Date().addingTimeInterval(30)
    while Date() < deadline, Self.text(journal).split(separator: "\n").count < 200 {
      Thread.sleep(forTimeInterval: 0.05)
    }
    kill(recorder.processIdentifier, SIGKILL)
    recorder.waitUntilExit()
    let journaled = Self.text(journal).split(separator: "\n").count - 1
    #expect(journaled >= 199, "the recorder journaled while the lock was held")
    try other.inDatabase { db in try db.execute(sql: "ROLLBACK") }
    try other.close()

    // The next command commits the journal and reports the session cut off.
    let list = try StriderBinary.run(["sessions"], environment: environment)
    #expect(list.status == 0, "\(list.stderr)")
    #expect(list.stderr.contains("session 1 was interrupted"), "\(list.stderr)")
    let fixes = try store.fixes(of: 1).map(\.fix)
    #expect(fixes.count >= committed + journaled, "\(committed) + \(journaled) kept")
    #expect(fixes == Array(Self.demoFixes.prefix(fixes.count)), "in order, none twice")
    #expect(!FileManager.default.fileExists(atPath: journal.path))
    #expect(try store.integrityProblems() == nil)
  }

  static func text(_ url: URL) -> String {
    (try? String(contentsOf: url, encoding: .utf8)) ?? ""
  }

  @Test func aDamagedDatabaseIsRefusedAndNeverOverwritten() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let home = dir.appendingPathComponent("data")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let file = home.appendingPathComponent("strider.sqlite")
    var bytes = Data("SQLite format 3\u{0}".utf8)
    bytes.append(Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 17) }))
    try bytes.write(to: file)
    for arguments in [["sessions", "list"], ["demo", "--headless", "--speed", "max", "--record"]] {
      let result = try StriderBinary.run(arguments, environment: ["STRIDER_HOME": home.path])
      #expect(result.status == 1 && !result.crashed, "\(arguments)")
      #expect(result.stderr.contains("damaged or not a Strider database"), "\(result.stderr)")
      #expect(result.stderr.contains(file.path))
    }
    #expect(try Data(contentsOf: file) == bytes)
  }

  /// A disk full to the end of the session (issue 49: the fixes wait in memory meanwhile,
  /// `DiskFullRunEndToEndTests`): the run says what was lost, and what was written is
  /// intact.
  @Test(.enabled(if: SystemDrills.canMountTmpfs, "needs root to mount a small tmpfs"))
  func aDiskFullToTheEndKeepsWhatWasWrittenIntact() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let disk = try #require(SmallDisk(at: dir.appendingPathComponent("small"), size: "256k"))
    defer { disk.unmount() }
    let environment = ["STRIDER_HOME": disk.path]
    // At 500× the recorder commits a few hundred fixes at a time, so some fit.
    let result = try StriderBinary.run(
      ["demo", "--headless", "--speed", "500", "--record"], environment: environment)
    #expect(result.status == 1 && !result.crashed, "\(result.stderr)")
    #expect(
      result.stderr.contains("fixes held in memory could not be written and are lost"),
      "\(result.stderr)")
    #expect(result.stderr.contains("is full"), "\(result.stderr)")
    // The history can still be read with no room left (opening the store writes nothing).
    let list = try StriderBinary.run(["sessions"], environment: environment)
    #expect(list.status == 0, "\(list.stderr)")
    // A recording started with no room left says so and touches nothing.
    let again = try StriderBinary.run(
      ["demo", "--headless", "--speed", "max", "--record"], environment: environment)
    #expect(again.status == 1 && !again.crashed, "\(again.stderr)")
    #expect(again.stderr.contains("full"), "\(again.stderr)")
    // What was committed reads back whole (checked on a copy: the full disk has no room
    // for the reader's own files).
    let store = try disk.copiedStore(to: dir.appendingPathComponent("copy"))
    #expect(try store.integrityProblems() == nil)
    let fixes = try store.fixes(of: 1).map(\.fix)
    #expect(fixes.count > 0 && fixes.count < Self.demoFixes.count, "\(fixes.count) kept")
    #expect(fixes == Array(Self.demoFixes.prefix(fixes.count)))
  }

  /// An import that fills the disk is not kept, says so, and leaves the history readable;
  /// the part it wrote is taken away by the first command once there is room again.
  @Test(.enabled(if: SystemDrills.canMountTmpfs, "needs root to mount a small tmpfs"))
  func aFullDiskRefusesAnImportAndTheHistoryStaysReadable() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let track = dir.appendingPathComponent("long.gpx")
    let simulated = try StriderBinary.run([
      "simulate", "--activity", "ride", "--seed", "3", "--length", "140000", "--output",
      track.path,
    ])
    try #require(simulated.status == 0, "\(simulated.stderr)")
    let disk = try #require(SmallDisk(at: dir.appendingPathComponent("small"), size: "2m"))
    defer { disk.unmount() }
    let environment = ["STRIDER_HOME": disk.path]
    let refused = try StriderBinary.run(
      ["sessions", "import", track.path], environment: environment)
    #expect(refused.status == 1 && !refused.crashed, "\(refused.stderr)")
    #expect(refused.stderr.contains("\(track.path): not imported"), "\(refused.stderr)")
    #expect(refused.stderr.contains("is full"), "\(refused.stderr)")
    #expect(!refused.stderr.contains("recording"), "\(refused.stderr)")
    // Listed on the full disk: the part written is not a session.
    let list = try StriderBinary.run(["sessions"], environment: environment)
    #expect(list.status == 0, "\(list.stderr)")
    #expect(list.stdout.contains("no sessions yet"), "\(list.stdout)")
    let partial = try disk.copiedStore(to: dir.appendingPathComponent("copy"))
    #expect(try partial.integrityProblems() == nil)
    let written = try partial.size().fixes
    #expect(written > 0, "the import had written part of the file when the disk filled")
    // Room again: the next command takes the part away, and the file is then kept whole.
    try #require(disk.resize(to: "64m"))
    let again = try StriderBinary.run(["sessions"], environment: environment)
    #expect(again.status == 0 && again.stdout.contains("no sessions yet"), "\(again.stderr)")
    do {
      let store = try SessionStore(location: StoreLocation(directory: disk.path))
      #expect(try store.size().fixes == 0, "\(written) fixes written before the disk filled")
      #expect(try store.integrityProblems() == nil)
    }
    let imported = try StriderBinary.run(
      ["sessions", "import", track.path], environment: environment)
    #expect(imported.status == 0, "\(imported.stderr)")
    // Session 2: the number of the part taken away is not given again.
    #expect(imported.stdout.contains("session 2"), "\(imported.stdout)")
    // Full again, with the database closed cleanly (its write-ahead log empty, so SQLite
    // would have to write to open it): what is kept is still listed, shown and exported.
    try disk.fill()
    let listed = try StriderBinary.run(["sessions"], environment: environment)
    #expect(listed.status == 0 && listed.stdout.contains("long.gpx"), "\(listed.stderr)")
    let shown = try StriderBinary.run(["sessions", "show", "2"], environment: environment)
    #expect(shown.status == 0 && shown.stdout.contains("finished"), "\(shown.stderr)")
    let csv = try StriderBinary.run(
      ["sessions", "export", "2", "--format", "csv"], environment: environment)
    // Lines end CRLF (RFC 4180), one grapheme to Swift: counted as bytes.
    #expect(csv.status == 0 && csv.stdout.utf8.count { $0 == 0x0A } > 20_000, "\(csv.stderr)")
    let more = try StriderBinary.run(["sessions", "import", track.path], environment: environment)
    #expect(more.status == 1 && !more.crashed, "\(more.stderr)")
    #expect(more.stderr.contains("not imported") && more.stderr.contains("full"), "\(more.stderr)")
  }
}

/// A tmpfs of a given size mounted for one drill (needs root; nil where it cannot be).
struct SmallDisk {
  let mountPoint: URL
  var path: String { mountPoint.path }

  init?(at mountPoint: URL, size: String) {
    self.mountPoint = mountPoint
    try? FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
    guard Self.mount(["-t", "tmpfs", "-o", "size=\(size),mode=0700", "tmpfs", mountPoint.path])
    else { return nil }
  }

  /// Makes room (or takes it away) without touching what is on it.
  func resize(to size: String) -> Bool {
    Self.mount(["-o", "remount,size=\(size)", mountPoint.path])
  }

  /// Leaves no room on it, with a file of zeros.
  func fill() throws {
    let filler =
      FileHandle(forWritingAtPath: path + "/filler")
      ?? {
        _ = FileManager.default.createFile(atPath: path + "/filler", contents: nil)
        return FileHandle(forWritingAtPath: path + "/filler")
      }()
    guard let filler else {
      Issue.record("cannot write \(path)/filler to fill the disk")
      return
    }
    defer { try? filler.close() }
    let block = Data(count: 64 * 1024)
    while (try? filler.write(contentsOf: block)) != nil {}
  }

  func unmount() { _ = SystemDrills.run("/bin/umount", [mountPoint.path]) }

  /// The database and its write-ahead log copied elsewhere and opened there: a full disk
  /// has no room for a reader's own files.
  func copiedStore(to folder: URL) throws -> SessionStore {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for name in ["strider.sqlite", "strider.sqlite-wal"]
    where FileManager.default.fileExists(atPath: path + "/" + name) {
      try FileManager.default.copyItem(atPath: path + "/" + name, toPath: folder.path + "/" + name)
    }
    return try SessionStore(location: StoreLocation(directory: folder.path))
  }

  private static func mount(_ arguments: [String]) -> Bool {
    SystemDrills.run("/bin/mount", arguments)
  }
}
