import Foundation
import GRDB
import StriderCore
import StriderSimulator
import Testing

@testable import StriderStore

private let simulated = Simulator.run(
  SimulationConfiguration(activity: .run, seed: 7, faults: .all))

/// Another connection that takes the database's write lock and holds it until released, as
/// a long import or any other program would.
private final class LockHolder: @unchecked Sendable {
  let queue: DatabaseQueue

  init(_ path: String) throws {
    var holding = Configuration()
    holding.allowsUnsafeTransactions = true
    queue = try DatabaseQueue(path: path, configuration: holding)
    try queue.inDatabase { db in try db.execute(sql: "BEGIN IMMEDIATE") }
  }

  func release() throws {
    try queue.inDatabase { db in try db.execute(sql: "ROLLBACK") }
  }
}

private func permissions(_ path: String) throws -> Int {
  let attributes = try FileManager.default.attributesOfItem(atPath: path)
  return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
}

/// A recording that nothing else can stop, imports and deletes in batches, vacuuming.
@Suite struct LockContentionTests {
  @Test func aRecordingKeepsEveryFixWhileAnotherConnectionHoldsTheWriteLock() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    let configuration = SessionConfiguration(activity: .run)
    let recording = try store.startRecording(
      name: "held", origin: .live, configuration: configuration, source: "test")
    recording.commitInterval = .zero
    let half = simulated.fixes.count / 2
    for fix in simulated.fixes.prefix(100) { try recording.append(fix) }
    #expect(recording.uncommittedCount == 0)

    let holder = try LockHolder(temp.location.path)
    for fix in simulated.fixes[100..<half] { try recording.append(fix) }
    try recording.flush()
    #expect(recording.uncommittedCount == half - 100, "kept in memory while locked")
    let journal = RecordingJournal.path(database: temp.location.path, session: recording.id)
    #expect(try permissions(journal) == 0o600)
    #expect(RecordingJournal.read(journal)?.fixes.count == half - 100, "and in the journal")

    // Meanwhile another Strider opens the store and lists the history without waiting.
    let reader = try temp.open(busyTimeout: 5)
    let opened = ContinuousClock.now
    #expect(try reader.markAbandonedSessions().isEmpty)
    #expect(try reader.sessions().map(\.fixCount) == [100])
    #expect(ContinuousClock.now - opened < .seconds(2))

