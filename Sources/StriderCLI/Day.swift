import ArgumentParser
import Foundation
import StriderApp
import StriderCore
import StriderRender
import StriderStore

/// `strider day [DATE]`: the day as places and moves across its sessions.
struct Day: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "day",
    abstract: "The day as a storyline: the places you stayed at and the moves between them.",
    discussion: """
      Moves are the stored sessions' moves (what `run --auto` records); places are their \
      stops of two minutes or more and the time between sessions. Places within 150 m of \
      one another are one place, numbered the first time they are seen and named with \
      `strider places name ID NAME`.
      """
  )

  @Argument(help: "The day, YYYY-MM-DD in local time (default: today).")
  var date: String?

  enum Format: String, ExpressibleByArgument, CaseIterable { case panel, text, json }

  @Option(
    help: ArgumentHelp(
      "panel (a timeline across the terminal), text, or json (one object: date and segments "
        + "shaped like the JSON export's storyline). Default: panel when standard output is a "
        + "terminal, else text."))
  var format: Format?

  func validate() throws {
    if let date, LocalDate.startOfDay(date) == nil {
      throw ValidationError("'\(date)' is not a day: give YYYY-MM-DD, e.g. 2024-05-06")
    }
  }

  mutating func run() throws {
    // Checked in `validate`; today without a date.
    let start = date.flatMap(LocalDate.startOfDay) ?? LocalDate.startOfDay(containing: nil)
    let store = try StoreAccess.open()
    let storyline = try DayText.storyline(store, from: start)
    let dayText = date ?? LocalDate.text(start).prefix(10).description
    switch format ?? (TerminalPanel.isAvailable ? .panel : .text) {
    case .json: try Output.standard(DayText.json(storyline, date: dayText).serialized + "\n")
    case .text: try Output.standard(DayText.text(storyline, date: dayText))
    case .panel:
      let panel = DayTimelinePanel(
        timeline: DayText.timeline(storyline, date: dayText, midnight: start),
        glyphs: TerminalPanel.glyphs)
      try Output.standard(
        TerminalPanel.render(height: panel.preferredHeight, glyphs: panel.glyphs, panel.draw))
    }
  }
}
