/// The first or last fix a summary used.
public struct TrackEndpoint: Hashable, Sendable, Codable {
  public var time: GNSSTime?
  public var coordinate: Coordinate
}

/// A stretch of the session spent standing still.
public struct PauseInterval: Hashable, Sendable, Codable {
  public var start: GNSSTime
  public var end: GNSSTime
  public var duration: Seconds { end - start }
}

/// What a finished session amounts to: the numbers `analyze` prints and a replay ends with.
/// What a session's calories were read from.
public enum CalorieSource: String, Hashable, Sendable, Codable {
  /// The activity's metabolic equation at the speed moved (`CalorieModel`).
  case speed
  /// A power meter's work (`PowerEnergy`).
  case power
  /// A heart rate, read for a known person (`HeartRateEnergy`).
  case heartRate = "heart_rate"
  /// The recording device's own figure (a FIT session's total, a TCX lap's), where the file
  /// gives one: the device knew its wearer's weight, age, sex and often heart rate, which
  /// the file does not say (`DeviceComparison.summaryTakingDeviceCalories`).
  case device
}

/// Strider's own calorie estimate and what it was read from, kept beside the device's figure
/// where the session's calories are the device's.
public struct CalorieEstimate: Hashable, Sendable, Codable {
  public var calories: Kilocalories
  public var source: CalorieSource
}

public struct SessionSummary: Hashable, Sendable, Codable {
  public var activity: Activity
  public var units: UnitSystem
  public var isRaw: Bool
  public var start: TrackEndpoint?
  public var end: TrackEndpoint?
  public var distance: Meters
  public var elapsed: Seconds
  public var moving: Seconds
  public var calories: Kilocalories
  public var elevationGain: Meters?
  public var pointsIn: Int
  public var fixesWithPosition: Int
  public var pointsAccepted: Int
  public var rejected: [RejectionReason: Int]
  public var pauses: [PauseInterval]
  public var splits: [Split]
  public var cues: [Cue]
  /// What was announced live, when the finishing pass computed the figures anew (nil when
  /// the summary is the live figures, or for a summary stored before it was kept).
  public var finishing: FinishingReport? = nil
  /// The laps lap presses cut the session into (`Lap.laps`); nil or empty when lap was
  /// never pressed (and for a summary stored before laps were kept).
  public var laps: [Lap]? = nil
  /// How far the finished distance may be from the truth (nil for the live figures, a raw
  /// session, and a summary stored before it was kept).
  public var distanceUncertainty: DistanceUncertainty? = nil

  /// What the distance holds between fixes without a time (a logger's points written
  /// without one): in the total, but in no split, no moving time and no pace. Nil when
  /// there is none (and for a summary stored before it was kept).
  public var untimedDistance: Meters? = nil
  /// What the calories were read from: a power meter's work (`PowerEnergy`), a heart rate
  /// (`HeartRateEnergy`) or the speed (`CalorieModel`); nil for a summary stored before it
  /// was kept (the speed).
  public var caloriesSource: CalorieSource? = nil
  /// Strider's own estimate, where `calories` is the device's (`caloriesSource` `.device`);
  /// nil otherwise (and for a summary stored before it was kept).
  public var estimatedCalories: CalorieEstimate? = nil

  /// The distance that has times, the part the pace and the splits measure.
  public var timedDistance: Meters {
    Meters(max(0, distance.value - (untimedDistance?.value ?? 0)))
  }

  /// One σ of the distance, m (`DistanceUncertainty.sigma`).
  public var distanceSigma: Meters? { distanceUncertainty.map { Meters($0.sigma) } }

  /// Moving time over the distance that has times, in seconds per kilometre.
  public var averagePace: Double? {
    let timed = timedDistance
    return timed >= Pace.shortestMeasured && moving.value > 0
      ? moving.value / timed.kilometres : nil
  }

  /// The distance that has times over moving time.
  public var averageSpeed: MetersPerSecond? {
    timedDistance >= Pace.shortestMeasured && moving.value > 0 ? timedDistance / moving : nil
  }

  /// `untimed_distance_m` when part of the distance has no times.
  private var untimedMembers: [JSONMember] {
    guard let untimed = untimedDistance, untimed.value > 0 else { return [] }
    return [JSONMember("untimed_distance_m", .rounded(untimed.value, 2))]
  }

