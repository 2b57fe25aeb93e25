import GRDB
import StriderCore

extension SessionRecording {
  /// Gives a session being recorded the name and settings known only at its end (`run
  /// --auto` guesses the activity from the whole session), so `finish` computes it with
  /// them. Until then the recording is kept under its first settings: a crash leaves an
  /// interrupted session that `sessions finish` completes with those.
  public func relabel(name: String?, configuration: SessionConfiguration) throws(StoreError) {
    let id = id
    try store.patientWrite { db in
      var row = try SessionRow.find(db, key: id)
      row.name = name
      row.activity = configuration.activity
      row.configuration = try StoredJSON.encode(configuration)
      try row.update(db)
    }
  }
}

extension SessionStore {
  /// Renames session `id` (`name` nil: no change; an empty name: none) and, when `activity`
  /// differs from its own, measures it again as that activity: the gate, auto-pause, the
  /// smoother and the calories all depend on it, so a finished session is finished again
  /// from its stored fixes (as `finish` does) with the new activity's settings and the
  /// user's own (weight, units, cues, elevation) kept. A session still being recorded by a
  /// live process is refused. Returns the session as it now stands.
  @discardableResult
  public func edit(_ id: Int64, name: String?, activity: Activity?) throws(StoreError)
    -> SessionListing
  {
    try patientWrite { db in
      var row = try SessionRow.visible(id, db)
      if row.state == .recording, let owner = row.owner, owner.isAlive {
        throw StoreError.stillRecording(id: id, pid: owner.pid)
      }
      if let name { row.name = name.isEmpty ? nil : name }
      // The same activity again measures nothing again (a long session's finish is seconds
      // of a write lock).
      let measuresAgain = activity.map { $0 != row.activity } ?? false
      if let activity, measuresAgain {
        let configuration = try Self.configuration(of: id, db).measured(as: activity)
        row.activity = activity
        row.configuration = try StoredJSON.encode(configuration)
      }
      try row.update(db)
      if measuresAgain, row.state == .finished { try Self.measureAgain(id, db) }
      return try SessionRow.visible(id, db).listing()
    }
  }

  /// Puts session `id` back among the personal records after `leaveOutOfRecords` (or the
  /// import's own reasons: a multisport file, an activity taken by default).
  public func includeInRecords(_ id: Int64) throws(StoreError) {
    try patientWrite { db in
      guard try HistoryFigures.hasMultisportFlag(db) else { return }
      try db.execute(
        sql: "UPDATE sessionFigures SET multisport = 0 WHERE sessionId = ?", arguments: [id])
    }
  }
}
