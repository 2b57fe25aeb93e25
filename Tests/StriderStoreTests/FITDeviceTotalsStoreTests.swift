import Foundation
import GRDB
import StriderCore
import StriderSimulator
import Testing

@testable import StriderStore

/// What a FIT file's device counted, kept with its imported session ("v9: device totals"),
/// and a power meter's and thermometer's readings kept with each fix ("v10").
@Suite struct FITDeviceTotalsStoreTests {
  static let fixes = Array(
    Simulator.run(SimulationConfiguration(activity: .ride, seed: 4)).fixes.prefix(300))

  static func imported(_ store: SessionStore, _ fixes: [Fix]) throws -> Int64 {
    var index = 0
    let outcome = try store.importSession(
      reading: { () -> Fix? in
        defer { index += 1 }
        return index < fixes.count ? fixes[index] : nil
      }, name: "ride.fit", configuration: SessionConfiguration(activity: .ride),
      source: "ride.fit")
    guard case .imported(let session) = outcome else {
      Issue.record("\(outcome)")
      return -1
    }
    return session.id
  }

  @Test func deviceTotalsAreKeptReadBackAndDeletedWithTheSession() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    let id = try Self.imported(store, Self.fixes)
    #expect(try store.deviceTotals(of: id) == nil, "none until kept")
    var totals = DeviceTotals(
      distance: Meters(25196.98), timerTime: Seconds(3492.4), elapsedTime: Seconds(3620.9),
      parts: 1, partName: "session")
    totals.pauses = 8
    totals.end = GNSSTime(secondsSince1970: 1_334_238_859)
    try store.keepDeviceTotals(totals, of: id)
    #expect(try store.deviceTotals(of: id) == totals)
    totals.pauses = 9
    try store.keepDeviceTotals(totals, of: id)
    #expect(try store.deviceTotals(of: id)?.pauses == 9, "kept in place of the old")
    try store.delete(id)
    let left = try store.pool.read { db in
      try Int.fetchOne(db, sql: "SELECT count(*) FROM deviceTotals") ?? -1
    }
    #expect(left == 0)
  }

  @Test func totalsTheTableWouldRefuseAreNotKept() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    let id = try Self.imported(store, Self.fixes)
    let negative = DeviceTotals(
      distance: Meters(-5), timerTime: nil, elapsedTime: nil, parts: 1, partName: "session")
    try store.keepDeviceTotals(negative, of: id)
    #expect(try store.deviceTotals(of: id) == nil)
  }

  @Test func powerAndTemperatureAreKeptWithEachFix() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    var fixes = Self.fixes
    for i in fixes.indices where i % 2 == 0 {
      fixes[i].power = Watts(Double(200 + i))
      fixes[i].temperature = Celsius(Double(i % 40 - 10))
    }
    let id = try Self.imported(store, fixes)
    let back = try store.record(id).fixes.map(\.fix)
    #expect(back.map(\.power) == fixes.map(\.power))
    #expect(back.map(\.temperature) == fixes.map(\.temperature))
  }

  /// `FixRow` reads by position: its columns are the table's, in the table's order.
  @Test func fixRowsColumnsAreTheTablesInOrder() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    let names = try store.pool.read { db in try db.columns(in: "fix").map(\.name) }
    #expect(names == FixRow.columnOrder.map(\.name))
  }
}
