import ArgumentParser
import StriderApp
import StriderCore
import StriderSources
import StriderStore

extension GPSDEndpoint: ExpressibleByArgument {}

/// `strider run`: a live session from gpsd.
struct Run: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Record a live session from gpsd.",
    discussion:
      "Connects to gpsd (default 127.0.0.1:2947), reconnects with backoff when it goes away "
      + "(the outage stays a gap: no distance is invented across it), and ends cleanly with "
      + "the summary on SIGINT, SIGTERM or SIGHUP."
  )

  @Option(help: "Where gpsd listens: HOST:PORT, HOST, or [IPv6]:PORT (default 127.0.0.1:2947).")
  var gpsd: GPSDEndpoint?

  @Flag(help: "Print events as JSON lines instead of drawing the dashboard.")
  var headless = false

  @Flag(help: "Do not keep the session in the session database.")
  var noRecord = false

  @Flag(
    help:
      "Stay connected all day and record a session each time you move: it starts when you leave where you stood and ends after --still-for of standing, at the last moving fix. Each session's activity is guessed (unless --activity) and it is named by time and activity."
  )
  var auto = false

  @Option(
    parsing: .unconditional,
    help: "With --auto: seconds of standing still that end a session (default 300).")
  var stillFor: Double?

  @OptionGroup var session: LiveSessionOptions

  @OptionGroup var workout: WorkoutOptions

  @OptionGroup var display: DisplayOptions

  func validate() throws {
    try display.checkFigures(headless: headless, auto: auto)
    if let stillFor {
      guard auto else { throw ValidationError("--still-for goes with --auto") }
      guard stillFor.isFinite, (30...86_400).contains(stillFor) else {
        throw ValidationError(
          "--still-for \(stillFor) is out of range: give seconds between 30 and 86400")
      }
    }
  }

  mutating func run() throws {
    let stop = StopSignal()
    let settings = try session.settings()
    let plan = try workout.load()
    let endpoint = try gpsd ?? Self.endpoint(settings)
    // A refused connection is retried (gpsd may start later); a name that does not resolve
    // never will, so it is said at once.
    do {
      try endpoint.checkResolves()
    } catch {
      throw CommandFailure(error.description)
    }
    if auto {
      try runAuto(endpoint: endpoint, settings: settings, stop: stop)
      return
    }
    let source = GPSDSource(endpoint: endpoint, clock: SystemClock())
    var configuration = settings.sessionConfiguration(
      activity: settings.activity ?? .run, raw: false)
    // A live receiver always reports an accuracy; a fix without one is not trustworthy.
    configuration.gate.accuracyRequirement = .whenReported
    // gpsd stamps every real fix; a TPV without a time (often the first) must never become
    // the session's start.
    configuration.gate.timeRequirement = .always
    let label = "gpsd \(endpoint)"
    let coach = workout.coach(plan, configuration: configuration, settings: settings)
    guard !noRecord else {
      if let summary = try show(
        source, configuration: configuration, label: label, coach: coach, stop: stop)
      {
        try QuitSummary.print(
          summary, kept: .notKept(hint: "--no-record"), again: "strider run")
      }
      return
    }
    var shown: SessionSummary?
    let id = try RecordingJob.record(
      source, store: try StoreAccess.open(), origin: .live, name: nil, label: label,
      configuration: configuration, announces: headless, say: printError
    ) { recorded in
      shown = try show(
        recorded, configuration: configuration, label: label, coach: coach,
        recordsToBeat: StoreAccess.recordsToBeat(activity: configuration.activity), stop: stop)
    }
    if let shown {
      try QuitSummary.print(
        shown, kept: id.map { .recorded($0) } ?? .notKept(hint: "no fix was accepted"),
        again: "strider run")
    }
  }

  /// `--auto`: one session per detected move, until stopped.
  private func runAuto(endpoint: GPSDEndpoint, settings: UserSettings, stop: StopSignal) throws {
    var detector = MotionDetectorConfiguration.standard
    if let stillFor { detector.endAfter = Seconds(stillFor) }
    var auto = AutoRun(
      endpoint: endpoint, headless: headless, record: !noRecord, activity: session.activity,
      detector: detector
    ) { activity in
      var configuration = settings.sessionConfiguration(activity: activity, raw: false)
      configuration.gate.accuracyRequirement = .whenReported
      configuration.gate.timeRequirement = .always
      return configuration
    }
    auto.showsPanel = TerminalPanel.isAvailable
    try auto.run(stop: stop)
  }

  /// The config file's gpsd address, checked as the flag would be.
  private static func endpoint(_ settings: UserSettings) throws -> GPSDEndpoint {
    if let endpoint = GPSDEndpoint(argument: settings.gpsdAddress) { return endpoint }
    throw CommandFailure(
      "\(settings.source(of: "gpsd.address")): gpsd.address: "
        + "\"\(settings.gpsdAddress)\" is not HOST:PORT, HOST or [IPv6]:PORT")
  }

  /// - Parameter recordsToBeat: the records the finish announces it beat: a session being
  ///   saved's, none for `--no-record`.
  private func show(
    _ source: some DashboardSource, configuration: SessionConfiguration, label: String,
    coach: WorkoutCoach?, recordsToBeat: RecordsToBeat = RecordsToBeat(), stop: StopSignal
  ) throws -> SessionSummary? {
    try TerminalSession.show(
      source, kind: .live, headless: headless, format: "gpsd", configuration: configuration,
      label: label, display: display, coach: coach, recordsToBeat: recordsToBeat, stop: stop)
  }
}
