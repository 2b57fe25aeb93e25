import GRDB
import GRDBSQLite
import StriderCore

extension FixRow {
  /// A session's fixes, in order, read column by column straight from SQLite
  /// (`BulkRowReader`): a replay or an export reads a million, which GRDB's generic
  /// decoding of each column took a fifth of a stored session's replay to read.
  ///
  /// - Parameters:
  ///   - seq: only the fixes after this one; `limit`: at most this many.
  ///   - acceptedOnly: only those the gate accepted (or not judged yet).
  ///   - sensorsOnly: only those with a sensor's value (heart rate, cadence, power or
  ///     temperature): an export looks for them among a million fixes that mostly have none.
  /// A row whose values are not what the schema keeps (a database changed by hand) is
  /// read again through GRDB's decoding, which refuses it as it always has.
  static func forEach(
    of session: Int64, after seq: Int? = nil, limit: Int? = nil, acceptedOnly: Bool = false,
    sensorsOnly: Bool = false, _ db: Database, _ body: (FixRow) throws -> Void
  ) throws {
    var sql = "SELECT * FROM fix WHERE sessionId = ?"
    var arguments: [any DatabaseValueConvertible] = [session]
    if let seq {
      sql += " AND seq > ?"
      arguments.append(seq)
    }
    if acceptedOnly { sql += " AND (verdict IS NULL OR verdict = 'accepted')" }
    if sensorsOnly {
      // A database from before the power and temperature columns has neither.
      let kept = Set(try db.columns(in: "fix").map(\.name))
      let sensors = ["heartRate", "cadence", "power", "temperature"].filter(kept.contains)
      sql += " AND (" + sensors.map { "\($0) IS NOT NULL" }.joined(separator: " OR ") + ")"
    }
    sql += " ORDER BY seq"
    if let limit {
      sql += " LIMIT ?"
      arguments.append(limit)
    }
    let statement = try db.cachedStatement(sql: sql)
    try statement.setArguments(StatementArguments(arguments))
    let columns = sqlite3_column_count(statement.sqliteStatement)
    try BulkRowReader(statement, db).forEach { row in
      if let fix = FixRow(row, columns: columns) {
        try body(fix)
      } else {
        try body(try readAgain(of: session, seq: row.optionalInteger(1), db))
      }
    }
  }

  /// The row as `init(row:)` reads it, nil where a value is not of the type the schema keeps
  /// (the caller then reads it through GRDB).
  private init?(_ row: BulkRowReader.Columns, columns: CInt) {
    guard let sessionId = row.optionalInteger(0), let seq = row.optionalInteger(1),
      let time = row.number(2), let latitude = row.number(3), let longitude = row.number(4),
      let altitude = row.number(5), let horizontal = row.number(6),
      let vertical = row.number(7), let speed = row.number(8), let course = row.number(9),
      let mode = row.text(10).flatMap(FixMode.init(rawValue:)),
      let provider = row.text(11).flatMap(PositionProvider.init(rawValue:)),
      let satellites = row.optionalIntegerOrNull(12), let hdop = row.number(13),
      let heartRate = row.number(14), let cadence = row.number(15),
      let deviceDistance = row.number(16), let segment = row.optionalInteger(17),
      let originIndex = row.optionalInteger(18), let originLine = row.optionalIntegerOrNull(19),
      let verdict = Self.verdict(row, 20)
    else { return nil }
    var power: Double?? = .some(nil)
    var temperature: Double?? = .some(nil)
    if columns > 21 { power = row.number(21) }
    if columns > 22 { temperature = row.number(22) }
    guard let power, let temperature else { return nil }
    let coordinate = latitude.flatMap { lat in
      longitude.map { Coordinate(latitude: lat, longitude: $0) }
    }
    self.init(
      sessionId: Int64(sessionId), seq: seq,
      fix: Fix(
        time: time.map(GNSSTime.init(secondsSince1970:)), coordinate: coordinate,
        altitude: altitude.map(Meters.init), horizontalAccuracy: horizontal.map(Meters.init),
        verticalAccuracy: vertical.map(Meters.init), speed: speed.map(MetersPerSecond.init),
        course: course.map(Degrees.init), mode: mode, provider: provider,
        satellites: satellites, hdop: hdop, heartRate: heartRate.map(BeatsPerMinute.init),
        cadence: cadence.map(RevolutionsPerMinute.init), power: power.map(Watts.init),
        temperature: temperature.map(Celsius.init),
        deviceDistance: deviceDistance.map(Meters.init), segment: segment,
        origin: FixOrigin(index: originIndex, line: originLine)),
      verdict: verdict)
  }

  /// A row the fast reading could not take, read through GRDB, which throws its own error
  /// for what it cannot decode either; what it reads after all is taken.
  private static func readAgain(of session: Int64, seq: Int?, _ db: Database) throws -> FixRow {
    if let seq, let row = try of(session).filter(SessionChildColumns.seq == seq).fetchOne(db) {
      return row
    }
    _ = try of(session).fetchAll(db)
    throw DatabaseError(
      resultCode: .SQLITE_MISMATCH,
      message:
        "a fix of session \(session) is not as the schema keeps it (seq \(seq.map(String.init) ?? "unreadable"))"
    )
  }

  /// The verdict column: `.some(nil)` when NULL (not judged yet), nil when unreadable.
  private static func verdict(_ row: BulkRowReader.Columns, _ index: CInt) -> Verdict?? {
    if row.isNull(index) { return .some(nil) }
    guard let text = row.text(index) else { return nil }
    if text == "accepted" { return .some(.accepted) }
    return RejectionReason(rawValue: text).map { .some(.rejected($0)) }
  }
}
