import Foundation
import StriderAccuracy
import StriderCore

/// Per-case and per-file lines, as JSON for scripts and as text for people.
enum CaseJSON {
  static func json(_ r: CaseResult) -> JSONValue {
    let c = r.corpusCase
    var members = [
      JSONMember("kind", .string("case")), JSONMember("case", .string(c.name)),
      JSONMember("seed", .int(Int(c.seed))), JSONMember("activity", .string(c.activity.rawValue)),
      JSONMember("family", .string(c.family.rawValue)),
      JSONMember("sampling", .string(c.sampling.rawValue)),
      JSONMember("doppler", .bool(c.dopplerSigma != nil)),
      JSONMember("accuracy_scale", c.accuracyScale.map { .number($0) } ?? .null),
      JSONMember("correlated_sigma_m", .number(c.correlatedSigma)),
      JSONMember("correlation_time_s", .number(c.correlationTime)),
      JSONMember("white_sigma_m", .number(c.whiteSigma)),
      JSONMember("cruise_speed_m_s", .number(c.cruiseSpeed)),
      JSONMember("stop_pattern", .string(c.stopPattern.rawValue)),
      JSONMember("urban_stops", .int(c.urbanStops.count)),
      JSONMember("wander_time_s", c.wanderTime.map(JSONValue.number) ?? .null),
      JSONMember("loops", c.loops.map { .string($0.rawValue) } ?? .null),
      JSONMember("loop_length_m", c.loops == nil ? .null : .number(c.loopLength)),
      JSONMember("canyons", .int(c.canyons)),
      JSONMember("canyon_sigma_m", c.canyons == 0 ? .null : .number(c.canyonSigma)),
      JSONMember("drops_accuracy", .bool(c.dropsAccuracy)),
      JSONMember("silent_while_standing", .bool(c.silentWhileStanding)),
      JSONMember("slow_stretch_m", .rounded(c.slowStretch?.length, 1)),
      JSONMember("slow_stretch_m_s", .rounded(c.slowStretch?.speed, 2)),
      JSONMember("logs_every_m", .rounded(c.logsEvery, 1)),
      JSONMember("fixes", .int(r.fixCount)),
      JSONMember("truth_distance_m", .number(r.truthDistance.value)),
      JSONMember("truth_moving_s", .number(r.truthMoving.value)),
      JSONMember("truth_elapsed_s", .number(r.truthElapsed.value)),
      JSONMember("truth_standing_s", .number(r.truthStanding.value)),
      JSONMember("truth_standing_share", .number(r.standingShare)),
      JSONMember("raw_distance_m", .number(r.rawDistance.value)),
      JSONMember("format_spread_pct", .number(r.formatSpread)),
      JSONMember("speed_gap_pct", .number(r.speedGap)),
      JSONMember("watch_gap_pct", r.watchGap.map(JSONValue.number) ?? .null),
      JSONMember("truth_splits_s", .array(r.truthSplits.map { .number($0.value) })),
    ]
    for f in r.formats {
      members.append(
        JSONMember(
          f.format.rawValue,
          .object([
            JSONMember(JSONKey.distance, .number(f.distance.value)),
            JSONMember(JSONKey.moving, .number(f.moving.value)),
            JSONMember("distance_error_pct", .number(r.distanceError(f))),
            JSONMember("moving_error_pct", .number(r.movingError(f))),
            JSONMember("live_vs_finished_pct", f.liveChange.map { .number($0) } ?? .null),
            JSONMember("in_stop_distance_m", f.inStopDistance.map { .number($0.value) } ?? .null),
            JSONMember("in_stop_distance_pct", r.inStopError(f).map(JSONValue.number) ?? .null),
            JSONMember("distance_sigma_m", f.uncertainty.map { .number($0.sigma) } ?? .null),
            JSONMember(
              "step_variance_m2", f.uncertainty.map { .number($0.stepVariance) } ?? .null),
            JSONMember("noise_length_m", f.uncertainty.map { .number($0.noiseLength) } ?? .null),
            JSONMember("splits_s", .array(f.splits.map { .number($0.value) })),
            JSONMember("told_splits_s", .array(f.toldSplits.map { .number($0.value) })),
            JSONMember("announced_pauses", .int(f.announcedPauses)),
            JSONMember("announced_not_kept", .int(f.announcedNotKept)),
            JSONMember("kept_not_announced", .int(f.keptNotAnnounced)),
            JSONMember(
              "rejected",
              .object(
                f.rejected.sorted { $0.key < $1.key }.map {
                  JSONMember($0.key.rawValue, .int($0.value))
                })),
          ])))
    }
    return .object(members)
  }

  static func json(_ outcome: DeviceOutcome) -> JSONValue {
    switch outcome {
    case .scored(let d):
      return .object([
        JSONMember("kind", .string("device")), JSONMember("file", .string(d.name)),
        JSONMember("activity", .string(d.activity.rawValue)),
        JSONMember("device_distance_m", .number(d.device)),
        JSONMember("strider_distance_m", .number(d.strider)),
        JSONMember("raw_distance_m", .number(d.raw)),
        JSONMember("error_pct", .number(d.error)),
        JSONMember("device_standing_m", .number(d.standing)),
        JSONMember("moving_error_pct", .number(d.movingError)),
      ])
    case .skipped(let name, let reason):
      return .object([
        JSONMember("kind", .string("device")), JSONMember("file", .string(name)),
        JSONMember("skipped", .string(reason)),
      ])
    }
  }

  /// The columns of `line`: the errors per format in `CorpusFormat.allCases` order (GPX,
  /// gpsd JSON, NMEA, GPX with speed, TCX), the moving-time errors of GPX and gpsd JSON,
  /// the spread; then issue 48's: the stop pattern (s sparse, u urban) with the share of
  /// the time the person stood, W when the error wanders, L when the route laps a loop, C
  /// when it passes street canyons, A when its files leave the accuracy out, Q when its
  /// receiver writes nothing while the person stands (issue 50), and the
  /// distance plain GPX adds inside the true stops, % of the truth.
  static let header =
    "case                              km     fixes   raw %   gpx %  gpsd %  nmea % gpx+v %"
    + "   tcx %  mov gpx  mov gpsd  spread  stand  dims      gpx in stop"

  static func line(_ r: CaseResult) -> String {
    let c = r.corpusCase
    var text = c.name.padding(toLength: 30, withPad: " ", startingAt: 0)
    text += String(format: "%7.2f %9d %7.2f", r.truthDistance.value / 1000, r.fixCount, r.rawError)
    for f in r.formats { text += String(format: " %7.2f", r.distanceError(f)) }
    for f in r.formats.prefix(2) { text += String(format: " %8.2f", r.movingError(f)) }
    text += String(format: " %7.2f", r.formatSpread)
    text += "  " + (c.stopPattern == .urban ? "u" : "s")
    text += String(format: "%3.0f%%", 100 * r.standingShare)
    let dimensions = [
      c.wanderTime == nil ? "-" : "W", c.loops == nil ? "-" : "L", c.canyons == 0 ? "-" : "C",
      c.dropsAccuracy ? "A" : "-", c.silentWhileStanding ? "Q" : "-",
      c.slowStretch == nil ? "-" : "S", c.logsEvery == nil ? "-" : "D",
    ]
    text += "  " + dimensions.joined() + "  "
    let inStop = r.formats.first { $0.format == .gpx }.flatMap { r.inStopError($0) }
    return text + (inStop.map { String(format: " %11.2f", $0) } ?? "           -")
  }
}
