import Foundation
import StriderApp
import StriderCore
import StriderFormats
import StriderStore

/// `sessions export` written a row at a time: a finished session of any length in the
/// memory of one row, plus what its format's writer keeps whole (for TCX and CSV the
/// finished track's odometer, 20 bytes a point; for JSON the finished track's times and
/// row numbers, 16 bytes a point, with which its stops and moves are drawn a run of points
/// at a time; for FIT its distance table and the sensor values of the track's points). A
/// privacy radius is a zone read from the session's ends first, and every row it hides is
/// skipped as it is read. The bytes are those the whole record gives (`SessionExport`): each
/// writer says whether it writes from rows (`SessionWriter.canWrite`), and nothing here
/// names a format. (A 1M-fix session held everything at once: 620 MB for TCX, 440 MB for
/// CSV and 2 GB for JSON.)
extension ExportSession {
  /// Writes the export from the store's cursors where the session is finished with its
  /// finished track and its format's writer takes rows; false, having written nothing,
  /// where not (the export then reads the whole record).
  func writeStreamed(_ store: SessionStore, progress: ProgressLine) throws -> Bool {
    let finished = try store.listing(id).state == .finished
    guard finished, try !store.needsFinishedTrack(id),
      let writer = FormatRegistry.writer(for: format)
    else { return false }
    let rows = try StoredSessionRows(
      store, id: id, points: points, privacyRadius: Meters(privacyRadius),
      heartRate: { try heartRateExport(store, record: nil) })
    let streams = writer.canWrite(rows)
    // What the writer read first failed: told before anything is written.
    try rows.rethrow()
    guard streams else { return false }
    func write(_ stream: inout FileOutput) {
      writer.write(rows, to: &stream)
      if rows.failed { stream.abandon() }
    }
    guard let output else {
      var stream = FileOutput(
        fd: STDOUT_FILENO, destination: "standard output", progress: progress)
      write(&stream)
      try rows.rethrow()
      try stream.finish()
      return true
    }
    let destination = force ? URL(fileURLWithPath: output).resolvingSymlinksInPath().path : output
    try AtomicFile.write(to: destination, progress: progress, write)
    progress.finish()
    try rows.rethrow()
    printError("strider: session \(id) written to \(output) (\(format.rawValue))")
    return true
  }
}
