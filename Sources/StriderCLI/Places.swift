import ArgumentParser
import Foundation
import StriderApp
import StriderCore
import StriderRender
import StriderStore

/// `strider places`: the places the day storyline found, and their names.
struct Places: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "places",
    abstract: "List the known places, or name one.",
    subcommands: [ListPlaces.self, NamePlace.self], defaultSubcommand: ListPlaces.self)
}

struct ListPlaces: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: "The known places: number, name, position.")

  mutating func run() throws {
    let store = try StoreAccess.open()
    let places = try PlacesFile(location: store.location).load()
    guard !places.isEmpty else {
      try Output.standard("No places yet: `strider day` finds them in the day's sessions.\n")
      return
    }
    var out = ""
    for place in places {
      out +=
        String(format: "%4d  ", place.id) + TerminalText.safe(place.title)
        + String(format: "  %.6f, %.6f\n", place.latitude, place.longitude)
    }
    try Output.standard(out)
  }
}

struct NamePlace: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "name", abstract: "Give a place its name (strider places name 1 home).")

  @Argument(help: "The place's number, as `strider day` and `strider places` show it.")
  var id: Int

  @Argument(help: "The name.")
  var name: String

  func validate() throws {
    let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty, !trimmed.contains(where: \.isNewline) else {
      throw ValidationError("give a name of one line, not empty")
    }
  }

  mutating func run() throws {
    let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
    let store = try StoreAccess.open()
    let file = PlacesFile(location: store.location)
    var places = try file.load()
    guard let index = places.firstIndex(where: { $0.id == id }) else {
      throw CommandFailure(
        "no place \(id); known: "
          + (places.isEmpty ? "none yet" : places.map { String($0.id) }.joined(separator: ", ")))
    }
    places[index].name = trimmed
    try file.save(places)
    try Output.standard("Place \(id) is now \"\(TerminalText.safe(trimmed))\".\n")
  }
}
