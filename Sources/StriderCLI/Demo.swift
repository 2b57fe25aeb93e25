import ArgumentParser
import StriderApp
import StriderCore
import StriderSimulator
import StriderSources

/// `strider demo`: a simulated run, nothing to set up.
struct Demo: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Watch a simulated run with GPS faults: no receiver and no files needed.")

  @Option(
    parsing: .unconditional,
    help: "Speed against the fix clock: 1 (real time), 10, 100, ..., or max (default: 10).",
    transform: ReplaySpeed.option)
  var speed: ReplaySpeed = .times(10)

  @Option(
    parsing: .unconditional,
    help: "Seed of the simulation: the same seed gives the same run (default: 1).",
    transform: NumberArgument.seed)
  var seed: UInt64 = 1

  @Option(help: "Faults to inject: all or none.")
  var faults: String = "all"

  @Flag(help: "Print events as JSON lines instead of drawing the dashboard.")
  var headless = false

  @Flag(help: "Keep the simulated session in the session database, marked as simulated.")
  var record = false

  @OptionGroup var session: LiveSessionOptions

  @OptionGroup var display: DisplayOptions

  func validate() throws {
    guard faults == "all" || faults == "none" else {
      throw ValidationError("--faults must be all or none")
    }
  }

  mutating func run() throws {
    let stop = StopSignal()
    let activity = try session.liveActivity()
    let source = SimulatorSource(
      configuration: SimulationConfiguration(
        activity: activity, seed: seed, faults: faults == "all" ? .all : .none),
      speed: speed, clock: SystemClock())
    let configuration = try session.configuration(activity: activity, raw: false)
    let label = "simulator (\(activity.rawValue), seed \(seed))"
    var again = "strider demo --seed \(seed)"
    if faults != "all" { again += " --faults \(faults)" }
    if session.activity != nil { again += " --activity \(activity.rawValue)" }
    guard record else {
      if let summary = try show(source, configuration: configuration, label: label, stop: stop) {
        try QuitSummary.print(
          summary, kept: .notKept(hint: "--record keeps a demo"), again: again)
      }
      return
    }
    var shown: SessionSummary?
    let id = try StoreAccess.record(
      source, origin: .simulated, name: "demo \(activity.rawValue), seed \(seed)",
      label: label, configuration: configuration, announces: headless
    ) { recorded in
      shown = try show(recorded, configuration: configuration, label: label, stop: stop)
    }
    if let shown {
      try QuitSummary.print(shown, kept: .recorded(id), again: again)
    }
  }

  private func show(
    _ source: some DashboardSource, configuration: SessionConfiguration, label: String,
    stop: StopSignal
  ) throws -> SessionSummary? {
    try TerminalSession.show(
      source, kind: .demo, headless: headless, format: "simulator",
      configuration: configuration, label: label, display: display, stop: stop)
  }
}
