import GRDB
import GRDBSQLite

/// A record of the large tables (fixes, track points), written and read a million at a
/// time: its columns in one order, and its values put in that order.
///
/// `PersistableRecord.insert` fills a dictionary for every row, and even a prepared
/// statement's `execute(arguments:)` takes an array of boxed values per row: an import of a
/// million fixes spent a fifth of its instructions building them. Here one prepared
/// statement per transaction has each value bound straight into SQLite (`BulkRowBinder`),
/// and reading selects the same columns in the same order, so a row is read by position.
protocol BulkRecord: PersistableRecord, FetchableRecord {
  /// The columns, in the order `put(into:)` puts them and of the rows read.
  static var columnOrder: [Column] { get }
  /// Puts the values of `columnOrder`, in its order.
  func put(into row: inout some BulkRowValues)
}

/// Where a bulk record puts its values, one column after the other: SQLite's parameters
/// (`BulkRowBinder`) or GRDB's container (`encode(to:)`).
protocol BulkRowValues {
  mutating func put(_ value: Double?)
  mutating func put(_ value: Int?)
  mutating func put(_ value: String?)
}

extension BulkRowValues {
  mutating func put(_ value: Bool) { put(value ? 1 : 0) }
}

extension BulkRecord {
  static var databaseSelection: [any SQLSelectable] { columnOrder }

  func encode(to container: inout PersistenceContainer) {
    var filler = ContainerFiller(container: container, columns: Self.columnOrder)
    put(into: &filler)
    container = filler.container
  }

  /// Keeps `rows` through one prepared statement; with `ignoringKept`, a row whose key is
  /// kept already is left as it is (a replayed journal may hold committed fixes).
  static func insert(_ rows: some Sequence<Self>, _ db: Database, ignoringKept: Bool = false)
    throws
  {
    let names = columnOrder.map(\.name.quotedDatabaseIdentifier).joined(separator: ", ")
    let marks = Array(repeating: "?", count: columnOrder.count).joined(separator: ", ")
    // A statement of its own, not GRDB's cache: it is stepped here, behind GRDB's back,
    // and a statement that failed is never used again.
    let statement = try db.makeStatement(
      sql: "INSERT \(ignoringKept ? "OR IGNORE " : "")INTO "
        + "\(databaseTableName.quotedDatabaseIdentifier) (\(names)) VALUES (\(marks))")
    var binder = BulkRowBinder(statement, db)
    for row in rows {
      binder.start()
      row.put(into: &binder)
      try binder.execute()
    }
  }
}

/// Binds one row's values to a prepared INSERT's parameters in order, straight into
/// SQLite (`sqlite3_bind_*`), and runs it: nothing allocated per row.
struct BulkRowBinder: BulkRowValues {
  private let statement: Statement
  private let raw: SQLiteStatement
  private let connection: SQLiteConnection?
  private var index: CInt = 1

  init(_ statement: Statement, _ db: Database) {
    self.statement = statement
    raw = statement.sqliteStatement
    connection = db.sqliteConnection
  }

  /// Before the first value of a row.
  mutating func start() {
    sqlite3_reset(raw)
    index = 1
  }

  mutating func put(_ value: Double?) {
    if let value { sqlite3_bind_double(raw, index, value) } else { sqlite3_bind_null(raw, index) }
    index += 1
  }

  mutating func put(_ value: Int?) {
    if let value {
      sqlite3_bind_int64(raw, index, Int64(value))
    } else {
      sqlite3_bind_null(raw, index)
    }
    index += 1
  }

  mutating func put(_ value: String?) {
    if var value {
      let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
      value.withUTF8 { bytes in
        _ = bytes.withMemoryRebound(to: CChar.self) {
          sqlite3_bind_text(raw, index, $0.baseAddress, CInt($0.count), transient)
        }
      }
    } else {
      sqlite3_bind_null(raw, index)
    }
    index += 1
  }

  /// Runs the row bound; a refusal (a constraint, a full disk) throws as GRDB would.
  func execute() throws {
    let code = sqlite3_step(raw)
    guard code != SQLITE_DONE else { return }
    let extended = connection.map { sqlite3_extended_errcode($0) } ?? code
    let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
    sqlite3_reset(raw)
    throw DatabaseError(
      resultCode: ResultCode(rawValue: extended), message: message, sql: statement.sql)
  }
}

