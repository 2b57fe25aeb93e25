/// Why the session database could not be used; each case names the file, so the user knows
/// which database to look at.
public enum StoreError: Error, Equatable, CustomStringConvertible {
  /// The directory or file could not be created or opened.
  case cannotOpen(path: String, reason: String)
  /// Another process holds the database locked for longer than we wait.
  case locked(path: String)
  /// The file is not a Strider database, or is damaged; it is left untouched.
  case corrupt(path: String, reason: String)
  /// The database was written by a newer Strider (it has migrations we do not know).
  case tooNew(path: String, unknownMigrations: [String])
  /// The disk is full: what was committed before is intact.
  case diskFull(path: String)
  /// The disk refused a write (an I/O error, a file-size limit): what was committed before
  /// is intact.
  case writeFailed(path: String, reason: String)
  /// The file or its folder cannot be written (a read-only mount, a file made read-only):
  /// the store reads it, and refuses what would change it.
  case readOnly(path: String, reason: String)
  /// No session with this identifier.
  case noSuchSession(Int64)
  /// The session is still being recorded by a live process.
  case stillRecording(id: Int64, pid: Int32)
  /// Any other SQLite failure, with its message.
  case database(path: String, reason: String)
  /// Another Strider took an import away while it ran, having found its process gone.
  case importTakenAway(path: String)
  /// A session that cannot be split as asked, and why.
  case cannotSplit(id: Int64, reason: String)
  /// A session that cannot be merged as asked, and why.
  case cannotMerge(id: Int64, reason: String)
  /// The known places' file beside the database is not one.
  case placesFile(path: String, reason: String)

  public var description: String {
    switch self {
    case .cannotOpen(let path, let reason): "cannot open the session database \(path): \(reason)"
    case .locked(let path):
      "the session database \(path) is locked by another process; try again when it is done"
    case .corrupt(let path, let reason):
      "the session database \(path) is damaged or not a Strider database (\(reason)); "
        + "it was left untouched: move it aside to start a new one"
    case .tooNew(let path, let unknown):
      "the session database \(path) was written by a newer Strider "
        + "(unknown migrations: \(unknown.joined(separator: ", ")))"
    case .diskFull(let path):
      "the disk holding \(path) is full; everything written before it filled is kept"
    case .writeFailed(let path, let reason):
      "the session database \(path) could not be written (\(reason)); everything written "
        + "before is kept"
    case .readOnly(let path, let reason):
      "the session database \(path) is read-only (\(reason)): its sessions can be listed, "
        + "shown, exported and replayed, but nothing can be kept in it"
    case .noSuchSession(let id): "no session \(id)"
    case .stillRecording(let id, let pid):
      "session \(id) is still being recorded by process \(pid)"
    case .database(let path, let reason): "session database \(path): \(reason)"
    case .importTakenAway(let path):
      "another Strider took this import away from the session database \(path), having "
        + "found this process gone; nothing was kept: import the file again"
    case .cannotSplit(let id, let reason): "session \(id) cannot be split: \(reason)"
    case .cannotMerge(let id, let reason): "session \(id) cannot be merged: \(reason)"
    case .placesFile(let path, let reason):
      "\(path): not a places file (\(reason)); move it away to start the places afresh"
    }
  }

  /// Whether the failure may pass with time (room made on the disk): a live recording
  /// holds its fixes in memory and tries again, rather than end.
  public var mayPass: Bool {
    switch self {
    case .diskFull, .writeFailed: true
    default: false
    }
  }

  /// A few words for a status line.
  public var shortReason: String {
    switch self {
    case .diskFull: "disk full"
    case .writeFailed: "disk write failed"
    default: "database error"
    }
  }
}
