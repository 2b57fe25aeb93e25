import ArgumentParser
import Foundation
import StriderApp
import StriderCore
import StriderSources
import StriderStore

/// Opening the session database for a command: the location from the environment, a note
/// for every session found cut off since the last start.
enum StoreAccess {
  static func open() throws -> SessionStore {
    guard let location = StoreLocation.resolve(environment: ProcessInfo.processInfo.environment)
    else {
      throw CommandFailure("set HOME, XDG_DATA_HOME or STRIDER_HOME to keep sessions")
    }
    do {
      let meter = BackfillMeter()
      let store = try SessionStore(location: location, backfillProgress: { meter.report($0) })
      for warning in store.warnings { printError("strider: warning: \(warning)") }
      for id in try store.markAbandonedSessions() {
        printError(
          "strider: session \(id) was interrupted (its recording process ended without "
            + "finishing); `strider sessions finish \(id)` computes its summary")
      }
      return store
    } catch {
      throw CommandFailure(error.description)
    }
  }

  /// The best efforts of the history for `activity`, for the finish's new-best cues: of
  /// real sessions only (a simulated demo sets no standard); none when there is no
  /// database yet (none is made for this) or it cannot be read.
  static func recordsToBeat(activity: Activity) -> RecordsToBeat {
    guard let location = StoreLocation.resolve(environment: ProcessInfo.processInfo.environment),
      FileManager.default.fileExists(atPath: location.path),
      let store = try? SessionStore(location: location),
      let records = try? store.personalRecords(activities: [activity], includingSimulated: false)
    else { return RecordsToBeat() }
    var best: [BestEffortTarget: Double] = [:]
    for record in records {
      if case .effort(let target) = record.kind { best[target] = record.value }
    }
    return RecordsToBeat(best: best)
  }

  /// The zones of the profile's maximum heart rate, else of the highest in the last year
  /// of an existing database (`HeartRateText.profile`); nil when neither is known.
  static func heartRateZones() -> HeartRateZones? {
    guard let settings = try? ConfigFile.settings() else { return nil }
    if let max = settings.maxHeartRate {
      return HeartRateZones(maximum: BeatsPerMinute(max), percents: settings.heartRateZones)
    }
    guard let location = StoreLocation.resolve(environment: ProcessInfo.processInfo.environment),
      FileManager.default.fileExists(atPath: location.path),
      let store = try? SessionStore(location: location)
    else { return nil }
    return (try? HeartRateText.profile(store, settings: settings, now: Date()))?.zones
  }

  /// The new-record lines of a session just recorded, for the dashboard's closing summary;
  /// none when the database cannot be opened again (the session is kept all the same).
  static func newRecordLines(of id: Int64, units: UnitSystem) -> [String] {
    guard let location = StoreLocation.resolve(environment: ProcessInfo.processInfo.environment),
      let store = try? SessionStore(location: location)
    else { return [] }
    return HistoryText.newRecordLines(store, session: id, units: units)
  }

  /// Records a session from `source` through `body`, then finishes it in the store, and
  /// returns its ID; nil when it held nothing worth keeping (`emptiness`), and then it is
  /// not kept. With `announces`, a line on stderr names it (the dashboard's readable
  /// summary names it itself); a session not kept is always said.
  @discardableResult
  static func record<S: FixSource>(
    _ source: S, origin: SessionOrigin, name: String?, label: String,
    configuration: SessionConfiguration, announces: Bool = true,
    body: (inout RecordingSource<S>) throws -> Void
  ) throws -> Int64? {
    let store = try open()
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
    let record: SessionRecord
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
      printError("strider: nothing kept: \(reason)")
      if let bodyError { throw bodyError }
      return nil
    }
    if announces {
      printError(
        "strider: session \(recording.id) recorded (\(record.fixes.count) fixes): "
          + "`strider sessions show \(recording.id)`")
      let units = record.summary?.units ?? configuration.units
      for line in HistoryText.newRecordLines(store, session: recording.id, units: units) {
        printError("strider: session \(recording.id): \(line)")
      }
    }
    if let bodyError { throw bodyError }
    return recording.id
  }

  /// Why a finished recording is not worth a session, or nil: no fix was accepted (a `run`
  /// that never reached gpsd, or whose receiver never had a fix), or a demo quit before it
  /// moved. A live session with fixes is always kept, standing still or not.
  static func emptiness(of record: SessionRecord, origin: SessionOrigin) -> String? {
    guard let summary = record.summary else { return nil }
    if summary.pointsAccepted == 0 {
      return "no fix with a position was accepted (\(record.fixes.count) received)"
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
