import Foundation
import GRDB
import StriderCore

/// How the model's values become table rows and back. Kept apart from the store so the
/// column order lives in one place.
enum Rows {
  static let fixColumns =
    "sessionId, seq, time, latitude, longitude, altitude, horizontalAccuracy, "
    + "verticalAccuracy, speed, course, mode, provider, satellites, hdop, heartRate, cadence, "
    + "deviceDistance, segment, originIndex, originLine, verdict"

  static let insertFix =
    "INSERT INTO fix (\(fixColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"

  /// The same, leaving a fix already kept (a replayed journal may hold committed fixes).
  static let insertFixIfNew = "INSERT OR IGNORE" + insertFix.dropFirst("INSERT".count)

  /// The text kept for a verdict: NULL while pending, "accepted", or the rejection reason.
  static func verdictText(_ verdict: Verdict?) -> String? {
    guard let verdict else { return nil }
    return verdict.reason?.rawValue ?? "accepted"
  }

  static func verdict(_ text: String?) -> Verdict? {
    guard let text else { return nil }
    if text == "accepted" { return .accepted }
    return RejectionReason(rawValue: text).map(Verdict.rejected)
  }

  static func fixArguments(sessionId: Int64, seq: Int, fix: Fix, verdict: Verdict?)
    -> StatementArguments
  {
    let values: [(any DatabaseValueConvertible)?] = [
      sessionId, seq, fix.time?.secondsSince1970, fix.coordinate?.latitude,
      fix.coordinate?.longitude, fix.altitude?.value, fix.horizontalAccuracy?.value,
      fix.verticalAccuracy?.value, fix.speed?.value, fix.course?.value, fix.mode.rawValue,
      fix.provider.rawValue, fix.satellites, fix.hdop, fix.heartRate?.value, fix.cadence?.value,
      fix.deviceDistance?.value, fix.segment, fix.origin.index, fix.origin.line,
      verdictText(verdict),
    ]
    return StatementArguments(values)
  }

  static func fix(_ row: Row) -> (fix: Fix, verdict: Verdict?) {
    let latitude: Double? = row["latitude"]
    let longitude: Double? = row["longitude"]
    let coordinate = latitude.flatMap { lat in
      longitude.map { Coordinate(latitude: lat, longitude: $0) }
    }
    let fix = Fix(
      time: (row["time"] as Double?).map(GNSSTime.init(secondsSince1970:)),
      coordinate: coordinate,
      altitude: (row["altitude"] as Double?).map(Meters.init),
      horizontalAccuracy: (row["horizontalAccuracy"] as Double?).map(Meters.init),
      verticalAccuracy: (row["verticalAccuracy"] as Double?).map(Meters.init),
      speed: (row["speed"] as Double?).map(MetersPerSecond.init),
      course: (row["course"] as Double?).map(Degrees.init),
      mode: FixMode(rawValue: row["mode"]) ?? .unknown,
      provider: PositionProvider(rawValue: row["provider"]) ?? .gnss,
      satellites: row["satellites"],
      hdop: row["hdop"],
      heartRate: (row["heartRate"] as Double?).map(BeatsPerMinute.init),
      cadence: (row["cadence"] as Double?).map(RevolutionsPerMinute.init),
      deviceDistance: (row["deviceDistance"] as Double?).map(Meters.init),
      segment: row["segment"],
      origin: FixOrigin(index: row["originIndex"], line: row["originLine"]))
    return (fix, verdict(row["verdict"]))
  }

  static let pointColumns =
    "sessionId, seq, time, latitude, longitude, altitude, speed, accuracy, segment"

  static func pointArguments(sessionId: Int64, seq: Int, point: TrackPoint)
    -> StatementArguments
  {
    let values: [(any DatabaseValueConvertible)?] = [
      sessionId, seq, point.time.secondsSince1970, point.coordinate.latitude,
      point.coordinate.longitude, point.altitude?.value, point.speed.value,
      point.accuracy?.value, point.segment,
    ]
    return StatementArguments(values)
  }

  static func point(_ row: Row) -> TrackPoint {
    TrackPoint(
      time: GNSSTime(secondsSince1970: row["time"]),
      coordinate: Coordinate(latitude: row["latitude"], longitude: row["longitude"]),
      altitude: (row["altitude"] as Double?).map(Meters.init),
      speed: MetersPerSecond(row["speed"]),
      accuracy: (row["accuracy"] as Double?).map(Meters.init),
      segment: row["segment"])
  }

  static let finishedPointColumns =
    "sessionId, seq, time, latitude, longitude, altitude, speed, stopped, distance, segment"

  static func finishedPointArguments(sessionId: Int64, seq: Int, point: FinishedTrack.Point)
    -> StatementArguments
  {
    let values: [(any DatabaseValueConvertible)?] = [
      sessionId, seq, point.time.secondsSince1970, point.coordinate.latitude,
      point.coordinate.longitude, point.altitude?.value, point.speed.value, point.isStopped,
      point.distance.value, point.segment,
    ]
    return StatementArguments(values)
  }

  static func finishedPoint(_ row: Row) -> FinishedTrack.Point {
    FinishedTrack.Point(
      time: GNSSTime(secondsSince1970: row["time"]),
      coordinate: Coordinate(latitude: row["latitude"], longitude: row["longitude"]),
      altitude: (row["altitude"] as Double?).map(Meters.init),
      speed: MetersPerSecond(row["speed"]), isStopped: row["stopped"],
      distance: Meters(row["distance"]), segment: row["segment"])
  }

  static func json<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  static func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
    let decoder = JSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    return try decoder.decode(type, from: Data(text.utf8))
  }
}

/// A session event as the event table keeps it: a kind, the time it happened, and its
/// payload as JSON. Fix-by-fix events (verdicts, track points) have tables of their own.
enum StoredEvent {
  static func row(_ event: SessionEvent) throws -> (kind: String, time: GNSSTime, detail: String?)?
  {
    switch event {
    case .judged, .point: return nil
    case .started(let point): return ("started", point.time, try Rows.json(point))
    case .paused(let at, let since): return ("paused", at, try Rows.json(since))
    case .resumed(let at): return ("resumed", at, nil)
    case .split(let split): return ("split", split.endTime, try Rows.json(split))
    case .cue(let cue): return ("cue", cue.time, try Rows.json(cue))
    case .signalLost(let at): return ("signalLost", at, nil)
    case .signalRegained(let at): return ("signalRegained", at, nil)
    }
  }

  static func event(kind: String, time: GNSSTime, detail: String?) throws -> SessionEvent? {
    switch kind {
    case "started": return .started(try Rows.decode(TrackPoint.self, from: detail ?? ""))
    case "paused":
      return .paused(at: time, since: try Rows.decode(GNSSTime.self, from: detail ?? ""))
    case "resumed": return .resumed(at: time)
    case "split": return .split(try Rows.decode(Split.self, from: detail ?? ""))
    case "cue": return .cue(try Rows.decode(Cue.self, from: detail ?? ""))
    case "signalLost": return .signalLost(at: time)
    case "signalRegained": return .signalRegained(at: time)
    default: return nil
    }
  }
}
