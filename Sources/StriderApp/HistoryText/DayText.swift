import Foundation
import StriderCore
import StriderRender
import StriderStore

/// `day`: the day as places and moves across its sessions, as the timeline panel draws it,
/// as text and as JSON.
public enum DayText {
  /// The day from local midnight `start`, its places named as the places file knows them;
  /// places seen for the first time are numbered and kept in the file.
  public static func storyline(_ store: SessionStore, from start: GNSSTime) throws
    -> DayStoryline
  {
    let file = PlacesFile(location: store.location)
    let known = try file.load()
    let storyline = try storyline(store, from: start, knownPlaces: known)
    if storyline.places != known { try file.save(storyline.places) }
    return storyline
  }

  /// The day of `time` (a receiver's clock, or a replayed day's; today without one) as the
  /// storyline's lines under its title, for `run --auto`'s panel; nil when it cannot be read.
  public static func lines(of store: SessionStore, at time: GNSSTime?) -> [String]? {
    guard let storyline = try? storyline(store, from: LocalDate.startOfDay(containing: time)) else {
      return nil
    }
    return text(storyline, date: "").split(separator: "\n").dropFirst().map { String($0) }
  }

  /// The day from local midnight `start` to the next (24 hours on), from the finished
  /// sessions stored that began in it, with the places known so far; places seen for the
  /// first time are numbered in its `places`, for the caller to keep.
  public static func storyline(
    _ store: SessionStore, from start: GNSSTime, knownPlaces known: [KnownPlace]
  ) throws -> DayStoryline {
    let end = start + Seconds(86_400)
    let listings = try store.sessions(includingSimulated: false).filter { listing in
      listing.state == .finished && listing.startTime.map { $0 >= start && $0 < end } ?? false
    }
    var sessions: [StorylineSession] = []
    for listing in listings {
      let record = try store.record(listing.id)
      sessions.append(
        StorylineSession(
          id: listing.id, name: listing.name,
          segments: Timeline.segments(
            finished: record.finishedTrack, display: record.drawnTrack,
            pauses: record.summary?.pauses ?? [], activity: record.activity),
          activity: record.activity))
    }
    return DayStoryline(sessions: sessions, knownPlaces: known)
  }

  /// The storyline as the timeline panel draws it: times in minutes after the local
  /// `midnight` the day began at.
  public static func timeline(_ storyline: DayStoryline, date: String, midnight: GNSSTime)
    -> DayTimeline
  {
    func minute(_ time: GNSSTime?) -> Double? {
      time.map { ($0 - midnight).value / 60 }
    }
    let entries = storyline.entries.map { entry -> DayTimeline.Entry in
      switch entry {
      case .place(let visit):
        return DayTimeline.Entry(
          kind: .place(id: visit.place.id), label: TerminalText.safe(visit.place.title),
          startMinute: minute(visit.start), endMinute: minute(visit.end),
          detail: visit.duration.map { HistoryTime.duration($0) } ?? "")
      case .move(let move):
        return DayTimeline.Entry(
          kind: .move(vehicle: move.kind == .vehicle), label: move.kind.word,
          startMinute: minute(move.start), endMinute: minute(move.end),
          detail: String(format: "%.2f km", move.distance.value / 1000)
            + "  \(HistoryTime.duration(move.duration))  (session \(move.session))")
      }
    }
    return DayTimeline(date: date, entries: entries)
  }

  public static func json(_ storyline: DayStoryline, date: String) -> JSONValue {
    func time(_ t: GNSSTime?) -> JSONValue { t.map { .string($0.iso8601) } ?? .null }
    let segments: [JSONValue] = storyline.entries.map { entry in
      switch entry {
      case .place(let visit):
        return .object([
          JSONMember("type", .string("place")),
          JSONMember(JSONKey.startTime, time(visit.start)),
          JSONMember(JSONKey.endTime, time(visit.end)),
          JSONMember(JSONKey.duration, .rounded(visit.duration?.value, 1)),
          JSONMember(
            "place",
            .object([
              JSONMember(JSONKey.latitude, .rounded(visit.place.latitude, 7)),
              JSONMember(JSONKey.longitude, .rounded(visit.place.longitude, 7)),
            ])),
          JSONMember("place_id", .int(visit.place.id)),
          JSONMember("name", .string(visit.place.title)),
        ])
      case .move(let move):
        return .object([
          JSONMember("type", .string("move")),
          JSONMember("activity", .string(move.kind.word)),
          JSONMember(JSONKey.startTime, time(move.start)),
          JSONMember(JSONKey.endTime, time(move.end)),
          JSONMember(JSONKey.distance, .rounded(move.distance.value, 1)),
          JSONMember(JSONKey.duration, .rounded(move.duration.value, 1)),
          JSONMember("session", .int(Int(move.session))),
        ])
      }
    }
    return .object([JSONMember("date", .string(date)), JSONMember("segments", .array(segments))])
  }

  public static func text(_ storyline: DayStoryline, date: String) -> String {
    guard !storyline.entries.isEmpty else { return "\(date): no sessions\n" }
    var out = "\(date)\n"
    for entry in storyline.entries {
      switch entry {
      case .place(let visit):
        let span = "\(clock(visit.start)) - \(clock(visit.end))"
        let length = visit.duration.map { "  " + HistoryTime.duration($0) } ?? ""
        out += "\(span)  \(TerminalText.safe(visit.place.title))\(length)\n"
      case .move(let move):
        let span = "\(clock(move.start)) - \(clock(move.end))"
        out +=
          "\(span)    \(move.kind.word) "
          + String(format: "%.2f km", move.distance.value / 1000)
          + "  \(HistoryTime.duration(move.duration))  (session \(move.session))\n"
      }
    }
    return out
  }

  /// HH:MM in local time, or blank when the sessions do not say.
  public static func clock(_ time: GNSSTime?) -> String {
    guard let time else { return "     " }
    return LocalDate.written(time, as: "HH:mm")
  }
}

/// Minutes and seconds as the history prints them: 8:42, 1:02:03.
public enum HistoryTime {
  public static func duration(_ seconds: Seconds) -> String {
    let total = Int(saturating: max(0, seconds.value).rounded())
    let (h, m, s) = (total / 3600, total / 60 % 60, total % 60)
    return h > 0
      ? String(format: "%d:%02d:%02d", h, m, s) : String(format: "%d:%02d", m, s)
  }
}
