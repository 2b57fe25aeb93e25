import GRDB
import StriderCore

/// What the recording device counted for an imported file (`DeviceTotals`), as the
/// `deviceTotals` table keeps it: one row per session that had such totals, so `sessions
/// show` prints them beside Strider's figures as `analyze` does. A multisport file's parts
/// are not kept (their sum is).
struct DeviceTotalsRow: Codable, FetchableRecord, PersistableRecord, Equatable {
  static let databaseTableName = "deviceTotals"

  var sessionId: Int64
  var distance: Meters?
  var timerTime: Seconds?
  var elapsedTime: Seconds?
  var pauses: Int?
  var parts: Int
  var partName: String
  var endTime: GNSSTime?
  /// Added by "v13: device distance outside positions"; absent (nil) in a database read
  /// before that migration ran.
  var unpositionedDistance: Meters?
  /// Added by "v14: device calories"; absent (nil) in a database read before that
  /// migration ran.
  var calories: Kilocalories?

  enum Columns {
    static let sessionId = Column(CodingKeys.sessionId)
  }

  init(sessionId: Int64, _ totals: DeviceTotals) {
    self.sessionId = sessionId
    distance = totals.distance.flatMap { $0.value.isFinite ? $0 : nil }
    timerTime = totals.timerTime.flatMap { $0.value.isFinite ? $0 : nil }
    elapsedTime = totals.elapsedTime.flatMap { $0.value.isFinite ? $0 : nil }
    pauses = totals.pauses
    parts = totals.parts
    partName = totals.partName
    endTime = totals.end
    unpositionedDistance = totals.unpositionedDistance.flatMap {
      $0.value.isFinite && $0.value >= 0 ? $0 : nil
    }
    calories = totals.calories.flatMap { $0.value.isFinite && $0.value >= 0 ? $0 : nil }
  }

  var totals: DeviceTotals {
    var totals = DeviceTotals(
      distance: distance, timerTime: timerTime, elapsedTime: elapsedTime, parts: parts,
      partName: partName)
    totals.pauses = pauses
    totals.end = endTime
    totals.unpositionedDistance = unpositionedDistance
    totals.calories = calories
    return totals
  }

  /// The `deviceTotals` table, added by the migration "v9: device totals".
  static let schema = """
    CREATE TABLE deviceTotals (
      sessionId INTEGER PRIMARY KEY REFERENCES session(id) ON DELETE CASCADE,
      distance REAL CHECK (distance IS NULL OR distance >= 0),
      timerTime REAL CHECK (timerTime IS NULL OR timerTime >= 0),
      elapsedTime REAL CHECK (elapsedTime IS NULL OR elapsedTime >= 0),
      pauses INTEGER CHECK (pauses IS NULL OR pauses >= 0),
      parts INTEGER NOT NULL CHECK (parts >= 1),
      partName TEXT NOT NULL CHECK (partName <> ''),
      endTime REAL
    );
    """
}

extension SessionStore {
  /// Keeps what the device counted for session `id` (an imported FIT or TCX file), in place
  /// of what was kept before. Totals the table's checks refuse (a negative distance from a
  /// hostile file) are not kept: they would be no comparison.
  public func keepDeviceTotals(_ totals: DeviceTotals, of id: Int64) throws(StoreError) {
    let row = DeviceTotalsRow(sessionId: id, totals)
    guard (row.distance?.value ?? 0) >= 0, (row.timerTime?.value ?? 0) >= 0,
      (row.elapsedTime?.value ?? 0) >= 0, (row.pauses ?? 0) >= 0, row.parts >= 1,
      !row.partName.isEmpty
    else { return }
    try patientWrite { db in
      try row.save(db)
      var session = try SessionRow.find(db, key: id)
      let summary = try session.decodedSummary()
      let taken = try DeviceTotalsRow.takingCalories(summary, of: id, db)
      if taken != summary {
        session.calories = taken?.calories
        session.summary = try taken.map(StoredJSON.encode)
        try session.update(db)
      }
    }
  }

  /// What the device counted for session `id`, nil when nothing was kept (a live session,
  /// a GPX file, or an import by an older Strider, or a database read before "v9: device
  /// totals" ran).
  public func deviceTotals(of id: Int64) throws(StoreError) -> DeviceTotals? {
    try guarded {
      try pool.read { db in
        guard try db.tableExists(DeviceTotalsRow.databaseTableName) else { return nil }
        return try DeviceTotalsRow.fetchOne(db, key: id)?.totals
      }
    }
  }
}

extension DeviceTotalsRow {
  /// `summary` with the calories session `id`'s device counted, where it kept any
  /// (`DeviceComparison.summaryTakingDeviceCalories`): what the store keeps as the session's.
  static func takingCalories(_ summary: SessionSummary?, of id: Int64, _ db: Database) throws
    -> SessionSummary?
  {
    guard let summary, try db.tableExists(databaseTableName),
      let row = try fetchOne(db, key: id)
    else { return summary }
    return DeviceComparison(device: row.totals, summary: summary).summaryTakingDeviceCalories
  }
}
