import Foundation
import GRDB
import StriderCore
import StriderSimulator
import Testing

@testable import StriderStore

/// A session's fixes read column by column straight from SQLite (`FixRow.forEach`) are the
/// rows GRDB's decoding reads, and a row no Strider writes is refused as GRDB refuses it.
@Suite struct FixRowReaderTests {
  /// A ride with faults (fixes rejected, without a position or a time), each fix carrying
  /// every optional field, in two segments.
  static func fixes() -> [Fix] {
    let session = Simulator.run(SimulationConfiguration(activity: .ride, seed: 9))
    return session.fixes.prefix(600).enumerated().map { k, fix in
      var f = fix
      f.heartRate = k % 7 == 0 ? nil : BeatsPerMinute(Double(120 + k % 40))
      f.cadence = k % 5 == 0 ? nil : RevolutionsPerMinute(Double(80 + k % 9))
      f.power = k % 3 == 0 ? nil : Watts(Double(150 + k % 60))
      f.temperature = k % 11 == 0 ? nil : Celsius(21.5)
      f.deviceDistance = Meters(Double(k) * 7.25)
      f.satellites = k % 4 == 0 ? nil : 9
      f.hdop = k % 6 == 0 ? nil : 1.2
      f.segment = k < 300 ? 0 : 1
      f.origin = FixOrigin(index: k, line: k % 2 == 0 ? nil : k + 10)
      if k % 50 == 49 { f.coordinate = nil }
      return f
    }
  }

  static func readByGRDB(_ store: SessionStore, _ id: Int64, accepted: Bool = false) throws
    -> [FixRow]
  {
    try store.pool.read { db in
      try (accepted ? FixRow.accepted(of: id) : FixRow.of(id)).fetchAll(db)
    }
  }

  static func readDirectly(
    _ store: SessionStore, _ id: Int64, after seq: Int? = nil, limit: Int? = nil,
    accepted: Bool = false
  ) throws -> [FixRow] {
    try store.pool.read { db in
      var rows: [FixRow] = []
      try FixRow.forEach(of: id, after: seq, limit: limit, acceptedOnly: accepted, db) {
        rows.append($0)
      }
      return rows
    }
  }

  /// The direct reading and GRDB's read the same rows, or fail with the same error.
  static func expectSameReading<Row: Equatable>(
    grdb: Result<[Row], any Error>, directly direct: Result<[Row], any Error>
  ) {
    switch (grdb, direct) {
    case (.success(let a), .success(let b)): #expect(a == b)
    case (.failure(let a), .failure(let b)): #expect("\(a)" == "\(b)")
    default: Issue.record("GRDB: \(grdb), directly: \(direct)")
    }
  }

  @Test func theRowsReadDirectlyAreGRDBs() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    let id = try FITDeviceTotalsStoreTests.imported(store, Self.fixes())
    let all = try Self.readByGRDB(store, id)
    #expect(all.count == 600)
    #expect(all.contains { $0.verdict != .accepted }, "some fixes were rejected")
    #expect(try Self.readDirectly(store, id) == all)
    #expect(
      try Self.readDirectly(store, id, accepted: true) == Self.readByGRDB(store, id, accepted: true)
    )
    #expect(try Self.readDirectly(store, id, after: 99, limit: 50) == Array(all[100..<150]))
    #expect(try store.fixes(of: id, after: 549, limit: 100).map(\.seq) == Array(550..<600))
    // A database from before "v10: fix power and temperature" has neither column.
    try store.pool.write { db in
      try db.execute(sql: "ALTER TABLE fix DROP COLUMN power")
      try db.execute(sql: "ALTER TABLE fix DROP COLUMN temperature")
    }
    let older = try Self.readDirectly(store, id)
    #expect(older == (try Self.readByGRDB(store, id)))
    #expect(older.allSatisfy { $0.fix.power == nil && $0.fix.temperature == nil })
  }

  /// Values no Strider writes (a database changed by hand: text or a blob where a number is
  /// kept, an integer where a real is) read as GRDB reads them: the direct reading hands
  /// such a row to GRDB's decoding.
  @Test(arguments: [
    "UPDATE fix SET altitude = 412 WHERE seq = 5",
    "UPDATE fix SET latitude = 'north' WHERE seq = 7",
    "UPDATE fix SET hdop = x'00ff' WHERE seq = 8",
    "UPDATE fix SET satellites = 7.5 WHERE seq = 9",
    "UPDATE fix SET originLine = 'ten' WHERE seq = 11",
  ])
  func aRowNoStriderWritesReadsAsGRDBReadsIt(_ sql: String) throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    let id = try FITDeviceTotalsStoreTests.imported(store, Self.fixes())
    try store.pool.write { db in try db.execute(sql: sql) }
    FixRowReaderTests.expectSameReading(
      grdb: Result { try Self.readByGRDB(store, id) },
      directly: Result { try Self.readDirectly(store, id) })
  }

  /// The fixes an export looks through for sensor values are read by SQLite's own filter:
  /// exactly the fixes with a heart rate, cadence, power or temperature, also in a database
  /// from before the power and temperature columns.
  @Test func theFixesWithSensorsAreThoseWithAValue() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    var fixes = Self.fixes()
    for k in stride(from: 0, to: fixes.count, by: 4) {
      fixes[k].heartRate = nil
      fixes[k].cadence = nil
      fixes[k].power = nil
      fixes[k].temperature = nil
    }
    fixes[2].heartRate = nil
    fixes[2].cadence = nil
    fixes[2].power = nil
    fixes[2].temperature = Celsius(4)
    let id = try FITDeviceTotalsStoreTests.imported(store, fixes)
    func withSensors() throws -> [FixRow] {
      try store.pool.read { db in
        var rows: [FixRow] = []
        try FixRow.forEach(of: id, sensorsOnly: true, db) { rows.append($0) }
        return rows
      }
    }
    let all = try Self.readByGRDB(store, id)
    let expected = all.filter {
      $0.fix.heartRate != nil || $0.fix.cadence != nil || $0.fix.power != nil
        || $0.fix.temperature != nil
    }
    #expect(expected.count < all.count - 100)
    #expect(expected.contains { $0.seq == 2 }, "a temperature alone counts")
    #expect(try withSensors() == expected)
    var stored: [Int] = []
    try store.forEachFixWithSensors(of: id) { fix, _ in stored.append(fix.origin.index) }
    #expect(stored == expected.map(\.fix.origin.index))
    try store.pool.write { db in
      try db.execute(sql: "ALTER TABLE fix DROP COLUMN power")
      try db.execute(sql: "ALTER TABLE fix DROP COLUMN temperature")
    }
    let older = try Self.readByGRDB(store, id).filter {
      $0.fix.heartRate != nil || $0.fix.cadence != nil
    }
    #expect(try withSensors() == older)
  }
}
