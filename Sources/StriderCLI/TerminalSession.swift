import ArgumentParser
import Foundation
import StriderApp
import StriderCore
import StriderRender
import StriderSimulator
import StriderSources
import StriderTerminal

/// Opens the dashboard on the process's terminal and runs `DashboardLoop` there: the
/// environment read, stderr sent to a log while the screen is up, the ncurses screen opened
/// and always closed; the caller prints the readable summary (`QuitSummary`).
///
/// The dashboard's logic (the filter lab, seeking, pausing, the quit dialog) is the
/// `DashboardModel` in `StriderApp`, which drives the engine through the same
/// `SessionRunner` as `--headless`; this only wires the edges to it.
enum TerminalSession {
  /// The ncurses screen as every full-screen command opens it: `TERM` from the
  /// environment, colour unless `NO_COLOR` is set, ASCII when asked.
  static func openScreen(ascii: Bool) throws(TerminalError) -> TerminalScreen {
    let environment = ProcessEnvironment.variables
    return try TerminalScreen(
      options: TerminalScreen.Options(
        term: environment["TERM"], allowsColour: (environment["NO_COLOR"] ?? "").isEmpty,
        forcesASCII: ascii))
  }

  /// Shows a live or simulated session on the dashboard (its summary returned, for the quit
  /// summary) or as JSON lines with `--headless` (nil: the last line was the summary).
  static func show(
    _ source: some DashboardSource, kind: DashboardModel.Kind, headless: Bool, format: String,
    configuration: SessionConfiguration, label: String, display: DisplayOptions,
    coach: WorkoutCoach? = nil, recordsToBeat: RecordsToBeat = RecordsToBeat(), stop: StopSignal
  ) throws -> SessionSummary? {
    guard headless else {
      return try run(
        kind: kind, source: source, configuration: configuration, sourceLabel: label,
        display: display, coach: coach, recordsToBeat: recordsToBeat, stop: stop)
    }
    var source = source
    _ = try HeadlessSession.run(
      source: &source, configuration: configuration, file: nil, format: format, coach: coach,
      recordsToBeat: recordsToBeat, speak: HeadlessSession.speaks(display),
      figuresEvery: display.figuresInterval,
      stop: stop)
    return nil
  }

  /// Runs the dashboard until `q`, the end of a live session, a signal or an error,
  /// restores the terminal and stderr, and returns the finished session's summary. What
  /// was written to stderr meanwhile is in `dashboard.log`; a line says so.
  ///
  /// - Throws: `ExitCode(1)` after a one-line message when the terminal cannot show the
  ///   dashboard (not a terminal, `TERM=dumb` or unknown).
  static func run(
    kind: DashboardModel.Kind, source: some DashboardSource,
    configuration: SessionConfiguration, sourceLabel: String, display: DisplayOptions,
    coach: WorkoutCoach? = nil, recordsToBeat: RecordsToBeat = RecordsToBeat(),
    replayingLaps: [LapMark] = [], stop: StopSignal
  ) throws -> SessionSummary {
    let environment = ProcessEnvironment.variables
    let speak = HeadlessSession.speaks(display)
    let speaker = speak ? CueSpeaker(path: environment["PATH"]) : nil
    var screen: TerminalScreen
    do {
      screen = try openScreen(ascii: display.ascii)
    } catch {
      throw CommandFailure(error.description)
    }
    let clock = SystemClock()
    // SIGUSR1 presses lap, as in a headless session (stdin belongs to the keys here).
    let laps = LapSignal(readsStandardInput: false)
    var model = makeModel(
      kind: kind, source: source, configuration: configuration, sourceLabel: sourceLabel,
      glyphs: screen.glyphs, colour: screen.hasColour, coach: coach, recordsToBeat: recordsToBeat,
      replayingLaps: replayingLaps)
    if speak, speaker == nil {
      model.show(CueSpeaker.unavailableMessage, for: 10, now: clock.now())
    }
    var source = source
    // Read before the loop holds the source: a replay from the history (H) goes this fast.
    let replaySpeed = source.replaySpeed ?? .times(1)
    let log = StderrLog(environment: environment, command: "\(kind) \(sourceLabel)")
    var reported: Int64 = 0
    let summary: SessionSummary
    do {
      defer {
        screen.close()
        log?.restore()
      }
      summary = DashboardLoop.run(
        &model, source: &source, backend: &screen, clock: clock, announcer: speaker,
        notice: {
          guard let log, log.bytesLogged > reported else { return nil }
          reported = log.bytesLogged
          return "Messages logged to \(StderrLog.fileName)"
        }, lapPresses: { laps.take() },
        history: { screen in
          DashboardHistory.show(on: &screen, speed: replaySpeed, stop: stop)
        }, isStopped: { stop.isRaised })
    }
    if let log, log.bytesLogged > 0 {
      printError(
        "strider: messages written to stderr while the dashboard ran are in \(log.path)")
    }
    return summary
  }

  /// The dashboard's model for a session drawn with `glyphs` (and `colour`), with the records its finish may
  /// announce (none but for a session being saved, or a replay asked) and the heart-rate
  /// zones read from the config file and the store.
  static func makeModel(
    kind: DashboardModel.Kind, source: some DashboardSource, configuration: SessionConfiguration,
    sourceLabel: String, glyphs: Glyphs, colour: Bool, coach: WorkoutCoach? = nil,
    recordsToBeat: RecordsToBeat = RecordsToBeat(), replayingLaps: [LapMark] = []
  ) -> DashboardModel {
    DashboardModel(
      kind: kind, configuration: configuration, sourceLabel: sourceLabel,
      controls: source.controls, truth: source.truthLookup, glyphs: glyphs,
      colour: colour, utcOffset: Seconds(Double(TimeZone.current.secondsFromGMT())),
      coach: coach,
      recordsToBeat: recordsToBeat,
      heartRateZones: StoreAccess.heartRateZones(), replayingLaps: replayingLaps)
  }
}
