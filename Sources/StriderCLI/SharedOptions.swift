import ArgumentParser
import StriderCore

extension Activity: ExpressibleByArgument {}
extension UnitSystem: ExpressibleByArgument {}
extension ElevationPolicy: ExpressibleByArgument {}

/// Options every command that computes a session shares.
struct SessionOptions: ParsableArguments {
  @Option(help: "run, walk or ride (default: what the file says, else guessed from its speed).")
  var activity: Activity?

  @Option(help: "The user's weight in kilograms, for calories.")
  var weight: Double = 70

  @Option(help: "metric or imperial.")
  var units: UnitSystem = .metric

  @Option(help: "Elevation gain: auto (only smooth, barometric-looking elevation), on, off.")
  var elevation: ElevationPolicy = .auto

  @Flag(help: "Never pause automatically: standing still counts as moving time.")
  var noAutoPause = false

  /// The engine configuration these options ask for.
  func configuration(activity: Activity, raw: Bool) -> SessionConfiguration {
    let weight = Kilograms(weight)
    if raw {
      return .raw(activity: activity, weight: weight, units: units, elevation: elevation)
    }
    var configuration = SessionConfiguration(
      activity: activity, weight: weight, units: units, elevation: elevation)
    configuration.autoPause.enabled = !noAutoPause
    return configuration
  }

  func validate() throws {
    guard weight.isFinite, weight >= 20, weight <= 400 else {
      throw ValidationError(
        "--weight must be a weight in kilograms between 20 and 400, not \(weight).")
    }
  }
}
