import ArgumentParser
import Foundation
import StriderApp
import StriderCore
import StriderFormats
import StriderStore

/// `--workout FILE` on demo, replay and run: the workout the coach walks the session through.
struct WorkoutOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "A workout file: TOML (see docs/workouts.md) or a FIT workout; steps, targets and "
        + "coaching cues.", valueName: "file"), completion: .file())
  var workout: String?

  /// The workout file read and checked; nil without `--workout`. A bad file stops the command
  /// with its error (file, line, step, what was wrong). A FIT workout (by its header) is
  /// imported, and what Strider cannot follow in it is said on stderr.
  func load() throws -> Workout? {
    guard let workout else { return nil }
    do {
      if Self.isFIT(workout) {
        let imported = try FITWorkoutImport.load(path: workout)
        for note in imported.notes { printError("strider: warning: \(workout): \(note)") }
        return imported.workout
      }
      return try WorkoutFile.load(path: workout)
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

  /// The coach for the session, with the heart-rate zones of the config file; nil without
  /// `--workout`. Zone targets without a maximum heart rate are said once on stderr: they are
  /// announced but not coached.
  func coach(_ workout: Workout?, configuration: SessionConfiguration, settings: UserSettings)
    -> WorkoutCoach?
  {
    guard let workout else { return nil }
    let zones = settings.maxHeartRate.flatMap {
      HeartRateZones(maximum: BeatsPerMinute($0), percents: settings.heartRateZones)
    }
    let hasZoneTarget = workout.plan.contains {
      if case .heartRateZone = $0.step.target { true } else { false }
    }
    if hasZoneTarget, zones == nil {
      printError(
        "strider: warning: \(self.workout ?? "the workout") has heart-rate zone targets but "
          + "profile.max_heart_rate is not set in the config file: they are not coached")
    }
    return WorkoutCoach(
      workout: workout, configuration: CoachConfiguration(zones: zones),
      activity: configuration.activity, units: configuration.units)
  }
}
