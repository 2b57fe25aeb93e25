import Foundation
import GRDB
import StriderCore
import StriderSimulator
import Testing

@testable import StriderStore

/// What opening writes (migrations, marking abandoned recordings) gives way when it cannot
/// write, so that reading the history never fails for it.
@Suite struct ReadOnlyStoreTests {
  /// Holds the write lock of the database at `path` until `release()`.
  final class Holder {
    let queue: DatabaseQueue

    init(_ path: String) throws {
      var holding = Configuration()
      holding.allowsUnsafeTransactions = true
      queue = try DatabaseQueue(path: path, configuration: holding)
      try queue.inDatabase { db in try db.execute(sql: "BEGIN EXCLUSIVE") }
    }

    func release() throws {
      try queue.inDatabase { db in try db.execute(sql: "ROLLBACK") }
      try queue.close()
    }
  }

  @Test func anAbandonedRecordingIsMarkedLaterWhenAnotherProcessHoldsTheLock() throws {
    let temp = TemporaryStore()
    let id = try {
      let store = try temp.open()
      let recording = try store.startRecording(
        name: nil, origin: .live, configuration: SessionConfiguration(activity: .run),
        source: nil)
      try store.pool.write { db in
        try db.execute(
          sql: "UPDATE session SET ownerPid = 999999999 WHERE id = ?", arguments: [recording.id])
      }
      return recording.id
    }()
    let holder = try Holder(temp.location.path)
    let store = try temp.open(busyTimeout: 0.2)
    #expect(try store.markAbandonedSessions() == [], "skipped, not an error")
    #expect(try store.sessions().map(\.id) == [id], "the history still reads")
    try holder.release()
    #expect(try temp.open().markAbandonedSessions() == [id], "marked by the next command")
  }

  @Test func aLockedDatabaseOfTheOlderSchemaIsReadWithoutMigrating() throws {
    let temp = TemporaryStore()
    try FileManager.default.createDirectory(
      atPath: temp.directory, withIntermediateDirectories: true)
    let fixes = Array(
      Simulator.run(SimulationConfiguration(activity: .run, seed: 2)).fixes.prefix(200))
    let configuration = SessionConfiguration(activity: .run)
    let record = SessionRecorder.record(fixes: fixes, configuration: configuration)
    do {
      // A pool, as the store makes it: WAL, where a writer's lock leaves reading free.
      let pool = try DatabasePool(path: temp.location.path)
      try Schema.migrator.migrate(pool, upTo: Schema.readable)
      try pool.write { db in
        _ = try OlderSchema.insertFinished(record, configuration: configuration, db)
      }
      try pool.close()
    }
    let holder = try Holder(temp.location.path)
    let store = try temp.open(busyTimeout: 0.2)
    #expect(store.readOnlyReason == .locked)
    #expect(try store.sessions().count == 1)
    #expect(try store.record(1).fixes.count == 200)
    try holder.release()
    let writable = try temp.open()
    #expect(writable.readOnlyReason == nil)
    #expect(
      try writable.pool.read { db in try Schema.migrator.hasCompletedMigrations(db) },
      "migrated once it could write")
  }
}