  /// The members of `analyze --format json`, in the documented order. Without `live`, the
  /// members only a session followed live has (`cues`, `live`, and whether each pause was
  /// announced) are left out: `analyze` without `--live` measures the file and tells
  /// nothing.
  public func jsonMembers(live: Bool) -> [JSONMember] {
    func endpoint(_ e: TrackEndpoint?) -> JSONValue {
      guard let e else { return .null }
      return .object([
        JSONMember("time", e.time.map { .string($0.iso8601) } ?? .null),
        JSONMember(JSONKey.latitude, .number(e.coordinate.latitude)),
        JSONMember(JSONKey.longitude, .number(e.coordinate.longitude)),
      ])
    }
    let moved: [Int: FinishingReport.MovedSplit] =
      live
      ? (finishing?.movedSplits(finished: splits, start: start?.time) ?? []).reduce(into: [:]) {
        if $0[$1.index] == nil { $0[$1.index] = $1 }
      } : [:]
    var rejectedMembers: [JSONMember] = []
    for reason in RejectionReason.allCases {
      rejectedMembers.append(JSONMember(reason.rawValue, .int(rejected[reason] ?? 0)))
    }
    func pause(_ p: PauseInterval) -> JSONValue {
      var members = [
        JSONMember("start", .string(p.start.iso8601)),
        JSONMember("end", .string(p.end.iso8601)),
        JSONMember(JSONKey.duration, .rounded(p.duration.value, 3)),
      ]
      if live {
        members.append(
          JSONMember("announced_live", .bool(finishing?.wasAnnouncedLive(p) ?? true)))
      }
      return .object(members)
    }
    let told: [JSONMember] =
      live
      ? [
        JSONMember(
          "cues",
          .items(
            JSONItems(cues) {
              .object([
                JSONMember("time", .string($0.time.iso8601)),
                JSONMember("trigger", .string($0.trigger.rawValue)),
                JSONMember("text", .string($0.text)),
              ])
            })),
        JSONMember("live", liveJSON),
      ] : []
    return [
      JSONMember("activity", .string(activity.rawValue)),
      JSONMember("filtered", .bool(!isRaw)),
      JSONMember("start", endpoint(start)),
      JSONMember("end", endpoint(end)),
      JSONMember(JSONKey.distance, .rounded(distance.value, 2)),
      JSONMember("distance_sigma_m", .rounded(distanceSigma?.value, 2)),
      JSONMember(JSONKey.elapsed, .rounded(elapsed.value, 3)),
      JSONMember(JSONKey.moving, .rounded(moving.value, 3)),
      JSONMember(JSONKey.averagePace, .rounded(averagePace, 2)),
      JSONMember(JSONKey.averageSpeed, .rounded(averageSpeed?.value, 3)),
      JSONMember(JSONKey.calories, .rounded(calories.value, 1)),
      JSONMember("calories_source", .string((caloriesSource ?? .speed).rawValue)),
      JSONMember(JSONKey.elevationGain, .rounded(elevationGain?.value, 1)),
      JSONMember("points_in", .int(pointsIn)),
      JSONMember("fixes_with_position", .int(fixesWithPosition)),
      JSONMember("points_accepted", .int(pointsAccepted)),
      JSONMember("rejected", .object(rejectedMembers)),
      JSONMember("pauses", .array(pauses.map(pause))),
      JSONMember(
        "splits",
        .items(
          JSONItems(splits) {
            .object(
              [
                JSONMember("index", .int($0.index)),
                JSONMember(JSONKey.distance, .rounded($0.distance.value, 2)),
                JSONMember(JSONKey.duration, .rounded($0.duration.value, 3)),
                JSONMember(JSONKey.pace, .rounded($0.shownPace?.value, 2)),
                JSONMember(JSONKey.elevationGain, .rounded($0.elevationGain?.value, 1)),
                JSONMember(JSONKey.endTime, .string($0.endTime.iso8601)),
                JSONMember("partial", .bool($0.isPartial)),
              ] + splitNote($0, moved: moved))
          })),
    ] + told + untimedMembers + lapMembers
  }

  /// `laps`, only when lap was pressed: a file analysed has none, and keeps its keys.
  private var lapMembers: [JSONMember] {
    guard let laps, !laps.isEmpty else { return [] }
    return [JSONMember("laps", .array(laps.map { .object($0.jsonMembers) }))]
  }

  /// A moved split's live duration and the reason it moved; nothing for the others.
  private func splitNote(_ split: Split, moved: [Int: FinishingReport.MovedSplit]) -> [JSONMember] {
    guard let m = moved[split.index] else { return [] }
    return [
      JSONMember("live_duration_s", .rounded(m.live.duration.value, 3)),
      JSONMember("note", .string(m.reason)),
    ]
  }

  /// The live figures beside the finished ones (`null` when the summary is the live one).
  private var liveJSON: JSONValue {
    guard let finishing else { return .null }
    let dropped = finishing.livePauses(against: pauses).filter { $0.droppedBecause != nil }
    return .object([
      JSONMember(JSONKey.distance, .rounded(finishing.liveDistance.value, 2)),
      JSONMember(JSONKey.moving, .rounded(finishing.liveMoving.value, 3)),
      JSONMember(
        "distance_change_pct", .rounded(100 * finishing.distanceChange(finished: distance), 3)),
      JSONMember("pauses", .int(finishing.livePauses.count)),
      JSONMember(
        "pauses_not_kept",
        .array(
          dropped.map {
            .object([
              JSONMember("start", .string($0.interval.start.iso8601)),
              JSONMember("end", .string($0.interval.end.iso8601)),
              JSONMember(JSONKey.duration, .rounded($0.interval.duration.value, 3)),
              JSONMember("reason", .string($0.droppedBecause?.rawValue ?? "")),
            ])
          })),
    ])
  }
}
