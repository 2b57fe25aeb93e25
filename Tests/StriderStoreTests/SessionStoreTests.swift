import Foundation
import GRDB
import StriderCore
import StriderSimulator
import Testing

@testable import StriderStore

/// A store in a fresh temporary folder, removed when the test ends.
final class TemporaryStore {
  let directory: String
  let location: StoreLocation

  init() {
    directory = NSTemporaryDirectory() + "strider-store-\(UUID().uuidString)"
    location = StoreLocation(directory: directory)
  }

  deinit { try? FileManager.default.removeItem(atPath: directory) }

  func open(busyTimeout: Double = 5, lockPatience: Duration = .seconds(600)) throws
    -> SessionStore
  {
    try SessionStore(location: location, busyTimeout: busyTimeout, lockPatience: lockPatience)
  }
}

private let simulated = Simulator.run(
  SimulationConfiguration(activity: .run, seed: 5, faults: .all))

private func permissions(_ path: String) throws -> Int {
  let attributes = try FileManager.default.attributesOfItem(atPath: path)
  return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
}

@Suite struct SessionStoreTests {
  @Test func createsAnOwnerOnlyFolderAndFile() throws {
    let temp = TemporaryStore()
    _ = try temp.open()
    #expect(try permissions(temp.directory) == 0o700)
    #expect(try permissions(temp.location.path) == 0o600)
  }

  @Test func aRecordingFinishedGivesTheNumbersOfTheEngine() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    let configuration = SessionConfiguration(activity: .run, weight: Kilograms(62))
    let recording = try store.startRecording(
      name: "morning", origin: .simulated, configuration: configuration, source: "simulator")
    for fix in simulated.fixes { try recording.append(fix) }
    let record = try recording.finish()

    // A recording keeps its splits as they were told, as its live engine did.
    var pipeline = SessionPipeline(
      configuration: configuration, options: .init(keepsToldSplits: true))
    for fix in simulated.fixes { _ = pipeline.ingest(fix) }
    let expected = pipeline.finish().summary
    #expect(record.summary == expected)

    let listing = try store.listing(recording.id)
    #expect(listing.state == .finished)
    #expect(listing.origin == .simulated)
    #expect(listing.fixCount == simulated.fixes.count)
    #expect(listing.distance == expected.distance)
    #expect(!listing.wasInterrupted)

