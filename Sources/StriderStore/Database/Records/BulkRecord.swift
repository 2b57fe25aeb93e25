import GRDB

/// A record of the large tables (fixes, track points), written and read a million at a
/// time: its columns in one order, and its values in that order.
///
/// `PersistableRecord.insert` fills a dictionary for every row; an import of a million
/// fixes spent most of its time there. Here one prepared statement per transaction takes
/// the values as they are, and reading selects the same columns in the same order, so a
/// row is read by position.
protocol BulkRecord: PersistableRecord, FetchableRecord {
  /// The columns, in the order of `values` and of the rows read.
  static var columnOrder: [Column] { get }
  /// The values of `columnOrder`, in its order.
  var values: [(any DatabaseValueConvertible)?] { get }
}

extension BulkRecord {
  static var databaseSelection: [any SQLSelectable] { columnOrder }

  func encode(to container: inout PersistenceContainer) {
    for (column, value) in zip(Self.columnOrder, values) { container[column] = value }
  }

  /// Keeps `rows` through one prepared statement; with `ignoringKept`, a row whose key is
  /// kept already is left as it is (a replayed journal may hold committed fixes).
  static func insert(_ rows: some Sequence<Self>, _ db: Database, ignoringKept: Bool = false)
    throws
  {
    let names = columnOrder.map(\.name.quotedDatabaseIdentifier).joined(separator: ", ")
    let marks = Array(repeating: "?", count: columnOrder.count).joined(separator: ", ")
    let statement = try db.cachedStatement(
      sql: "INSERT \(ignoringKept ? "OR IGNORE " : "")INTO "
        + "\(databaseTableName.quotedDatabaseIdentifier) (\(names)) VALUES (\(marks))")
    for row in rows { try statement.execute(arguments: StatementArguments(row.values)) }
  }
}
