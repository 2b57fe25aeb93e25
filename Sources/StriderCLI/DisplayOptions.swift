import ArgumentParser
import StriderCore

/// Options of the terminal dashboard (demo, replay, run without `--headless`).
struct DisplayOptions: ParsableArguments {
  @Flag(help: "Also speak the cues through espeak-ng, when it is installed.")
  var speak = false

  @Flag(help: "Draw with ASCII characters only, whatever the locale says.")
  var ascii = false

  @Option(
    name: .customLong("figures"),
    help: ArgumentHelp(
      "With --headless, also print the live figures (a `figures` event) every this many seconds of fix time.",
      valueName: "seconds"))
  var figuresEvery: Double?

  mutating func validate() throws {
    if let every = figuresEvery, !(every.isFinite && every > 0) {
      throw ValidationError("--figures takes a number of seconds above 0, not \(every).")
    }
  }

  /// `--figures` as the headless loop takes it.
  var figuresInterval: Seconds? { figuresEvery.map { Seconds($0) } }

  /// Refuses `--figures` where nothing would print it: the dashboard shows the figures, and
  /// `run --auto` prints its own events.
  func checkFigures(headless: Bool, auto: Bool = false) throws {
    guard figuresEvery != nil else { return }
    if !headless {
      throw ValidationError("--figures goes with --headless: the dashboard shows the figures.")
    }
    if auto { throw ValidationError("--figures is not printed by run --auto.") }
  }
}