    // Finished from its stored fixes a batch at a time, as measured whole in memory.
    let whole = SessionRecorder.record(
      fixes: simulated.fixes, configuration: configuration, keepsToldSplits: true)
    #expect(record.fixCount == simulated.fixes.count)
    let loaded = try store.record(recording.id)
    #expect(loaded.fixes.map(\.fix) == simulated.fixes)
    #expect(loaded.fixes.map(\.verdict) == whole.fixes.map(\.verdict))
    #expect(loaded.fixes.filter { !$0.verdict.isAccepted }.count > 0)
    #expect(loaded.track == whole.track)
    #expect(loaded.finishedTrack == whole.finishedTrack)
    #expect(!loaded.finishedTrack.isEmpty)
    #expect(loaded.finishedTrack.distance == expected.distance, "the track adds up to the summary")
    #expect(loaded.events == whole.events)
    #expect(loaded.summary == expected)
    #expect(try store.configuration(of: recording.id) == configuration)
    #expect(try store.integrityProblems() == nil)
  }

  @Test func storedFixesKeepEveryFieldAndTheirOrder() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    let odd = [
      Fix(
        time: GNSSTime(secondsSince1970: 1_700_000_001.25),
        coordinate: Coordinate(latitude: 46.1, longitude: 14.2), altitude: Meters(301.5),
        horizontalAccuracy: Meters(4), verticalAccuracy: Meters(7), speed: MetersPerSecond(3),
        course: Degrees(91), mode: .threeD, provider: .gnss, satellites: 9, hdop: 0.9,
        heartRate: BeatsPerMinute(150), cadence: RevolutionsPerMinute(88),
        deviceDistance: Meters(12), segment: 2, origin: FixOrigin(index: 7, line: 40)),
      Fix(time: nil, coordinate: nil, mode: .noFix),
      Fix(
        time: GNSSTime(secondsSince1970: 1_700_000_000),
        coordinate: Coordinate(latitude: 46.1001, longitude: 14.2)),
    ]
    let recording = try store.startRecording(
      name: nil, origin: .live, configuration: SessionConfiguration(activity: .walk),
      source: "gpsd 127.0.0.1:2947")
    for fix in odd { try recording.append(fix) }
    try recording.flush()
    #expect(try store.fixes(of: recording.id).map(\.fix) == odd)
    #expect(try store.fixes(of: recording.id).allSatisfy { $0.verdict == nil })
  }

  @Test func aSessionWhoseRecorderDiedIsMarkedInterruptedAndCanBeFinished() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    let configuration = SessionConfiguration(activity: .run)
    let recording = try store.startRecording(
      name: nil, origin: .simulated, configuration: configuration, source: nil)
    let kept = Array(simulated.fixes.prefix(500))
    for fix in kept { try recording.append(fix) }
    try recording.flush()
    // This process is alive: nothing to recover.
    #expect(try store.markAbandonedSessions().isEmpty)
    #expect(throws: StoreError.stillRecording(id: recording.id, pid: getpid())) {
      try store.finish(recording.id)
    }
    // Pretend the recorder was a process that has gone.
    try store.pool.write { db in
      try db.execute(sql: "UPDATE session SET ownerPid = 999999999, ownerStart = 1")
    }
    #expect(try store.markAbandonedSessions() == [recording.id])
    #expect(try store.listing(recording.id).state == .interrupted)
    let record = try store.finish(recording.id)
    var pipeline = SessionPipeline(
      configuration: configuration, options: .init(keepsToldSplits: true))
    for fix in kept { _ = pipeline.ingest(fix) }
    #expect(record.summary == pipeline.finish().summary)
    let listing = try store.listing(recording.id)
    #expect(listing.state == .finished)
    #expect(listing.wasInterrupted)
  }

  /// Another Strider that wrongly finds an importing process gone (a slow one, or a /proc
  /// it cannot read) takes its import away in one write; the import then fails saying so,
  /// rather than finishing a session whose rows are being deleted, and a session finished
  /// before the taking is never deleted by it.
  @Test func anImportFoundGoneMidwayFailsSayingSoAndAFinishedOneIsNeverTakenAway() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    let other = try temp.open()
    let configuration = SessionConfiguration(activity: .run)
    let fixes = Array(simulated.fixes.prefix(3000))
    var index = 0
    #expect(throws: StoreError.importTakenAway(path: temp.location.path)) {
      _ = try store.importSession(
        reading: { () -> Fix? in
          defer { index += 1 }
          if index == 2000 {
            // The other Strider finds this import's process gone.
            try other.pool.write { db in
              try db.execute(sql: "UPDATE session SET ownerPid = 999999999, ownerStart = 1")
            }
            _ = try other.markAbandonedSessions()
          }
          return index < fixes.count ? fixes[index] : nil
        }, name: "slow.gpx", configuration: configuration, source: nil)
    }
    #expect(try store.sessions().isEmpty)
    #expect(
      try store.pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM fix") } == 0)

    // A finished session is never deleted by a removal meant for one on its way out.
    var iterator = fixes.prefix(500).makeIterator()
    guard
      case .imported(let kept) = try store.importSession(
        reading: { () -> Fix? in iterator.next() }, name: "kept.gpx",
        configuration: configuration, source: nil)
    else {
      Issue.record("not imported")
      return
    }
    try store.removeSession(kept.id, waiting: nil)
    #expect(try store.sessions().map(\.id) == [kept.id])
  }

  /// A database of the first schema, as Strider 0.1 left it, with a finished session that
  /// has no finished track: it opens, and the session is finished again from its fixes
  /// when first read, so its summary, finished track and listing agree.
  @Test func aSessionFromTheFirstSchemaGetsItsFinishedTrackWhenRead() throws {
    let temp = TemporaryStore()
    try FileManager.default.createDirectory(
      atPath: temp.directory, withIntermediateDirectories: true)
    let configuration = SessionConfiguration(activity: .run)
    let fixes = Array(simulated.fixes.prefix(600))
    var oldSummary = try #require(
      SessionRecorder.record(fixes: fixes, configuration: configuration).summary)
    oldSummary.finishing = nil
    oldSummary.distance = Meters(1234)
    let id = try {
      let queue = try DatabaseQueue(path: temp.location.path)
      try Schema.migrator.migrate(
        queue, upTo: "v1: sessions, fixes, track, display track, events")
      return try queue.write { db in
        // The session as the first schema knew it: no finished track, no digest.
        try db.execute(
          sql: """
            INSERT INTO session (name, activity, origin, state, createdAt, updatedAt,
              configuration, distance, fixCount, summary)
            VALUES ('old', 'run', 'imported', 'finished', 0, 0, ?, 1234, ?, ?)
            """,
          arguments: [
            try StoredJSON.encode(configuration), fixes.count, try StoredJSON.encode(oldSummary),
          ])
        let id = db.lastInsertedRowID
        for (seq, fix) in fixes.enumerated() {
          try FixRow(sessionId: id, seq: seq, fix: fix, verdict: .accepted).insert(db)
        }
        return id
      }
    }()
    let store = try temp.open()
    #expect(try store.listing(id).distance == Meters(1234))
    #expect(try store.needsFinishedTrack(id))
    let record = try store.record(id)
    let summary = try #require(record.summary)
    #expect(!record.finishedTrack.isEmpty)
    #expect(summary.distance == record.finishedTrack.distance)
    #expect(summary.finishing != nil)
    #expect(try store.listing(id).distance == summary.distance)
    #expect(try !store.needsFinishedTrack(id))
    #expect(try store.record(id) == record, "kept: the next read gives the same")
    #expect(try store.integrityProblems() == nil)
  }

  @Test func deleteRemovesEverything() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    let recording = try store.startRecording(
      name: nil, origin: .simulated, configuration: SessionConfiguration(activity: .run),
      source: nil)
    for fix in simulated.fixes.prefix(100) { try recording.append(fix) }
    try recording.finish()
    try store.delete(recording.id)
    #expect(try store.sessions().isEmpty)
    let left = try store.pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM fix") }
    #expect(left == 0)
    #expect(throws: StoreError.noSuchSession(recording.id)) { try store.delete(recording.id) }
  }

  @Test func aFileThatIsNotADatabaseIsRefusedAndLeftUntouched() throws {
    let temp = TemporaryStore()
    try FileManager.default.createDirectory(
      atPath: temp.directory, withIntermediateDirectories: true)
    let garbage = Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
    try garbage.write(to: URL(fileURLWithPath: temp.location.path))
    #expect {
      _ = try temp.open()
    } throws: { error in
      guard case .corrupt(let path, _) = error as? StoreError else { return false }
      return path == temp.location.path
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: temp.location.path)) == garbage)
  }

  @Test func anotherProgramsDatabaseIsRefused() throws {
    let temp = TemporaryStore()
    try FileManager.default.createDirectory(
      atPath: temp.directory, withIntermediateDirectories: true)
    let other = try DatabaseQueue(path: temp.location.path)
    try other.write { db in try db.execute(sql: "CREATE TABLE bookmarks (url TEXT)") }
    try other.close()
    #expect {
      _ = try temp.open()
    } throws: { error in
      guard case .corrupt = error as? StoreError else { return false }
      return true
    }
  }

  @Test func aDatabaseFromANewerStriderIsRefused() throws {
    let temp = TemporaryStore()
    do {
      let store = try temp.open()
      try store.pool.write { db in
        try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v9: from the future')")
      }
    }
    #expect(
      throws: StoreError.tooNew(
        path: temp.location.path, unknownMigrations: ["v9: from the future"])
    ) {
      _ = try temp.open()
    }
  }

  @Test func aDatabaseLockedLongerThanThePatienceIsAClearError() throws {
    let temp = TemporaryStore()
    let store = try temp.open(busyTimeout: 0.3, lockPatience: .seconds(1))
    var holding = Configuration()
    holding.allowsUnsafeTransactions = true
    let other = try DatabaseQueue(path: temp.location.path, configuration: holding)
    try other.inDatabase { db in try db.execute(sql: "BEGIN EXCLUSIVE") }
    #expect(throws: StoreError.locked(path: temp.location.path)) {
      _ = try store.startRecording(
        name: nil, origin: .live, configuration: SessionConfiguration(activity: .run),
        source: nil)
    }
    // Readers still see the history while the writer holds the lock (WAL).
    #expect(try store.sessions().isEmpty)
    try other.inDatabase { db in try db.execute(sql: "ROLLBACK") }
    _ = try store.startRecording(
      name: nil, origin: .live, configuration: SessionConfiguration(activity: .run),
      source: nil)
  }

  @Test func demosCanBeLeftOutOfTheHistory() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    for origin in [SessionOrigin.simulated, .live] {
      let r = try store.startRecording(
        name: nil, origin: origin, configuration: SessionConfiguration(activity: .run),
        source: nil)
      for fix in simulated.fixes.prefix(50) { try r.append(fix) }
      try r.finish()
    }
    #expect(try store.sessions().count == 2)
    #expect(try store.sessions(includingSimulated: false).map(\.origin) == [.live])
  }
}
