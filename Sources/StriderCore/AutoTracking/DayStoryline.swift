/// The day told as places and moves across sessions, as the Moves app told it.
///
/// Moves are the sessions' moves; places are the stops of two minutes or more inside a
/// session and the time between sessions (where `run --auto` records nothing but where the
/// user stood: the end of one session and the start of the next). Places closer than
/// `clusterRadius` to a known place are that place; others become new known places,
/// numbered on from the highest number known.
public struct DayStoryline: Sendable, Hashable {
  /// A stay at a place; a time is nil where the day's sessions do not say (before the
  /// first session, after the last).
  public struct Visit: Sendable, Hashable {
    public var place: KnownPlace
    public var start: GNSSTime?
    public var end: GNSSTime?
    public var duration: Seconds? { start.flatMap { s in end.map { $0 - s } } }
  }

  /// A move, from one session.
  public struct Journey: Sendable, Hashable {
    public var session: Int64
    public var kind: MoveKind
    public var start: GNSSTime
    public var end: GNSSTime
    public var distance: Meters
    public var duration: Seconds { end - start }
  }

  public enum Entry: Sendable, Hashable {
    case place(Visit)
    case move(Journey)
  }

  public var entries: [Entry]
  /// The known places after this day: the ones given and any new ones it found.
  public var places: [KnownPlace]

  /// Places within this distance of each other are one place.
  public static let clusterRadius = Meters(150)

  /// The storyline of `sessions` (in any order) given the places known so far.
  public init(sessions: [StorylineSession], knownPlaces: [KnownPlace]) {
    var places = knownPlaces
    func place(at coordinate: Coordinate) -> KnownPlace {
      let nearest = places.min {
        Geodesy.distanceMeters($0.coordinate, coordinate)
          < Geodesy.distanceMeters($1.coordinate, coordinate)
      }
      if let nearest,
        Geodesy.distanceMeters(nearest.coordinate, coordinate)
          <= DayStoryline.clusterRadius.value
      {
        return nearest
      }
      let new = KnownPlace(id: (places.map(\.id).max() ?? 0) + 1, coordinate: coordinate)
      places.append(new)
      return new
    }

    var entries: [Entry] = []
    var open: (place: KnownPlace, start: GNSSTime?)?
    func arrive(_ coordinate: Coordinate, at time: GNSSTime?) {
      open = (place(at: coordinate), time)
    }
    func leave(at time: GNSSTime?, from coordinate: Coordinate) {
      // Where the previous session ended and this one starts is the same place when they
      // are close; otherwise the user moved unrecorded, and both ends are places.
      let here = place(at: coordinate)
      if let stay = open, stay.place.id == here.id {
        entries.append(.place(Visit(place: here, start: stay.start, end: time)))
      } else {
        if let stay = open {
          entries.append(.place(Visit(place: stay.place, start: stay.start, end: nil)))
        }
        entries.append(.place(Visit(place: here, start: nil, end: time)))
      }
      open = nil
    }

    let ordered = sessions.filter { !$0.segments.isEmpty }.sorted {
      ($0.segments.first?.start ?? GNSSTime(secondsSince1970: 0))
        < ($1.segments.first?.start ?? GNSSTime(secondsSince1970: 0))
    }
    for session in ordered {
      for segment in session.segments {
        switch segment {
        case .stop(let stop):
          entries.append(
            .place(
              Visit(place: place(at: stop.coordinate), start: stop.arrival, end: stop.departure)
            ))
        case .move(let move):
          if let first = move.track.first, entries.last.map({ !$0.isPlace }) ?? true {
            leave(at: move.start, from: first.coordinate)
          }
          entries.append(
            .move(
              Journey(
                session: session.id, kind: session.kind(of: move.kind), start: move.start,
                end: move.end,
                distance: move.distance)))
        }
      }
      if case .move(let journey)? = entries.last,
        let last = session.segments.last?.moveTrackEnd
      {
        arrive(last, at: journey.end)
      }
    }
    if let stay = open {
      entries.append(.place(Visit(place: stay.place, start: stay.start, end: nil)))
    }
    self.entries = entries
    self.places = places
  }
}

extension DayStoryline.Entry {
  var isPlace: Bool {
    if case .place = self { return true }
    return false
  }
}

extension TimelineSegment {
  /// When the segment begins.
  public var start: GNSSTime {
    switch self {
    case .stop(let stop): stop.arrival
    case .move(let move): move.start
    }
  }

  /// Where a move's track ends (nil for a stop or an empty track).
  var moveTrackEnd: Coordinate? {
    if case .move(let move) = self { return move.track.last?.coordinate }
    return nil
  }
}
