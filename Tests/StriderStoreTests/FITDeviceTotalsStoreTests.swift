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
    totals.unpositionedDistance = Meters(3421.52)
    totals.calories = Kilocalories(1954)
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

  /// The device's calories (95 kcal over a five-minute ride: hard, possible) become the
  /// session's once its totals are kept, with Strider's estimate beside them; measured
  /// again (a new activity), the session keeps them.
  @Test func theDevicesCaloriesAreTheSessions() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    let id = try Self.imported(store, Self.fixes)
    let before = try #require(try store.record(id).summary)
    #expect(before.caloriesSource != .device)
    var totals = DeviceTotals(
      distance: before.distance, timerTime: before.moving, elapsedTime: before.elapsed,
      parts: 1, partName: "session")
    totals.end = before.end?.time
    totals.calories = Kilocalories(95)
    try store.keepDeviceTotals(totals, of: id)
    let after = try #require(try store.record(id).summary)
    #expect(after.calories == Kilocalories(95))
    #expect(after.caloriesSource == .device)
    #expect(after.estimatedCalories?.calories == before.calories)
    #expect(try store.listing(id).calories == Kilocalories(95), "the list and totals too")
    let comparison = DeviceComparison(device: totals, summary: after)
    #expect(comparison.striderCalories.calories == before.calories, "the gap is Strider's")

    try store.edit(id, name: nil, activity: .run)
    let edited = try #require(try store.record(id).summary)
    #expect(edited.activity == .run)
    #expect(edited.calories == Kilocalories(95) && edited.caloriesSource == .device)
    #expect(edited.estimatedCalories?.calories != before.calories, "a run's estimate is new")
  }

  /// The heart rates a profile draws, read without the fixes whole: every fix with a rate
  /// above zero, in order; none for a session without a strap.
  @Test func heartRatesAreReadInOrder() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    let withHeart = Self.fixes.enumerated().map { k, fix in
      var fix = fix
      fix.heartRate = k % 3 == 0 ? nil : BeatsPerMinute(k % 7 == 0 ? 0 : Double(100 + k % 50))
      return fix
    }
    let id = try Self.imported(store, withHeart)
    let expected = withHeart.compactMap { fix -> (Double, Double)? in
      guard let rate = fix.heartRate?.value, rate > 0, let time = fix.time else { return nil }
      return (time.secondsSince1970, rate)
    }
    let read = try store.heartRates(of: id).map { ($0.time.secondsSince1970, $0.rate) }
    #expect(read.count == expected.count && read.count > 100)
    #expect(zip(read, expected).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 })
    let plain = try Self.imported(store, Array(Self.fixes.suffix(50)))
    #expect(try store.heartRates(of: plain).isEmpty)
  }

  /// A multisport file's parts ("v12: multisport parts"): kept in file order, replaced by
  /// a second keep, a part the table would refuse left out, deleted with the session.
  @Test func partsAreKeptInOrderReplacedAndDeletedWithTheSession() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    let id = try Self.imported(store, Self.fixes)
    #expect(try store.parts(of: id).isEmpty, "none until kept")
    func part(_ sport: String, _ activity: Activity, _ distance: Double) -> SessionPart {
      SessionPart(
        device: DeviceLeg(
          sport: sport, activity: activity == .ride ? .ride : nil,
          start: GNSSTime(secondsSince1970: 1_527_406_381 + distance),
          distance: Meters(distance + 80), timerTime: Seconds(600), elapsedTime: Seconds(610)),
        activity: activity, distance: Meters(distance), elapsed: Seconds(610),
        moving: Seconds(590), pointsAccepted: 120)
    }
    let parts = [part("swimming", .swim, 1600), part("transition", .ride, 140)]
    try store.keepParts(parts, of: id)
    #expect(try store.parts(of: id) == parts)
    var hostile = part("cycling", .ride, 40_000)
    hostile.distance = Meters(.nan)
    let again = [part("cycling", .ride, 40_000), hostile, part("running", .run, 9_800)]
    try store.keepParts(again, of: id)
    #expect(try store.parts(of: id) == [again[0], again[2]], "in place of the old; NaN left out")
    try store.delete(id)
    let left = try store.pool.read { db in
      try Int.fetchOne(db, sql: "SELECT count(*) FROM sessionPart") ?? -1
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

  /// The history detail's sensor figures, read from the rows that carry a sensor, are
  /// `sessions show`'s, summed over every fix.
  @Test func sensorFiguresReadFromTheStoreAreThoseOfEveryFix() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    var fixes = Self.fixes
    for i in fixes.indices {
      if i % 3 == 0 { fixes[i].heartRate = BeatsPerMinute(Double(i % 5 == 0 ? 0 : 120 + i % 40)) }
      if i % 4 == 0 { fixes[i].cadence = RevolutionsPerMinute(Double(80 + i % 9)) }
      if i >= 10 { fixes[i].power = Watts(Double(i % 7 == 0 ? 0 : 150 + i % 90)) }
      if i % 5 == 0 { fixes[i].temperature = Celsius(Double(i % 30 - 5)) }
    }
    let id = try Self.imported(store, fixes)
    let all = SensorFigures.of(try store.record(id).fixes.map(\.fix))
    let read = try store.sensorFigures(of: id)
    #expect(read.heartRateCount > 0 && read.powerCount > 0 && read.temperatureCount > 0)
    #expect(read.rows(onFoot: true).map(\.1) == all.rows(onFoot: true).map(\.1))
    #expect(read.json == all.json)
    // A session whose fixes carry none (in a store of its own: the same outing twice is
    // refused).
    let plainTemp = TemporaryStore()
    let plainStore = try plainTemp.open()
    let plain = try Self.imported(plainStore, Self.fixes)
    #expect(try plainStore.sensorFigures(of: plain).json == nil)
    // A database from before "v10: fix power and temperature" has neither column: the heart
    // rate and cadence still read.
    try store.pool.write { db in
      try db.execute(sql: "ALTER TABLE fix DROP COLUMN power")
      try db.execute(sql: "ALTER TABLE fix DROP COLUMN temperature")
    }
    let older = try store.sensorFigures(of: id)
    #expect(older.powerCount == 0 && older.temperatureCount == 0)
    #expect(older.heartRateCount == all.heartRateCount && older.cadenceCount == all.cadenceCount)
    #expect(older.averageHeartRate == all.averageHeartRate)
  }

  /// `FixRow` reads by position: its columns are the table's, in the table's order.
  @Test func fixRowsColumnsAreTheTablesInOrder() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    let names = try store.pool.read { db in try db.columns(in: "fix").map(\.name) }
    #expect(names == FixRow.columnOrder.map(\.name))
  }
}