/// Steps a prepared SELECT straight through SQLite, handing each row to read by position:
/// for the million-row reads that GRDB's `Row` would allocate for one by one.
struct BulkRowReader {
  private let statement: Statement
  private let raw: SQLiteStatement
  private let connection: SQLiteConnection?

  /// One row, valid only while the closure given it runs.
  struct Columns {
    fileprivate let raw: SQLiteStatement

    /// The column at `index` as a double (NULL reads as 0, as SQLite converts it).
    func double(_ index: CInt) -> Double { sqlite3_column_double(raw, index) }

    /// The column at `index` as a double, nil when NULL.
    func optionalDouble(_ index: CInt) -> Double? {
      sqlite3_column_type(raw, index) == SQLITE_NULL ? nil : sqlite3_column_double(raw, index)
    }

    /// The column at `index` as an integer (NULL reads as 0, as SQLite converts it).
    func integer(_ index: CInt) -> Int { Int(sqlite3_column_int64(raw, index)) }

    /// Whether the column at `index` is NULL.
    func isNull(_ index: CInt) -> Bool { sqlite3_column_type(raw, index) == SQLITE_NULL }

    /// The column at `index` as GRDB decodes a `Double?`: `.some(nil)` when NULL, an integer
    /// or a real as a double, nil (unreadable) for text or a blob.
    func number(_ index: CInt) -> Double?? {
      switch sqlite3_column_type(raw, index) {
      case SQLITE_NULL: .some(nil)
      case SQLITE_FLOAT, SQLITE_INTEGER: .some(sqlite3_column_double(raw, index))
      default: nil
      }
    }

    /// The column at `index` when it holds an integer; nil otherwise.
    func optionalInteger(_ index: CInt) -> Int? {
      sqlite3_column_type(raw, index) == SQLITE_INTEGER
        ? Int(sqlite3_column_int64(raw, index)) : nil
    }

    /// The column at `index` as GRDB decodes an `Int?`: `.some(nil)` when NULL, nil
    /// (unreadable) for anything but an integer.
    func optionalIntegerOrNull(_ index: CInt) -> Int?? {
      switch sqlite3_column_type(raw, index) {
      case SQLITE_NULL: .some(nil)
      case SQLITE_INTEGER: .some(Int(sqlite3_column_int64(raw, index)))
      default: nil
      }
    }

    /// The column at `index` when it holds text; nil otherwise.
    func text(_ index: CInt) -> String? {
      guard sqlite3_column_type(raw, index) == SQLITE_TEXT,
        let bytes = sqlite3_column_text(raw, index)
      else { return nil }
      let count = Int(sqlite3_column_bytes(raw, index))
      return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
  }

  /// - Parameter statement: a statement with its arguments set.
  init(_ statement: Statement, _ db: Database) {
    self.statement = statement
    raw = statement.sqliteStatement
    connection = db.sqliteConnection
  }

  func forEach(_ body: (Columns) throws -> Void) throws {
    defer { sqlite3_reset(raw) }
    while true {
      switch sqlite3_step(raw) {
      case SQLITE_ROW: try body(Columns(raw: raw))
      case SQLITE_DONE: return
      case let code:
        let extended = connection.map { sqlite3_extended_errcode($0) } ?? code
        let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
        throw DatabaseError(
          resultCode: ResultCode(rawValue: extended), message: message, sql: statement.sql)
      }
    }
  }
}

/// Fills GRDB's container column by column, for the record methods that use it.
private struct ContainerFiller: BulkRowValues {
  var container: PersistenceContainer
  let columns: [Column]
  private var index = 0

  init(container: PersistenceContainer, columns: [Column]) {
    self.container = container
    self.columns = columns
  }

  mutating func put(_ value: Double?) { take(value) }
  mutating func put(_ value: Int?) { take(value) }
  mutating func put(_ value: String?) { take(value) }

  private mutating func take(_ value: (some DatabaseValueConvertible)?) {
    container[columns[index]] = value
    index += 1
  }
}
