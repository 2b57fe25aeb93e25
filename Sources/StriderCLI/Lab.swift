import ArgumentParser
import Foundation
import StriderApp
import StriderConcurrency
import StriderCore
import StriderRender
import StriderStore

/// `strider lab`: experiments on recorded days.
struct Lab: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lab",
    abstract: "Experiments on recorded or simulated days.",
    subcommands: [LabPolicies.self])
}

/// `strider lab policies FILE|SESSION`: what battery-saving sampling policies cost and miss.
struct LabPolicies: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "policies",
    abstract: "Replay a day through sampling policies: receiver-on time, distance, misses.",
    discussion: """
      Each policy decides epoch by epoch whether the precise receiver is on: continuous \
      1 Hz; precise for --on-for seconds then off until the user leaves a --radius region; \
      significant change (a cheap position every 500 m); speed-triggered (precise while \
      moving, a probe fix every 30 s otherwise); batched (woken every --every minutes for \
      10 s). The day's moves and places come from the motion detector on every fix; each \
      policy is scored against them: receiver-on time (the battery's proxy), positions, \
      the moves' distance from its positions through the engine and its error against \
      continuous, moves and places missed, moves invented (found in the policy's positions \
      where the reference has none), and the largest time without a position. With \
      --story (the truth `strider simulate --day --story` writes) the policies are scored \
      against the true moves and places and the true distance instead. A simulated day to \
      try: strider simulate --day --compressed -o day.gpx --story day.json.
      """)

  @Argument(
    help: "A file (GPX, TCX, FIT, NMEA, gpsd JSON) or a session number.", completion: .file())
  var input: String

  @Option(parsing: .unconditional, help: "Seconds the region policy keeps the receiver on.")
  var onFor: Double = 60

  @Option(parsing: .unconditional, help: "Metres of the region policy's circle.")
  var radius: Double = 100

  @Option(parsing: .unconditional, help: "Minutes between the batched policy's wakes.")
  var every: Double = 5

  @Option(
    help: ArgumentHelp(
      "The day's truth as `strider simulate --day --story` writes it: score against it.",
      valueName: "story.json"), completion: .file(extensions: ["json"]))
  var story: String?

  enum Format: String, ExpressibleByArgument, CaseIterable { case panel, table, json }

  @Option(
    help: ArgumentHelp(
      "panel (the table in a box with receiver-on bars), table, or json (one object: "
        + "reference, moves, places, elapsed_s, policies). Default: panel when standard "
        + "output is a terminal, else table."))
  var format: Format?

  func validate() throws {
    guard onFor.isFinite, (1...3600).contains(onFor) else {
      throw ValidationError("--on-for \(onFor) is out of range: give seconds from 1 to 3600")
    }
    guard radius.isFinite, (10...10_000).contains(radius) else {
      throw ValidationError("--radius \(radius) is out of range: give metres from 10 to 10000")
    }
    guard every.isFinite, (1...240).contains(every) else {
      throw ValidationError("--every \(every) is out of range: give minutes from 1 to 240")
    }
  }

  mutating func run() throws {
    let result = try PolicyLabReport.run(
      input: input, onFor: Seconds(onFor), radius: Meters(radius), every: Seconds(every * 60),
      story: story, settings: try ConfigFile.settings(), store: StoreAccess.open)
    switch format ?? (TerminalPanel.isAvailable ? .panel : .table) {
    case .json: try Output.standard(PolicyLabReport.json(result).serialized + "\n")
    case .table: try Output.standard(PolicyLabReport.table(result))
    case .panel:
      let panel = PolicyLabReport.panel(result, glyphs: TerminalPanel.glyphs)
      try Output.standard(
        TerminalPanel.render(height: panel.preferredHeight, glyphs: panel.glyphs, panel.draw))
    }
  }
}
