import Foundation
import StriderCore
import StriderFormats
import StriderStore

/// A workout file read and checked, and the coach that walks a session through it.
public enum WorkoutLoading {
  /// The workout at `path`: a FIT workout (by its header) is imported, and what Strider
  /// cannot follow in it is said through `warn`; anything else is read as TOML. A bad file
  /// is a `CommandFailure` with its error (file, line, step, what was wrong).
  public static func load(path: String, warn: (String) -> Void) throws -> Workout {
    do {
      if isFIT(path) {
        let imported = try FITWorkoutImport.load(path: path)
        for note in imported.notes { warn("strider: warning: \(path): \(note)") }
        return imported.workout
      }
      return try WorkoutFile.load(path: path)
    } catch let error as FormatError {
      throw CommandFailure(error.description)
    } catch let error as TOMLFileError {
      throw CommandFailure(error.description)
    }
  }

  /// Whether the file starts with a FIT header.
  private static func isFIT(_ path: String) -> Bool {
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    let prefix = (try? handle.read(upToCount: 12)).map { [UInt8]($0) } ?? []
    return FITReader.looksLike(prefix: prefix)
  }

  /// The coach for the session, with the heart-rate zones of the config file. Zone targets
  /// without a maximum heart rate are said once through `warn`: they are announced but not
  /// coached. `name` is how the warning names the workout.
  public static func coach(
    _ workout: Workout, named name: String, configuration: SessionConfiguration,
    settings: UserSettings, warn: (String) -> Void
  ) -> WorkoutCoach {
    let zones = settings.maxHeartRate.flatMap {
      HeartRateZones(maximum: BeatsPerMinute($0), percents: settings.heartRateZones)
    }
    let hasZoneTarget = workout.plan.contains {
      if case .heartRateZone = $0.step.target { true } else { false }
    }
    if hasZoneTarget, zones == nil {
      warn(
        "strider: warning: \(name) has heart-rate zone targets but "
          + "profile.max_heart_rate is not set in the config file: they are not coached")
    }
    return WorkoutCoach(
      workout: workout, configuration: CoachConfiguration(zones: zones),
      activity: configuration.activity, units: configuration.units)
  }
}
