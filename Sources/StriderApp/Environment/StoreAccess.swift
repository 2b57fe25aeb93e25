import Foundation
import StriderCore
import StriderSources
import StriderStore

/// Opening the session database for a command: the location from the environment, a note
/// for every session found cut off since the last start.
public enum StoreAccess {
  public static func open() throws -> SessionStore {
    guard let location = StoreLocation.resolve(environment: ProcessEnvironment.variables)
    else {
      throw CommandFailure("set HOME, XDG_DATA_HOME or STRIDER_HOME to keep sessions")
    }
    do {
      let meter = BackfillMeter()
      let store = try SessionStore(location: location, backfillProgress: { meter.report($0) })
      for warning in store.warnings { Output.errorLine("strider: warning: \(warning)") }
      for id in try store.markAbandonedSessions() {
        Output.errorLine(
          "strider: session \(id) was interrupted (its recording process ended without "
            + "finishing); `strider sessions finish \(id)` computes its summary")
      }
      return store
    } catch {
      throw CommandFailure(error.description)
    }
  }

  /// The store for the history's commands: as every command opens it, then the figures
  /// of sessions that lack them made (sessions finished by a Strider from before they were
  /// kept), with the same progress line as the migration's backfill.
  public static func openForHistory() throws -> SessionStore {
    let store = try open()
    let meter = BackfillMeter()
    _ = try store.completeHistoryFigures(progress: { meter.report($0) })
    return store
  }

  /// The best efforts of the history for `activity`, for the finish's new-best cues: of
  /// real sessions only (a simulated demo sets no standard); none when there is no
  /// database yet (none is made for this) or it cannot be read.
  public static func recordsToBeat(activity: Activity) -> RecordsToBeat {
    guard let location = StoreLocation.resolve(environment: ProcessEnvironment.variables),
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
  public static func heartRateZones() -> HeartRateZones? {
    guard let settings = try? ConfigFile.settings() else { return nil }
    if let max = settings.maxHeartRate {
      return HeartRateZones(maximum: BeatsPerMinute(max), percents: settings.heartRateZones)
    }
    guard let location = StoreLocation.resolve(environment: ProcessEnvironment.variables),
      FileManager.default.fileExists(atPath: location.path),
      let store = try? SessionStore(location: location)
    else { return nil }
    return (try? HeartRateText.profile(store, settings: settings, now: Date()))?.zones
  }

  /// The new-record lines of a session just recorded, for the dashboard's closing summary;
  /// none when the database cannot be opened again (the session is kept all the same).
  public static func newRecordLines(of id: Int64, units: UnitSystem) -> [String] {
    guard let location = StoreLocation.resolve(environment: ProcessEnvironment.variables),
      let store = try? SessionStore(location: location)
    else { return [] }
    return HistoryText.newRecordLines(store, session: id, units: units)
  }
}
