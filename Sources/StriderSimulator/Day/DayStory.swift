import StriderCore

/// The truth of a day as a storyline: where the person stayed and how they moved between.
public struct DayStory: Sendable, Hashable {
  /// Every stay, in time order; a place visited twice (home) appears twice, with one name.
  public var places: [Stay]
  /// Every move, in time order, each between two consecutive stays.
  public var moves: [Move]

  /// A time at one place.
  public struct Stay: Sendable, Hashable {
    /// The place's name ("home", "office").
    public var name: String
    public var coordinate: Coordinate
    public var start: GNSSTime
    public var end: GNSSTime
  }

  /// A journey from one place to another (or back to the same one, a walk round the park).
  public struct Move: Sendable, Hashable {
    public var mode: SimulatedDayMode
    /// The first epoch of the move (still at rest; the next one is moving).
    public var start: GNSSTime
    /// The epoch of arrival (at rest again).
    public var end: GNSSTime
    /// The length of the path travelled.
    public var distance: Meters
    public var from: String
    public var to: String
  }
}

extension DayStory {
  /// The story as JSON: `places` (`{name, lat, lon, start, end}`) and `moves` (`{mode,
  /// activity, from, to, start, end, distance_m}`), times RFC 3339 UTC; what tests and the
  /// lab score `run --auto` and `strider day` against.
  public var json: JSONValue {
    .object([
      JSONMember(
        "places",
        .array(
          places.map {
            .object([
              JSONMember("name", .string($0.name)),
              JSONMember(JSONKey.latitude, .rounded($0.coordinate.latitude, 7)),
              JSONMember(JSONKey.longitude, .rounded($0.coordinate.longitude, 7)),
              JSONMember("start", .string($0.start.iso8601)),
              JSONMember("end", .string($0.end.iso8601)),
            ])
          })),
      JSONMember(
        "moves",
        .array(
          moves.map {
            .object([
              JSONMember("mode", .string($0.mode.rawValue)),
              JSONMember("activity", .string($0.mode.activity.rawValue)),
              JSONMember("from", .string($0.from)),
              JSONMember("to", .string($0.to)),
              JSONMember("start", .string($0.start.iso8601)),
              JSONMember("end", .string($0.end.iso8601)),
              JSONMember(JSONKey.distance, JSONValue.rounded($0.distance.value, 1)),
            ])
          })),
    ])
  }
}
