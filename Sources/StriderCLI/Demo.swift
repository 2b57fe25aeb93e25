import ArgumentParser
import StriderApp
import StriderCore
import StriderSimulator
import StriderSources

/// `strider demo`: a simulated run, nothing to set up.
struct Demo: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "demo",
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

  @Option(help: "Faults to inject: all or none.", completion: .list(["all", "none"]))
  var faults: String = "all"

  @Flag(help: "Print events as JSON lines instead of drawing the dashboard.")
  var headless = false

  @Flag(help: "Keep the simulated session in the session database, marked as simulated.")
  var record = false

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "With --workout: the simulated runner fades by this share of its speed through every "
        + "step with a target (negative: it speeds up), to drift out of range.",
      valueName: "percent"))
  var drift: Double = 0

  @OptionGroup var session: LiveSessionOptions

  @OptionGroup var workout: WorkoutOptions

  @OptionGroup var display: DisplayOptions

  func validate() throws {
    guard faults == "all" || faults == "none" else {
      throw ValidationError("--faults must be all or none")
    }
    guard drift.isFinite, (-50...50).contains(drift) else {
      throw ValidationError("--drift must be a share of the speed from -50 to 50 (percent)")
    }
    if drift != 0, workout.workout == nil {
      throw ValidationError("--drift needs --workout: it moves the runner off the targets")
    }
    try display.checkFigures(headless: headless)
  }

  mutating func run() throws {
    let stop = StopSignal()
    let activity = try session.liveActivity()
    let plan = try workout.load()
    var simulation = SimulationConfiguration(
      activity: activity, seed: seed, faults: faults == "all" ? .all : .none)
    let configuration = try session.configuration(activity: activity, raw: false)
    let coach = workout.coach(plan, configuration: configuration, settings: try session.settings())
    if let plan, let coach {
      simulation = WorkoutSimulation.configuration(
        simulation, workout: plan, drift: drift, coach: coach, session: configuration)
    }
    let source = SimulatorSource(configuration: simulation, speed: speed, clock: SystemClock())
    let label = "simulator (\(activity.rawValue), seed \(seed))"
    var again = "strider demo --seed \(seed)"
    if faults != "all" { again += " --faults \(faults)" }
    if session.activity != nil { again += " --activity \(activity.rawValue)" }
    if let file = workout.workout { again += " --workout \(QuitSummary.shellWord(file))" }
    if drift != 0 {
      again +=
        " --drift " + (drift == drift.rounded() ? String(Int(saturating: drift)) : String(drift))
    }
    guard record else {
      if let summary = try show(
        source, configuration: configuration, label: label, coach: coach, stop: stop)
      {
        try QuitSummary.print(
          summary, kept: .notKept(hint: "--record keeps a demo"), again: again)
      }
      return
    }
    var shown: SessionSummary?
    let id = try RecordingJob.record(
      source, store: try StoreAccess.open(), origin: .simulated,
      name: "demo \(activity.rawValue), seed \(seed)",
      label: label, configuration: configuration, announces: headless,
      say: printError
    ) { recorded in
      shown = try show(
        recorded, configuration: configuration, label: label, coach: coach, stop: stop)
    }
    if let shown {
      try QuitSummary.print(
        shown, kept: id.map { .recorded($0) } ?? .notKept(hint: "the demo ended before it moved"),
        again: again)
    }
  }

  private func show(
    _ source: some DashboardSource, configuration: SessionConfiguration, label: String,
    coach: WorkoutCoach?, stop: StopSignal
  ) throws -> SessionSummary? {
    try TerminalSession.show(
      source, kind: .demo, headless: headless, format: "simulator",
      configuration: configuration, label: label, display: display, coach: coach, stop: stop)
  }
}
