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

  func validate() throws {
    guard weight.isFinite, weight >= 20, weight <= 400 else {
      throw ValidationError(
        "--weight must be a weight in kilograms between 20 and 400, not \(weight).")
    }
  }
}
