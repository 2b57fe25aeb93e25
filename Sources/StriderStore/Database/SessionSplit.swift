import GRDB
import StriderCore

extension SessionStore {
  /// The times session `id`'s stored fixes resume after a gap longer than `gap` with an
  /// outing on each side (`OutingBreaks`): where `sessions split --gaps` cuts it.
  public func gapEnds(
    of id: Int64, longerThan gap: Seconds, moved: Meters = Meters(50)
  ) throws(StoreError) -> [GNSSTime] {
    try guarded {
      try pool.read { db in
        var breaks = OutingBreaks(gap: gap, moved: moved)
        try FixRow.forEach(of: id, db) { breaks.add($0.fix) }
        return breaks.ends
      }
    }
  }

  /// Splits finished session `id` into one session more for each of `times` that falls
  /// inside it: each part holds the fixes from its time (a fix without a time stays with
  /// the one before it) and the lap presses in it, and is measured again from them with the
  /// session's settings, as `finish` does. The first part keeps the session's number, name,
  /// import identity and records flag; each later part takes the next number, the name
  /// with " (2)", " (3)"… and the flag. What a device counted for the whole file no longer
  /// describes a part, so it is dropped. One transaction: all parts or none. Returns the
  /// sessions in time order, the first being `id`.
  @discardableResult
  public func split(_ id: Int64, at times: [GNSSTime]) throws(StoreError) -> [Int64] {
    try patientWrite { db in
      let (row, refusal) = try Self.rowToReshape(id, db)
      if let refusal { throw StoreError.cannotSplit(id: id, reason: refusal) }
      // Read as they come, never held: a logger's file of ten million fixes held them all
      // (3.4 GB) while its parts were measured.
      var found = Cuts(at: times)
      try FixRow.forEach(of: id, db) { found.add($0.fix) }
      let cuts = found.indexes
      guard !cuts.isEmpty else {
        throw StoreError.cannotSplit(
          id: id,
          reason: "no fix before and after the time given (the session runs from "
            + "\(found.firstTime.map(\.iso8601) ?? "-") to "
            + "\(found.lastTime.map(\.iso8601) ?? "-"))")
      }
      let leftOut = try Self.isLeftOutOfRecords(id, db)
      let bounds = [0] + cuts + [found.fixCount]
      var parts = [id]
      for index in 1..<(bounds.count - 1) {
        let part = try Self.insertSession(
          db, name: row.name.map { "\($0) (\(index + 1))" }, activity: row.activity,
          origin: row.origin, state: .finished,
          configuration: try Self.configuration(of: id, db), source: row.source, owner: nil)
        try db.execute(
          sql: """
            UPDATE fix SET sessionId = ?, seq = seq - ?
            WHERE sessionId = ? AND seq >= ? AND seq < ?
            """,
          arguments: [part, bounds[index], id, bounds[index], bounds[index + 1]])
        // From the part's first fix's time (a cut is a timed fix) to the next part's.
        let end = index < cuts.count ? found.cutTimes[index] : nil
        try LapRow.move(from: id, to: part, from: found.cutTimes[index - 1], before: end, db)
        parts.append(part)
      }
      try DeviceTotalsRow.filter(Column("sessionId") == id).deleteAll(db)
      for part in parts {
        try Self.measureAgain(part, db)
        if leftOut {
          try db.execute(
            sql: "UPDATE sessionFigures SET multisport = 1 WHERE sessionId = ?", arguments: [part])
        }
      }
      return parts
    }
  }

