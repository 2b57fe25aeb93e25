import ArgumentParser
import StriderApp
import StriderCore
import StriderStore

/// `--workout FILE` on demo, replay and run: the workout the coach walks the session through.
struct WorkoutOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "A workout file: TOML (see docs/workouts.md) or a FIT workout; steps, targets and "
        + "coaching cues.", valueName: "file"), completion: .file())
  var workout: String?

  /// The workout file read and checked; nil without `--workout`.
  func load() throws -> Workout? {
    try workout.map { try WorkoutLoading.load(path: $0, warn: printError) }
  }

  /// The coach for the session; nil without `--workout`.
  func coach(_ plan: Workout?, configuration: SessionConfiguration, settings: UserSettings)
    -> WorkoutCoach?
  {
    plan.map {
      WorkoutLoading.coach(
        $0, named: workout ?? "the workout", configuration: configuration, settings: settings,
        warn: printError)
    }
  }
}
