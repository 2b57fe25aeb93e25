import GRDB
import StriderCore

@testable import StriderStore

/// Sessions written as the Strider of schema v2 wrote them (no content digest), for the
/// tests of databases that older Striders left: today's records have columns v2 lacks.
enum OlderSchema {
  static func insertFinished(
    _ record: SessionRecord, configuration: SessionConfiguration, _ db: Database
  ) throws -> Int64 {
    let summary = record.summary
    try db.execute(
      sql: """
        INSERT INTO session (name, activity, origin, state, createdAt, updatedAt, startTime,
          endTime, fixCount, configuration, distance, elapsed, moving, calories, summary,
          hasFinishedTrack)
        VALUES (?, ?, ?, 'finished', 0, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)
        """,
      arguments: [
        record.name, record.activity.rawValue, record.origin.rawValue,
        SessionStore.startTime(of: record)?.secondsSince1970,
        SessionStore.endTime(of: record)?.secondsSince1970, record.fixes.count,
        try StoredJSON.encode(configuration), summary?.distance.value, summary?.elapsed.value,
        summary?.moving.value, summary?.calories.value, try summary.map(StoredJSON.encode),
      ])
    let id = db.lastInsertedRowID
    for (seq, judged) in record.fixes.enumerated() {
      try FixRow(sessionId: id, seq: seq, fix: judged.fix, verdict: judged.verdict).insert(db)
    }
    try LiveTrackPointRow.insert(record.track, of: id, db)
    try DisplayPointRow.insert(DisplayTrack.reduce(record.drawnTrack), of: id, db)
    for (seq, point) in record.finishedTrack.points.enumerated() {
      try FinishedPointRow(sessionId: id, seq: seq, point: point).insert(db)
    }
    try EventRow.insert(record.events, of: id, db)
    return id
  }
}