    for fix in simulated.fixes[half...] { try recording.append(fix) }
    // Finishing waits for the lock, released a second later on another thread.
    let release = Thread {
      Thread.sleep(forTimeInterval: 1)
      try? holder.release()
    }
    release.start()
    let record = try recording.finish()
    #expect(record.fixCount == simulated.fixes.count)
    #expect(try store.fixes(of: recording.id).map(\.fix) == simulated.fixes)
    #expect(try store.listing(recording.id).state == .finished)
    #expect(!FileManager.default.fileExists(atPath: journal), "removed once committed")
    #expect(try store.integrityProblems() == nil)
  }

  @Test func aJournalLeftByADeadRecorderIsCommittedOnTheNextOpen() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    let recording = try store.startRecording(
      name: nil, origin: .live, configuration: SessionConfiguration(activity: .run),
      source: nil)
    recording.commitInterval = .zero
    for fix in simulated.fixes.prefix(50) { try recording.append(fix) }
    let holder = try LockHolder(temp.location.path)
    for fix in simulated.fixes[50..<400] { try recording.append(fix) }
    try recording.flush()
    try holder.release()
    // The recorder "dies": its journal and its session now name a process that is gone.
    let journal = RecordingJournal.path(database: temp.location.path, session: recording.id)
    var text = try String(contentsOfFile: journal, encoding: .utf8)
    text = text.replacingOccurrences(of: "pid=\(getpid()) ", with: "pid=0 ")
    try text.write(toFile: journal, atomically: false, encoding: .utf8)
    try DatabaseQueue(path: temp.location.path).write { db in
      try db.execute(sql: "UPDATE session SET ownerPid = 0")
    }

    let next = try temp.open()
    #expect(try next.markAbandonedSessions() == [recording.id])
    #expect(try next.fixes(of: recording.id).map(\.fix) == Array(simulated.fixes.prefix(400)))
    #expect(try next.listing(recording.id).fixCount == 400)
    #expect(!FileManager.default.fileExists(atPath: journal))
    let finished = try next.finish(recording.id)
    #expect(finished.fixCount == 400)
  }

  @Test func aJournalLineCutShortIsLeftOutAndEveryFieldRoundTrips() throws {
    let fix = Fix(
      time: GNSSTime(secondsSince1970: 1_700_000_000.125),
      coordinate: Coordinate(latitude: 51.5, longitude: -0.1), altitude: Meters(.infinity),
      horizontalAccuracy: Meters(3), speed: MetersPerSecond(.nan), mode: .threeD,
      provider: .network, satellites: 9, hdop: 0.7, heartRate: BeatsPerMinute(150),
      segment: 2, origin: FixOrigin(index: 4, line: 17))
    let line = RecordingJournal.line(seq: 3, fix: fix)
    let back = try #require(RecordingJournal.parse(line.dropLast()))
    #expect(back.seq == 3)
    #expect(back.fix.altitude?.value == .infinity)
    #expect(back.fix.speed?.value.isNaN == true)
    var same = back.fix
    same.speed = fix.speed.map { _ in MetersPerSecond(0) }
    var expected = fix
    expected.speed = MetersPerSecond(0)
    #expect(same == expected)
    #expect(RecordingJournal.parse(line.prefix(line.count / 2)) == nil)
  }

  @Test func aJournalIsNeverWrittenThroughALink() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    let recording = try store.startRecording(
      name: nil, origin: .live, configuration: SessionConfiguration(activity: .run),
      source: nil)
    recording.commitInterval = .zero
    let target = temp.directory + "/elsewhere"
    let journal = RecordingJournal.path(database: temp.location.path, session: recording.id)
    try FileManager.default.createSymbolicLink(atPath: journal, withDestinationPath: target)
    let holder = try LockHolder(temp.location.path)
    defer { try? holder.release() }
    #expect(throws: StoreError.self) {
      for fix in simulated.fixes.prefix(10) { try recording.append(fix) }
    }
    #expect(!FileManager.default.fileExists(atPath: target))
  }

  @Test func aStoreOpenedWhileAnotherHoldsTheLockCanWriteOnceItIsReleased() throws {
    let temp = TemporaryStore()
    _ = try temp.open()
    let holder = try LockHolder(temp.location.path)
    let opening = ContinuousClock.now
    let store = try temp.open()
    #expect(ContinuousClock.now - opening < .seconds(2), "a reader does not wait for writers")
    #expect(try store.sessions().isEmpty)
    try holder.release()
    _ = try store.startRecording(
      name: nil, origin: .live, configuration: SessionConfiguration(activity: .run),
      source: nil)
  }

  @Test func aNewDatabaseVacuumsIncrementallyAndADeleteGivesItsRoomBack() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    let autoVacuum = try store.pool.read { db in try Int.fetchOne(db, sql: "PRAGMA auto_vacuum") }
    #expect(autoVacuum == 2, "incremental")
    let many = (0..<30).flatMap { _ in simulated.fixes }
    guard
      case .imported(let record) = try store.importSession(
        fixes: many, name: "big", configuration: SessionConfiguration(activity: .run),
        source: nil)
    else {
      Issue.record("not imported")
      return
    }
    let full = try store.size()
    #expect(full.fixes == Int64(many.count))
    try store.delete(try #require(record.id))
    let emptied = try store.size()
    #expect(emptied.fixes == 0)
    #expect(emptied.freeBytes < 4096 * 4096, "free pages given back in the delete")
    #expect(emptied.bytes < full.bytes / 4, "\(emptied.bytes) of \(full.bytes)")
    #expect(try store.sessions().isEmpty)
  }

  @Test func aBatchedImportGivesTheSameSessionAsTheRecorder() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    // Three batches and more, so verdicts released late cross a batch boundary.
    let many = (0..<8).flatMap { _ in simulated.fixes }.enumerated().map { n, fix in
      var moved = fix
      moved.time = fix.time.map { GNSSTime(secondsSince1970: $0.secondsSince1970 + Double(n)) }
      return moved
    }
    let configuration = SessionConfiguration(activity: .run)
    let expected = SessionRecorder.record(fixes: many, configuration: configuration)
    guard
      case .imported(let record) = try store.importSession(
        fixes: many, name: "x", configuration: configuration, source: nil)
    else {
      Issue.record("not imported")
      return
    }
    #expect(record.fixes == expected.fixes)
    #expect(record.track == expected.track)
    #expect(record.events == expected.events)
    #expect(record.summary == expected.summary)
    #expect(record.finishedTrack == expected.finishedTrack)
    guard
      case .alreadyImported(let id) = try store.importSession(
        fixes: many, name: "x", configuration: configuration, source: nil)
    else {
      Issue.record("imported twice")
      return
    }
    #expect(id == record.id)
    #expect(try store.sessions().count == 1)
  }

  @Test func aFailedImportLeavesNothingAndADeadImportIsTakenAway() throws {
    struct Broken: Error {}
    let temp = TemporaryStore()
    let store = try temp.open()
    var left = 15_000
    var source = (0..<10).flatMap { _ in simulated.fixes }.makeIterator()
    #expect(throws: Broken.self) {
      try store.importSession(
        reading: { () throws(Broken) -> Fix? in
          left -= 1
          if left == 0 { throw Broken() }
          return source.next()
        }, name: "cut", configuration: SessionConfiguration(activity: .run), source: nil)
    }
    #expect(try store.sessions().isEmpty)
    #expect(try store.size().fixes == 0)

    // An import whose process died half way is hidden, then removed by the next command.
    let configuration = try StoredJSON.encode(SessionConfiguration(activity: .run))
    try DatabaseQueue(path: temp.location.path).write { db in
      try db.execute(
        sql: """
          INSERT INTO session (id, activity, origin, state, createdAt, updatedAt,
            configuration, ownerPid) VALUES (9, 'run', 'imported', 'importing', 0, 0, ?, 0)
          """, arguments: [configuration])
      try db.execute(
        sql: "INSERT INTO fix (sessionId, seq, mode, provider, segment, originIndex) "
          + "VALUES (9, 0, 'unknown', 'gnss', 0, 0)")
    }
    #expect(try store.sessions().isEmpty)
    #expect(throws: StoreError.noSuchSession(9)) { try store.listing(9) }
    #expect(try store.markAbandonedSessions().isEmpty)
    #expect(try store.size().fixes == 0)
    let left9 = try store.pool.read { db in
      try Int.fetchOne(db, sql: "SELECT count(*) FROM session")
    }
    #expect(left9 == 0)
  }
}

