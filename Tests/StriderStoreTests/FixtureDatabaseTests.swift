import Foundation
import GRDB
import StriderCore
import Testing

@testable import StriderStore

/// The frozen files in `Fixtures/`, found beside this source file.
enum Fixtures {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  static func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

  static func text(_ name: String) throws -> String {
    try String(contentsOf: url(name), encoding: .utf8)
  }

  /// A temporary store holding a copy of the database today's Strider wrote: the fixture
  /// itself is never opened, since opening migrates.
  static func copiedStore() throws -> TemporaryStore {
    let temp = TemporaryStore()
    try FileManager.default.createDirectory(
      atPath: temp.directory, withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    try FileManager.default.copyItem(
      atPath: url("strider-v3.sqlite").path, toPath: temp.location.path)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o600], ofItemAtPath: temp.location.path)
    return temp
  }
}

/// A database written by the Strider of schema v3 (see `Fixtures/README.md`) opens, lists,
/// shows, replays, exports, finishes and migrates with this one: the users' own databases
/// must keep working whatever the store becomes.
@Suite struct FixtureDatabaseTests {
  /// One session of the fixture as that Strider listed it.
  struct Expected: Sendable, CustomTestStringConvertible {
    var id: Int64
    var name: String
    var activity: Activity
    var origin: SessionOrigin
    var state: SessionState
    var wasInterrupted: Bool
    var fixCount: Int
    /// The summary's distance in metres; nil for the interrupted session.
    var distance: Double?
    var moving: Double?
    /// Points a GPX export holds: raw, accepted, the finished track, the display track.
    var exported: (raw: Int, accepted: Int, track: Int, display: Int)

    var testDescription: String { "session \(id)" }
  }

  static let sessions: [Expected] = [
    Expected(
      id: 4, name: "iTrek.log", activity: .walk, origin: .imported, state: .finished,
      wasInterrupted: false, fixCount: 37, distance: 3.150832581590012, moving: 2,
      exported: (35, 26, 26, 2)),
    Expected(
      id: 3, name: "px-visnjan.gpx", activity: .ride, origin: .imported, state: .finished,
      wasInterrupted: false, fixCount: 104, distance: 2724.9396151811943, moving: 308,
      exported: (104, 104, 104, 50)),
    Expected(
      id: 2, name: "demo walk, seed 2", activity: .walk, origin: .simulated, state: .interrupted,
      wasInterrupted: true, fixCount: 19, distance: nil, moving: nil, exported: (19, 19, 0, 0)),
    Expected(
      id: 1, name: "demo run, seed 1", activity: .run, origin: .simulated, state: .finished,
      wasInterrupted: true, fixCount: 130, distance: 315.36845475277846, moving: 111,
      exported: (130, 128, 128, 4)),
  ]

  @Test func listsEverySessionAsItWasWritten() throws {
    let temp = try Fixtures.copiedStore()
    let store = try temp.open()
    let listed = try store.sessions()
    #expect(listed.map(\.id) == Self.sessions.map(\.id), "oldest first")
    for (listing, expected) in zip(listed, Self.sessions) {
      #expect(listing.name == expected.name)
      #expect(listing.activity == expected.activity)
      #expect(listing.origin == expected.origin)
      #expect(listing.state == expected.state)
      #expect(listing.wasInterrupted == expected.wasInterrupted)
      #expect(listing.fixCount == expected.fixCount)
      #expect(listing.distance?.value == expected.distance, "the distance as it was kept")
      #expect(listing.moving?.value == expected.moving)
      #expect(listing.startTime != nil)
    }
    #expect(try store.sessions(includingSimulated: false).map(\.id) == [4, 3])
  }

