import GRDB
import StriderCore

/// A fix as it arrived, with the gate's verdict: a row of `fix`.
///
/// Written out column by column rather than through `Codable`: imports and replays read and
/// write a million of these (`BulkRecord`), and the model's `Fix` nests its coordinate and
/// origin.
struct FixRow: SessionChildRecord, BulkRecord, Equatable {
  static let databaseTableName = "fix"

  var sessionId: Int64
  var seq: Int
  var fix: Fix
  /// Nil while the session is unfinished (not judged yet).
  var verdict: Verdict?

  enum Columns: PointColumns {
    static let horizontalAccuracy = Column("horizontalAccuracy")
    static let verticalAccuracy = Column("verticalAccuracy")
    static let course = Column("course")
    static let mode = Column("mode")
    static let provider = Column("provider")
    static let satellites = Column("satellites")
    static let hdop = Column("hdop")
    static let heartRate = Column("heartRate")
    static let cadence = Column("cadence")
    static let deviceDistance = Column("deviceDistance")
    static let originIndex = Column("originIndex")
    static let originLine = Column("originLine")
    static let verdict = Column("verdict")
    static let power = Column("power")
    static let temperature = Column("temperature")
  }

  init(sessionId: Int64, seq: Int, fix: Fix, verdict: Verdict?) {
    self.sessionId = sessionId
    self.seq = seq
    self.fix = fix
    self.verdict = verdict
  }

  /// The columns in the order `init(row:)` reads them and `put(into:)` puts them: the
  /// table's own order (`FixStoreTests` checks it), power and temperature last ("v10").
  static let columnOrder: [Column] = [
    Columns.sessionId, Columns.seq, Columns.time, Columns.latitude, Columns.longitude,
    Columns.altitude, Columns.horizontalAccuracy, Columns.verticalAccuracy, Columns.speed,
    Columns.course, Columns.mode, Columns.provider, Columns.satellites, Columns.hdop,
    Columns.heartRate, Columns.cadence, Columns.deviceDistance, Columns.segment,
    Columns.originIndex, Columns.originLine, Columns.verdict, Columns.power,
    Columns.temperature,
  ]

  /// Every column, in the table's order: a database read before "v10: fix power and
  /// temperature" ran (locked by another Strider, or read-only) has the first 21 only, and
  /// its fixes read without power and temperature rather than failing.
  static var databaseSelection: [any SQLSelectable] { [AllColumns()] }

  init(row: Row) throws {
    func number(_ index: Int) throws -> Double? { try row.decode(Double?.self, atIndex: index) }
    let coordinate = try number(3).flatMap { lat in
      try number(4).map { Coordinate(latitude: lat, longitude: $0) }
    }
    fix = Fix(
      time: try number(2).map(GNSSTime.init(secondsSince1970:)), coordinate: coordinate,
      altitude: try number(5).map(Meters.init),
      horizontalAccuracy: try number(6).map(Meters.init),
      verticalAccuracy: try number(7).map(Meters.init),
      speed: try number(8).map(MetersPerSecond.init), course: try number(9).map(Degrees.init),
      mode: try row.decode(atIndex: 10), provider: try row.decode(atIndex: 11),
      satellites: try row.decode(atIndex: 12), hdop: try number(13),
      heartRate: try number(14).map(BeatsPerMinute.init),
      cadence: try number(15).map(RevolutionsPerMinute.init),
      power: row.count > 21 ? try number(21).map(Watts.init) : nil,
      temperature: row.count > 22 ? try number(22).map(Celsius.init) : nil,
      deviceDistance: try number(16).map(Meters.init), segment: try row.decode(atIndex: 17),
      origin: FixOrigin(index: try row.decode(atIndex: 18), line: try row.decode(atIndex: 19)))
    sessionId = try row.decode(atIndex: 0)
    seq = try row.decode(atIndex: 1)
    verdict = try row.decode(atIndex: 20)
  }

  /// The row for GRDB's own `insert` (tests build older databases with it): power and
  /// temperature only where the fix has them, so a row without them fits the table as it
  /// was before "v10" too. Imports go through `BulkRecord.insert` with every column.
  func encode(to container: inout PersistenceContainer) {
    let optional = [Columns.power.name, Columns.temperature.name]
    for (column, value) in zip(Self.columnOrder, values)
    where value != nil || !optional.contains(column.name) {
      container[column] = value
    }
  }

  private var values: [(any DatabaseValueConvertible)?] {
    [
      sessionId, seq, fix.time, fix.coordinate?.latitude, fix.coordinate?.longitude,
      fix.altitude, fix.horizontalAccuracy, fix.verticalAccuracy, fix.speed, fix.course,
      fix.mode, fix.provider, fix.satellites, fix.hdop, fix.heartRate, fix.cadence,
      fix.deviceDistance, fix.segment, fix.origin.index, fix.origin.line, verdict, fix.power,
      fix.temperature,
    ]
  }

  func put(into row: inout some BulkRowValues) {
    row.put(Int(sessionId))
    row.put(seq)
    row.put(fix.time?.secondsSince1970)
    let coordinate = fix.coordinate
    row.put(coordinate?.latitude)
    row.put(coordinate?.longitude)
    row.put(fix.altitude?.value)
    row.put(fix.horizontalAccuracy?.value)
    row.put(fix.verticalAccuracy?.value)
    row.put(fix.speed?.value)
    row.put(fix.course?.value)
    row.put(fix.mode.rawValue)
    row.put(fix.provider.rawValue)
    row.put(fix.satellites)
    row.put(fix.hdop)
    row.put(fix.heartRate?.value)
    row.put(fix.cadence?.value)
    row.put(fix.deviceDistance?.value)
    row.put(fix.segment)
    row.put(fix.origin.index)
    row.put(fix.origin.line)
    row.put(verdict.map { $0.reason?.rawValue ?? "accepted" })
    row.put(fix.power?.value)
    row.put(fix.temperature?.value)
  }

  /// Keeps the gate's verdicts of a session's fixes, the first for seq 0 and on in order.
  static func setVerdicts(_ verdicts: [Verdict], of session: Int64, _ db: Database) throws {
    let statement = try db.cachedStatement(
      sql: "UPDATE \(databaseTableName.quotedDatabaseIdentifier) SET verdict = ? "
        + "WHERE sessionId = ? AND seq = ?")
    for (seq, verdict) in verdicts.enumerated() {
      try statement.execute(arguments: [verdict, session, seq])
    }
  }

  /// Sets the verdict of one fix, judged again after it was written.
  static func setVerdict(_ verdict: Verdict, seq: Int, of session: Int64, _ db: Database) throws {
    try db.execute(
      sql: "UPDATE \(databaseTableName.quotedDatabaseIdentifier) SET verdict = ? "
        + "WHERE sessionId = ? AND seq = ?",
      arguments: [verdict, session, seq])
  }

  /// Only the fixes the gate accepted (or has not judged yet).
  static func accepted(of session: Int64) -> QueryInterfaceRequest<FixRow> {
    of(session).filter(Columns.verdict == nil || Columns.verdict == Verdict.accepted)
  }
}
