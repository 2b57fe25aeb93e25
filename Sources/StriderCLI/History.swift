import ArgumentParser
import Foundation
import StriderApp
import StriderCore
import StriderRender
import StriderSources
import StriderStore
import StriderTerminal

/// `strider history`: the history as a screen one browses (issue 19): the sessions, a
/// weekly distance chart, a calendar of daily distance and the records; Enter opens a
/// session, `r` replays it on the dashboard and comes back.
struct History: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "history",
    abstract: "Browse the history: sessions, weekly distance, a year's calendar, records.",
    discussion:
      "Arrow keys (or j/k) move, / searches by date, activity, name or source, Enter opens "
      + "a session (summary, splits, best efforts, heart-rate zones, route), r replays it, "
      + "q or Esc goes back and quits. Everything comes from the figures kept per session.")

  @Option(help: ArgumentHelp(HistoryUnits.help))
  var units: UnitSystem?

  @Flag(help: "Leave out simulated sessions (demo --record).")
  var noDemos = false

  @Option(
    parsing: .unconditional, help: "Speed of a replay started with r (default: 1).",
    transform: ReplaySpeed.option)
  var speed: ReplaySpeed = .times(1)

  @Flag(
    help: ArgumentHelp(
      "Load the history, print how long that took and leave without drawing (for timing).",
      visibility: .hidden))
  var timeOnly = false

  @OptionGroup var display: DisplayOptions

  func run() throws {
    let stop = StopSignal()
    let started = ContinuousClock.now
    let store = try StoreAccess.openForHistory()
    let units = try HistoryUnits.resolve(self.units)
    let data = try HistoryLoader.data(store, units: units, includingSimulated: !noDemos)
    let loader = try HistoryLoader(store: store, units: units, settings: try ConfigFile.settings())
    if timeOnly {
      // What opening costs up to the first frame: the store, the reads, a 120x40 frame.
      var model = HistoryModel(data: data)
      let frame = model.render(columns: 120, rows: 40)
      let elapsed = ContinuousClock.now - started
      let milliseconds =
        Double(elapsed.components.attoseconds) / 1e15
        + Double(elapsed.components.seconds) * 1000
      try Output.standard(
        "history: \(data.entries.count) sessions, \(data.dailyDistance.count) days, "
          + "\(data.records.count) records, a \(frame?.width ?? 0)x\(frame?.height ?? 0) frame "
          + "in \(Int(milliseconds.rounded())) ms\n")
      return
    }
    var model: HistoryModel?
    var note: String?
    while !stop.isRaised {
      var screen: TerminalScreen
      do {
        screen = try TerminalSession.openScreen(ascii: display.ascii)
      } catch {
        // The history has no headless mode: the same figures are printed by other commands.
        throw CommandFailure(
          "\(error.problem); `strider sessions`, `strider stats` and "
            + "`strider records` print the history as text")
      }
      var current =
        model ?? HistoryModel(data: data, glyphs: screen.glyphs, colour: screen.hasColour)
      if let note { current.show(note) }
      let outcome: HistoryOutcome
      do {
        defer { screen.close() }
        outcome = HistoryLoop.run(
          &current, backend: &screen, load: { loader.detail($0, data: data) },
          isStopped: { stop.isRaised })
      }
      model = current
      guard case .replay(let id) = outcome else { return }
      note = try replay(id, store: store, stop: stop, units: units)
    }
  }

  /// Replays session `id` on the dashboard, as `strider replay ID` does; the note the
  /// history shows when it comes back.
  private func replay(_ id: Int64, store: SessionStore, stop: StopSignal, units: UnitSystem)
    throws -> String
  {
    let stored = try StoredReplay(store, id: id)
    let fixes = try stored.fixes(in: store)
    guard !fixes.isEmpty else { return "Session \(id) has no fixes to replay" }
    let source = ReplaySource(fixes: fixes, name: stored.name, speed: speed, clock: SystemClock())
    let summary = try TerminalSession.run(
      kind: .replay, source: source, configuration: stored.configuration,
      sourceLabel: stored.name, display: display, stop: stop)
    return "Replayed session \(id): " + DisplayFormat.distance(summary.distance, units: units)
      + " in " + DisplayFormat.clock(summary.elapsed)
  }
}
