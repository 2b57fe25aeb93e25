import StriderCore
import StriderRender
import StriderStore

/// `sessions edit`, `split` and `merge`: what the user knows better than the file did, each
/// change made in the store and said as the line or table the command prints.
public enum SessionEdits {
  /// Renames session `id`, gives it an activity (measured again with it) or takes it out of
  /// the records or back in (`inRecords`); says what it is now.
  public static func edit(
    _ store: SessionStore, id: Int64, name: String?, activity: Activity?, inRecords: Bool?,
    units: UnitSystem
  ) throws -> String {
    if activity != nil {
      // A multisport file's parts keep their own activities; the whole is none of them.
      let parts = try store.parts(of: id)
      if !parts.isEmpty {
        throw CommandFailure(
          "session \(id) is a multisport file measured part by part; "
            + "its activity stays as it is")
      }
    }
    let listing = try store.edit(id, name: name, activity: activity)
    switch inRecords {
    case false?: try store.leaveOutOfRecords(id)
    case true?: try store.includeInRecords(id)
    case nil: break
    }
    let left = try store.isLeftOutOfRecords(id)
    var line = "session \(id): \(listing.activity.rawValue)"
    if let name = listing.name { line += ", \"\(TerminalText.safe(name))\"" }
    if let distance = listing.distance {
      line += ", " + DisplayFormat.distance(distance, units: units)
    }
    if listing.state != .finished {
      // Not measured yet: it holds no figures, so no records either way until finished.
      line += ", not finished (`strider sessions finish \(id)` measures it)"
    } else {
      line += left ? ", left out of the personal records" : ", in the personal records"
    }
    return line + "\n"
  }

  /// Splits session `id` where each time in `times` falls on or after its start and, with
  /// `gapHours`, at every gap between fixes longer than that; says the parts as
  /// `sessions list` shows them.
  public static func split(
    _ store: SessionStore, id: Int64, times: [String], gapHours: Double?, units: UnitSystem
  ) throws -> String {
    let listing = try store.listing(id)
    guard let start = listing.startTime else {
      throw CommandFailure("session \(id) has no timed fix to split at")
    }
    // A time that is no time at all is refused before (`LocalDate.time` from any start).
    var cuts = times.compactMap { LocalDate.time($0, onOrAfter: start) }
    if let gapHours {
      cuts += try store.gapEnds(of: id, longerThan: Seconds(gapHours * 3600))
    }
    let parts = try store.split(id, at: cuts)
    let listings = try parts.map { try store.listing($0) }
    return "session \(parts.first ?? 0) is now \(parts.count) sessions:\n"
      + SessionTable.text(listings, units: units)
  }

  /// Joins sessions `ids` into the one that starts first; says which went into it.
  public static func merge(_ store: SessionStore, ids: [Int64], units: UnitSystem) throws
    -> String
  {
    let merged = try store.merge(ids)
    let listing = try store.listing(merged)
    let others = Set(ids).subtracting([merged]).sorted().map(String.init)
    return "session\(others.count == 1 ? "" : "s") \(others.joined(separator: ", ")) merged into "
      + "session \(merged):\n" + SessionTable.text([listing], units: units)
  }
}
