import StriderCore
import StriderSources
import StriderStore

/// A session recorded from a source as a loop polls it, and finished in the store when the
/// loop ends: what `run` and `demo --record` do around their dashboard or headless loop.
public enum RecordingJob {
  /// Records a session from `source` through `body`, then finishes it in the store, and
  /// returns its ID; nil when it held nothing worth keeping (`emptiness`), and then it is
  /// not kept. With `announces`, a line on stderr names it (the dashboard's readable
  /// summary names it itself); a session not kept is always said.
  @discardableResult
  public static func record<S: FixSource>(
    _ source: S, store: SessionStore, origin: SessionOrigin, name: String?, label: String,
    configuration: SessionConfiguration, announces: Bool = true, say: (String) -> Void,
    body: (inout RecordingSource<S>) throws -> Void
  ) throws -> Int64? {
    let recording: SessionRecording
    do {
      recording = try store.startRecording(
        name: name, origin: origin, configuration: configuration, source: label)
    } catch {
      throw CommandFailure(error.description)
    }
    var recorded = RecordingSource(base: source, recording: recording)
    // Whatever ended the body (a closed pipe, a full disk under stdout, a terminal that
    // hung up), the fixes received are finished into a session before the error is told.
    var bodyError: (any Error)?
    do {
      try body(&recorded)
    } catch {
      bodyError = error
    }
    if let failure = recorded.recordingFailure {
      let unwritten = recording.uncommittedCount
      throw CommandFailure(
        "recording stopped: \(failure.description) (session \(recording.id), "
          + "\(recording.fixCount) fixes received"
          + (unwritten > 0 ? ", \(unwritten) of them not written" : "") + ")"
          + interrupted(recording))
    }
    let record: FinishedSession
    do {
      record = try recording.finish()
    } catch {
      let unwritten = recording.uncommittedCount
      guard unwritten > 0, error.mayPass else {
        throw CommandFailure(
          "\(error.description); the fixes are kept" + interrupted(recording))
      }
      // The disk still refuses the fixes held in memory: they end with the process.
      throw CommandFailure(
        "\(error.description); \(unwritten) fixes held in memory could not "
          + "be written and are lost; session \(recording.id) keeps the "
          + "\(recording.fixCount - unwritten) written before" + interrupted(recording))
    }
    if let reason = emptiness(of: record, origin: origin),
      (try? store.delete(recording.id)) != nil
    {
      say("strider: nothing kept: \(reason)")
      if let bodyError { throw bodyError }
      return nil
    }
    if announces {
      say(
        "strider: session \(recording.id) recorded (\(record.fixCount) fixes): "
          + "`strider sessions show \(recording.id)`")
      let units = record.summary?.units ?? configuration.units
      for line in HistoryText.newRecordLines(store, session: recording.id, units: units) {
        say("strider: session \(recording.id): \(line)")
      }
    }
    if let bodyError { throw bodyError }
    return recording.id
  }

  /// Why a finished recording is not worth a session, or nil: no fix was accepted (a `run`
  /// that never reached gpsd, or whose receiver never had a fix), or a demo quit before it
  /// moved. A live session with fixes is always kept, standing still or not.
  public static func emptiness(of record: FinishedSession, origin: SessionOrigin) -> String? {
    guard let summary = record.summary else { return nil }
    if summary.pointsAccepted == 0 {
      return "no fix with a position was accepted (\(record.fixCount) received)"
    }
    if origin == .simulated, summary.distance.value == 0 {
      return "the demo ended before it moved"
    }
    return nil
  }

  /// Marks a recording that cannot be finished interrupted, never left recording, and
  /// says so; when even that cannot be written, the next Strider to open the database
  /// marks it (this process is gone then).
  private static func interrupted(_ recording: SessionRecording) -> String {
    let id = recording.id
    if recording.markInterrupted() {
      return "; it is marked interrupted: `strider sessions finish \(id)` sums up what was kept"
    }
    return "; it will be marked interrupted when Strider next opens the database, and "
      + "`strider sessions finish \(id)` sums up what was kept"
  }
}