@Suite struct VacuumTests {
  @Test func anOlderDatabaseIsRewrittenOnceWithIncrementalVacuum() throws {
    let temp = TemporaryStore()
    try FileManager.default.createDirectory(
      atPath: temp.directory, withIntermediateDirectories: true)
    // A database as Strider made it before: no auto-vacuum.
    let old = try DatabasePool(path: temp.location.path)
    try Schema.migrator.migrate(old)
    try old.close()
    let store = try temp.open()
    let mode = { try store.pool.read { db in try Int.fetchOne(db, sql: "PRAGMA auto_vacuum") } }
    #expect(try mode() == 0)
    let fixes = (0..<10).flatMap { _ in simulated.fixes }
    guard
      case .imported(let record) = try store.importSession(
        fixes: fixes, name: nil, configuration: SessionConfiguration(activity: .run), source: nil)
    else {
      Issue.record("not imported")
      return
    }
    try store.delete(try #require(record.id))
    #expect(try store.size().freeBytes > 1_000_000, "an old database keeps the room")
    let (before, after) = try store.vacuum()
    #expect(try mode() == 2, "incremental from now on")
    #expect(after.bytes < before.bytes / 4)
    #expect(after.freeBytes == 0 && after.fixes == 0 && after.bytesPerFix == nil)
  }
}
