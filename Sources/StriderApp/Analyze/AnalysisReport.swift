import StriderCore
import StriderFormats
import StriderRender

/// One part of a multisport file, measured on its own.
public struct LegReport: Sendable {
  public var leg: DeviceLeg
  public var summary: SessionSummary

  /// The part as the store keeps it with its session.
  public var part: SessionPart {
    SessionPart(
      device: leg, activity: summary.activity, distance: summary.distance,
      elapsed: summary.elapsed, moving: summary.moving, pointsAccepted: summary.pointsAccepted)
  }
}

extension SessionPart {
  /// The part's row of `analyze` and `sessions show`: "cycling  40.83 km  1:13:42 (device
  /// 40.91 km, timer 1:13:42)".
  public func line(units: UnitSystem) -> String {
    var line = (device.sport ?? activity.rawValue) + "  "
    line += DisplayFormat.distance(distance, units: units) + "  " + DisplayFormat.clock(elapsed)
    var figures: [String] = []
    if let d = device.distance {
      figures.append("device " + DisplayFormat.distance(d, units: units))
    }
    if let timer = device.timerTime {
      figures.append((figures.isEmpty ? "device timer " : "timer ") + DisplayFormat.clock(timer))
    }
    return figures.isEmpty ? line : line + " (" + figures.joined(separator: ", ") + ")"
  }
}

/// One file's result, as JSON or as a table for people.
public struct AnalysisReport: Sendable {
  public var file: String
  public var format: FileFormat
  public var summary: SessionSummary
  /// How the activity was decided, and why: a line of the table, two keys of the JSON.
  public var choice: ActivityChoice
  /// What the reader skipped (`FixReader.notes`); empty for a format that skips nothing.
  public var readerNotes: [JSONMember] = []
  /// What the file's times made Strider assume (`TimeWarnings`), also said on stderr.
  public var warnings: [String] = []
  /// What the device counted itself (FIT sessions, TCX laps), shown beside Strider's.
  public var device: DeviceTotals?
  /// The parts of a multisport file, each measured on its own.
  public var legs: [LegReport] = []
  /// Power and temperature, where the file's records had them.
  public var sensors = SensorFigures()

  /// The device's figures beside Strider's; nil without a device.
  public var deviceComparison: DeviceComparison? {
    device.map { DeviceComparison(device: $0, summary: summary) }
  }

  /// `analyze --format json`'s object; `live` adds what a live session would have said.
  public func json(live: Bool) -> JSONValue {
    var members =
      [JSONMember("file", .string(file)), JSONMember("format", .string(format.rawValue))]
      + summary.jsonMembers(live: live)
    members += [
      JSONMember("activity_source", .string(choice.source.rawValue)),
      JSONMember("activity_reason", .string(choice.reason)),
    ]
    if let s = choice.evidence {
      let number = JSONValue.rounded
      members.append(
        JSONMember(
          "activity_evidence",
          .object([
            JSONMember("moving_steps", .int(s.steps)),
            JSONMember("speed_median_m_s", number(s.median.value, 3)),
            JSONMember("speed_lower_quartile_m_s", number(s.lowerQuartile.value, 3)),
            JSONMember("speed_upper_quartile_m_s", number(s.upperQuartile.value, 3)),
            JSONMember("speed_p90_m_s", number(s.p90.value, 3)),
            JSONMember("speed_spread", number(s.spread, 3)),
            JSONMember("climb_m_per_h", number(s.climbRate, 1)),
            JSONMember("climb_grade_pct", number(s.grade.map { $0 * 100 }, 2)),
          ])))
    }
    if !readerNotes.isEmpty { members.append(JSONMember("reader", .object(readerNotes))) }
    if let deviceComparison { members.append(JSONMember("device", deviceComparison.json)) }
    if let sensors = sensors.json { members.append(JSONMember("sensors", sensors)) }
    if !legs.isEmpty {
      members.append(
        JSONMember(
          "legs",
          .array(
            legs.map { leg in
              let s = leg.summary
              return .object([
                JSONMember("sport", leg.leg.sport.map { .string($0) } ?? .null),
                JSONMember("activity", .string(s.activity.rawValue)),
                JSONMember("start", leg.leg.start.map { .string($0.iso8601) } ?? .null),
                JSONMember(JSONKey.distance, JSONValue.rounded(s.distance.value, 2)),
                JSONMember(JSONKey.elapsed, JSONValue.rounded(s.elapsed.value, 1)),
                JSONMember(JSONKey.moving, JSONValue.rounded(s.moving.value, 1)),
                JSONMember("points_accepted", .int(s.pointsAccepted)),
                JSONMember("device_distance_m", JSONValue.rounded(leg.leg.distance?.value, 2)),
                JSONMember("device_timer_s", JSONValue.rounded(leg.leg.timerTime?.value, 1)),
              ])
            })))
    }
    members.append(JSONMember("warnings", .array(warnings.map { .string($0) })))
    return .object(members)
  }

  public var table: String {
    var rows = [("file", "\(file) (\(format.rawValue))")]
    rows += SummaryTable.rows(summary)
    let because = choice.source == .guessed ? "guessed: " + choice.reason : choice.reason
    rows.insert(("activity from", because), at: min(2, rows.count))
    if !readerNotes.isEmpty {
      // What the reader counted, as the JSON's `reader` has it: what it read and what it
      // skipped alike (a row called "skipped" listed the sentences it used), counts of
      // nothing left out.
      let counted = readerNotes.filter { $0.value != .int(0) }
        .map { "\($0.key) \($0.value.serialized)" }.joined(separator: ", ")
      rows.append(("reader", counted.isEmpty ? "-" : counted))
    }
    rows += sensors.rows(onFoot: summary.activity.isOnFoot)
    if let deviceComparison { rows.append(("device", deviceComparison.line)) }
    for (index, leg) in legs.enumerated() {
      rows.append(("leg \(index + 1)", leg.part.line(units: leg.summary.units)))
    }
    return SummaryTable.text(rows) + SummaryTable.splits(summary)
  }
}