  @Test(arguments: sessions.filter { $0.state == .finished })
  func showsAndReplaysAFinishedSessionToItsNumbers(_ expected: Expected) throws {
    let temp = try Fixtures.copiedStore()
    let store = try temp.open()
    let record = try store.record(expected.id)
    let summary = try #require(record.summary)
    #expect(summary.distance.value == expected.distance)
    #expect(record.fixes.count == expected.fixCount)
    #expect(record.finishedTrack.points.count == expected.exported.track)
    #expect(!record.events.isEmpty)
    #expect(try !store.needsFinishedTrack(expected.id))

    // The replay: the stored fixes through the engine with the stored settings.
    let configuration = try store.configuration(of: expected.id)
    #expect(configuration.activity == expected.activity)
    let again = SessionRecorder.record(
      fixes: try store.fixes(of: expected.id).map(\.fix), configuration: configuration)
    let replayed = try #require(again.summary)
    #expect(
      abs(replayed.distance.value - summary.distance.value) < 1e-6,
      "a replay gives the stored distance: \(replayed.distance.value)")
    #expect(replayed.moving == summary.moving)
    #expect(replayed.elapsed == summary.elapsed)
    // The fixes taken are the recording's; one reason was renamed since the fixture was
    // written: a fix older than the session itself was `out_of_order`, now `stale`.
    #expect(
      again.fixes.map { $0.verdict == .accepted } == record.fixes.map { $0.verdict == .accepted })
    let renamed = zip(again.fixes, record.fixes).filter { $0.verdict != $1.verdict }
    #expect(
      renamed.allSatisfy { $0.verdict == .rejected(.stale) && $1.verdict == .rejected(.outOfOrder) }
    )
  }

  @Test(arguments: sessions) func exportsThePointsItKept(_ expected: Expected) throws {
    let temp = try Fixtures.copiedStore()
    let store = try temp.open()
    let header = try store.recordWithoutPoints(expected.id)
    #expect(header.name == expected.name)
    #expect(header.summary?.distance.value == expected.distance)
    let selections: [(StoredPoints, Int)] = [
      (.fixes, expected.exported.raw), (.acceptedFixes, expected.exported.accepted),
      (.finishedTrack, expected.exported.track), (.displayTrack, expected.exported.display),
    ]
    for (points, count) in selections {
      var seen = 0
      try store.forEachStoredPoint(of: expected.id, points) { point in
        switch point {
        case .fix(let fix, _): if fix.coordinate != nil { seen += 1 }
        case .track: seen += 1
        }
      }
      #expect(seen == count, "\(points)")
    }
  }

  @Test func finishesTheInterruptedSession() throws {
    let temp = try Fixtures.copiedStore()
    let store = try temp.open()
    let record = try store.finish(2)
    #expect(record.summary != nil)
    let listing = try store.listing(2)
    #expect(listing.state == .finished)
    #expect(listing.wasInterrupted)
    let configuration = try store.configuration(of: 2)
    #expect(configuration.weight == Kilograms(80))
    #expect(!configuration.autoPause.enabled, "recorded with --no-auto-pause")
  }

  @Test func knowsTheImportsItHolds() throws {
    let temp = try Fixtures.copiedStore()
    let store = try temp.open()
    let fixes = try store.fixes(of: 3).map(\.fix)
    let outcome = try store.importSession(
      fixes: fixes, name: "copy.gpx", configuration: SessionConfiguration(activity: .ride),
      source: nil)
    guard case .alreadyImported(let id) = outcome else {
      Issue.record("the same fixes were imported again")
      return
    }
    #expect(id == 3)
  }

  @Test func deletesASession() throws {
    let temp = try Fixtures.copiedStore()
    let store = try temp.open()
    try store.delete(4)
    #expect(try store.sessions().map(\.id) == [3, 2, 1])
    #expect(throws: StoreError.noSuchSession(4)) { try store.listing(4) }
  }

  @Test func theFixChecksAreComparisonsOnceMigrated() throws {
    let temp = try Fixtures.copiedStore()
    _ = try temp.open()
    let queue = try DatabaseQueue(path: temp.location.path)
    let definition = try queue.read { db in
      try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'fix'")
    }
    let sql = try #require(definition)
    for (old, new) in Schema.fixChecks {
      #expect(!sql.contains(old), "v9 rewrites \(old)")
      #expect(sql.contains(new))
    }
  }

  @Test func migratesToTheCurrentSchema() throws {
    let temp = try Fixtures.copiedStore()
    _ = try temp.open()
    let queue = try DatabaseQueue(path: temp.location.path)
    try queue.read { db in
      let applied = try Schema.migrator.appliedIdentifiers(db)
      #expect(applied == Set(Schema.migrator.migrations))
      #expect(try String.fetchAll(db, sql: "PRAGMA integrity_check") == ["ok"])
      #expect(try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty)
    }
  }

  @Test(arguments: [
    "UPDATE session SET activity = 'Swim!' WHERE id = 1",
    "UPDATE session SET activity = '' WHERE id = 1",
    "UPDATE session SET state = 'paused' WHERE id = 1",
    "UPDATE session SET wasInterrupted = 2 WHERE id = 1",
    "UPDATE session SET fixCount = -1 WHERE id = 1",
    "UPDATE session SET contentDigest = 'abc' WHERE id = 3",
    "UPDATE fix SET verdict = 'bogus verdict' WHERE sessionId = 1 AND seq = 0",
    "UPDATE fix SET mode = '4d' WHERE sessionId = 1 AND seq = 0",
    "UPDATE fix SET provider = 'psychic' WHERE sessionId = 1 AND seq = 0",
    "UPDATE trackPoint SET seq = -1 WHERE sessionId = 1 AND seq = 0",
    "UPDATE displayPoint SET seq = -1 WHERE sessionId = 1 AND seq = 0",
    "UPDATE event SET kind = 'lap 2' WHERE sessionId = 1 AND seq = 0",
  ])
  func theMigratedSchemaRefusesWhatNoStriderWrites(_ sql: String) throws {
    let temp = try Fixtures.copiedStore()
    _ = try temp.open()
    let queue = try DatabaseQueue(path: temp.location.path)
    #expect(throws: DatabaseError.self) { try queue.write { db in try db.execute(sql: sql) } }
  }

  @Test func theMigrationKeepsSessionNumbersUnused() throws {
    let temp = TemporaryStore()
    try FileManager.default.createDirectory(
      atPath: temp.directory, withIntermediateDirectories: true)
    let queue = try DatabaseQueue(path: temp.location.path)
    try Schema.migrator.migrate(queue, upTo: "v3: content digest")
    try queue.write { db in
      for _ in 0..<3 {
        try db.execute(
          sql: """
            INSERT INTO session (activity, origin, state, createdAt, updatedAt, configuration)
            VALUES ('run', 'imported', 'finished', 0, 0, '{}')
            """)
      }
      try db.execute(sql: "DELETE FROM session WHERE id > 1")
    }
    try queue.close()
    let store = try temp.open()
    let recording = try store.startRecording(
      name: nil, origin: .live, configuration: SessionConfiguration(activity: .run), source: nil)
    #expect(recording.id == 4, "not 2 or 3, which were deleted")
  }

  @Test func aCopyThatCannotBeWrittenIsReadWithoutMigrating() throws {
    let temp = try Fixtures.copiedStore()
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o400], ofItemAtPath: temp.location.path)
    defer {
      try? FileManager.default.setAttributes(
        [.posixPermissions: 0o600], ofItemAtPath: temp.location.path)
    }
    // Root writes whatever the mode says: there the copy is simply migrated.
    let store = try temp.open()
    #expect(try store.sessions().map(\.id) == Self.sessions.map(\.id))
    #expect(try store.record(3).summary?.distance.value == 2724.9396151811943)
  }
}