  /// Joins finished sessions `ids` into the one that starts first: the others' fixes follow
  /// its own in the order the sessions start (two files of one outing, a watch stopped and
  /// started again), their lap presses with them, and it is measured again from them all,
  /// as `finish` does. It keeps its number, name, settings and import identity, and is left
  /// out of the records if any of them was; the others are gone, and what a device counted
  /// for one file describes none of the whole. One transaction. Returns its number.
  @discardableResult
  public func merge(_ ids: [Int64]) throws(StoreError) -> Int64 {
    try patientWrite { db in
      var rows: [SessionRow] = []
      for id in Set(ids).sorted() {
        let (row, refusal) = try Self.rowToReshape(id, db)
        if let refusal { throw StoreError.cannotMerge(id: id, reason: refusal) }
        rows.append(row)
      }
      guard rows.count >= 2 else {
        throw StoreError.cannotMerge(id: ids.first ?? 0, reason: "give two sessions or more")
      }
      rows.sort { a, b in
        (a.startTime?.secondsSince1970 ?? .infinity, a.id ?? 0)
          < (b.startTime?.secondsSince1970 ?? .infinity, b.id ?? 0)
      }
      guard let target = rows.first?.id else { return ids[0] }
      var leftOut = false
      for row in rows {
        guard let id = row.id else { continue }
        leftOut = try leftOut || Self.isLeftOutOfRecords(id, db)
        guard id != target else { continue }
        let fixes = try FixRow.filter(Column("sessionId") == target).fetchCount(db)
        let laps = try LapRow.marks(of: target, db).count
        try db.execute(
          sql: "UPDATE fix SET sessionId = ?, seq = seq + ? WHERE sessionId = ?",
          arguments: [target, fixes, id])
        try LapRow.move(from: id, to: target, from: nil, before: nil, numberedFrom: laps, db)
        _ = try SessionRow.deleteOne(db, key: id)
      }
      try DeviceTotalsRow.filter(Column("sessionId") == target).deleteAll(db)
      try Self.measureAgain(target, db)
      if leftOut {
        try db.execute(
          sql: "UPDATE sessionFigures SET multisport = 1 WHERE sessionId = ?", arguments: [target])
      }
      return target
    }
  }

  /// Session `id`'s row, and why it cannot be split or merged (nil when it can): a session
  /// a live process records is refused with its own error.
  static func rowToReshape(_ id: Int64, _ db: Database) throws -> (SessionRow, String?) {
    let row = try SessionRow.visible(id, db)
    if row.state == .recording, let owner = row.owner, owner.isAlive {
      throw StoreError.stillRecording(id: id, pid: owner.pid)
    }
    guard row.state == .finished else {
      return (row, "it is not finished (`strider sessions finish \(id)` finishes it)")
    }
    guard try SessionPartRow.filter(Column("sessionId") == id).fetchCount(db) == 0 else {
      return (row, "it is a multisport file, whose parts are measured as one")
    }
    return (row, nil)
  }

  /// Where each of `times` cuts a session's fixes, found as they are read in order: the
  /// first timed fix at or after it, when a timed fix comes before it; in order, each once.
  /// The fixes themselves are not kept.
  struct Cuts {
    private let times: [GNSSTime]
    private var next = 0
    private var seenTimed = false
    /// How many fixes were read.
    private(set) var fixCount = 0
    /// The index of each cut's fix, and its time.
    private(set) var indexes: [Int] = []
    private(set) var cutTimes: [GNSSTime] = []
    /// The first time read, and the latest.
    private(set) var firstTime: GNSSTime?
    private(set) var lastTime: GNSSTime?

    init(at times: [GNSSTime]) { self.times = times.sorted() }

    mutating func add(_ fix: Fix) {
      defer { fixCount += 1 }
      guard let time = fix.time else { return }
      // Every timed fix before this one was earlier than the times still waiting, so this
      // is the first at or after each of those it reaches.
      while next < times.count, time >= times[next] {
        if seenTimed, fixCount > (indexes.last ?? 0) {
          indexes.append(fixCount)
          cutTimes.append(time)
        }
        next += 1
      }
      seenTimed = true
      if firstTime == nil { firstTime = time }
      lastTime = max(lastTime ?? time, time)
    }
  }

  static func isLeftOutOfRecords(_ id: Int64, _ db: Database) throws -> Bool {
    guard try HistoryFigures.hasMultisportFlag(db) else { return false }
    return try Bool.fetchOne(
      db, sql: "SELECT multisport FROM sessionFigures WHERE sessionId = ?", arguments: [id])
      ?? false
  }
}
