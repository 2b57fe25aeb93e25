import Foundation
import GRDB
import StriderCore
import Testing

@testable import StriderStore

/// A session's finished track read column by column straight from SQLite
/// (`FinishedPointRow.forEach`) is the track GRDB's decoding reads, and a row no Strider
/// writes is refused as GRDB refuses it.
@Suite struct FinishedPointReaderTests {
  static func readByGRDB(_ store: SessionStore, _ id: Int64) throws -> [FinishedTrack.Point] {
    try store.pool.read { db in try FinishedPointRow.of(id).fetchAll(db).map(\.point) }
  }

  static func readDirectly(
    _ store: SessionStore, _ id: Int64, seq: Range<Int>? = nil
  ) throws -> [FinishedTrack.Point] {
    try store.pool.read { db in
      var points: [FinishedTrack.Point] = []
      try FinishedPointRow.forEach(of: id, seq: seq, db) { points.append($0) }
      return points
    }
  }

  static func stored() throws -> (TemporaryStore, SessionStore, Int64) {
    let temp = TemporaryStore()
    let store = try temp.open()
    let id = try FITDeviceTotalsStoreTests.imported(store, FixRowReaderTests.fixes())
    return (temp, store, id)
  }

  @Test func thePointsReadDirectlyAreGRDBs() throws {
    let (temp, store, id) = try Self.stored()
    defer { _ = temp }
    let all = try Self.readByGRDB(store, id)
    #expect(all.count > 500)
    #expect(Set(all.map(\.segment)).count == 2, "two segments")
    #expect(all.contains(where: \.isStopped) || all.contains { !$0.isStopped })
    #expect(try Self.readDirectly(store, id) == all)
    #expect(try Self.readDirectly(store, id, seq: 100..<150) == Array(all[100..<150]))
    // What the exports and the stored record read.
    #expect(try store.record(id).finishedTrack.points == all)
    var streamed: [FinishedTrack.Point] = []
    try store.forEachFinishedPoint(of: id) { streamed.append($0) }
    #expect(streamed == all)
  }

  /// Values no Strider writes read as GRDB reads them: the direct reading hands such a row
  /// to GRDB's decoding.
  @Test(arguments: [
    "UPDATE finishedPoint SET altitude = 412 WHERE seq = 5",
    "UPDATE finishedPoint SET altitude = NULL WHERE seq = 6",
    "UPDATE finishedPoint SET latitude = 'north' WHERE seq = 7",
    "UPDATE finishedPoint SET speed = x'00ff' WHERE seq = 8",
    "UPDATE finishedPoint SET time = x'00' WHERE seq = 9",
    "UPDATE finishedPoint SET segment = 'one' WHERE seq = 11",
    "UPDATE finishedPoint SET distance = 'far' WHERE seq = 12",
    "UPDATE finishedPoint SET segment = 2.5 WHERE seq = 13",
  ])
  func aRowNoStriderWritesReadsAsGRDBReadsIt(_ sql: String) throws {
    let (temp, store, id) = try Self.stored()
    defer { _ = temp }
    try store.pool.write { db in try db.execute(sql: sql) }
    FixRowReaderTests.expectSameReading(
      grdb: Result { try Self.readByGRDB(store, id) },
      directly: Result { try Self.readDirectly(store, id) })
  }
}
