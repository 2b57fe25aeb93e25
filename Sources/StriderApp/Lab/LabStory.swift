import Foundation
import StriderCore
import StriderRender

/// Reads the truth of a simulated day, as `strider simulate --day --story FILE` writes it
/// (`DayStory.json`: `places` with `lat`, `lon`, `start`, `end`; `moves` with `start`, `end`,
/// `distance_m`), for `lab policies --story`.
public enum LabStory {
  /// The story in `path`; a message naming the file and what is wrong, and exit status 1,
  /// when it cannot be read or is not a story.
  public static func read(_ path: String) throws -> PolicyLab.Truth {
    do {
      return try parse(Data(contentsOf: URL(fileURLWithPath: path)))
    } catch let error as StoryError {
      throw CommandFailure("\(TerminalText.safe(path)): not a day's story: \(error.reason)")
    } catch {
      throw CommandFailure("\(TerminalText.safe(path)): \(error.localizedDescription)")
    }
  }

  /// Why a story could not be read.
  public struct StoryError: Error, Equatable {
    public var reason: String
  }

  public static func parse(_ data: Data) throws(StoryError) -> PolicyLab.Truth {
    guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw StoryError(reason: "not a JSON object")
    }
    guard let places = object["places"] as? [[String: Any]],
      let moves = object["moves"] as? [[String: Any]]
    else { throw StoryError(reason: "no \"places\" and \"moves\" arrays") }
    var truth = PolicyLab.Truth(moves: [], places: [])
    for (index, place) in places.enumerated() {
      let (start, end) = try times(place, "places", index)
      guard let lat = place[JSONKey.latitude] as? Double,
        let lon = place[JSONKey.longitude] as? Double,
        (-90...90).contains(lat), (-180...180).contains(lon)
      else { throw StoryError(reason: "places[\(index)] has no valid lat and lon") }
      truth.places.append(
        PolicyLab.Span(
          start: start, end: end, coordinate: Coordinate(latitude: lat, longitude: lon)))
    }
    for (index, move) in moves.enumerated() {
      let (start, end) = try times(move, "moves", index)
      let distance = (move[JSONKey.distance] as? Double).flatMap {
        $0.isFinite && $0 >= 0 ? $0 : nil
      }
      truth.moves.append(
        PolicyLab.Span(start: start, end: end, distance: distance.map(Meters.init)))
    }
    return truth
  }

  /// An entry's `start` and `end` (RFC 3339, with or without fractions of a second).
  private static func times(_ entry: [String: Any], _ list: String, _ index: Int)
    throws(StoryError) -> (GNSSTime, GNSSTime)
  {
    guard let start = (entry["start"] as? String).flatMap(time),
      let end = (entry["end"] as? String).flatMap(time), end >= start
    else {
      throw StoryError(reason: "\(list)[\(index)] has no start and end times (RFC 3339) in order")
    }
    return (start, end)
  }

  private static func time(_ text: String) -> GNSSTime? {
    let formatter = ISO8601DateFormatter()
    if let date = formatter.date(from: text) {
      return GNSSTime(secondsSince1970: date.timeIntervalSince1970)
    }
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.date(from: text).map { GNSSTime(secondsSince1970: $0.timeIntervalSince1970) }
  }
}
