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
