import StriderCore
import StriderSimulator

/// The accuracy figures of one subset of the corpus: every (case, format) pair in it.
public struct SubsetFigures: Sendable {
  /// The grouping (`activity`, `family`, `format`, ...) and the subset's name in it.
  public var group: String
  public var name: String
  public var cases: Int
  /// |distance error|, %.
  public var distance: Statistics
  /// Median signed distance error, %: which way the engine leans.
  public var bias: Double
  /// |moving-time error|, %.
  public var moving: Statistics
  /// Format spread (largest − smallest distance across formats), % of the truth; nil for
  /// a subset of one format.
  public var spread: Statistics?
  /// Each case's spread, for counting the cases over a target.
  public var spreads: [Double]
  /// |plain GPX − GPX with speed|, % of the truth, over the cases with Doppler: what the
  /// information GPX leaves out is worth (not a disagreement between formats).
  public var speedGap: Statistics?
  /// |TCX − GPX with speed|, % of the truth (`CaseResult.watchGap`): what reading a
  /// watch's speed without its course costs.
  public var watchGap: Statistics?
  /// Median signed error of the raw length, %: how noisy the subset's fixes are.
  public var rawBias: Double
  /// |live − finished distance|, % of the finished: how far what was announced during the
  /// session is from the summary at its end; nil when no pair has a live figure.
  public var live: Statistics?
  /// The distance the finished track adds while the person really stands, % of the true
  /// distance (`CaseResult.inStopError`); nil when no pair kept its track.
  public var inStop: Statistics?
  /// The share of the elapsed time the person stood, per case (0–1).
  public var standingShare: Statistics
  /// The share of the pairs whose distance is within two σ of the truth, by the engine's
  /// own account of its uncertainty (`DistanceUncertainty`), 0–1; nil when none gave one.
  public var withinTwoSigma: Double?
  /// The whole splits told live (`CaseResult.FormatFigures.toldSplits`) and how many of
  /// them are more than `AccuracyTargets.toldSplitTolerance` from the finished split, and
  /// more than `FinishingReport.toldSplitTolerance`: those a session's summary does not keep
  /// as told (`FinishingReport.keepingToldSplits`).
  public var toldSplits: (count: Int, off: Int, moved: Int)
  /// The stops announced live, those of them the finished track does not keep, and the
  /// finished stops never announced, over every pair.
  public var announced: (pauses: Int, notKept: Int, keptNotAnnounced: Int)

  /// Nil when no pair falls in the subset.
  public init?(
    group: String, name: String, results: [CaseResult], formats: Set<CorpusFormat>
  ) {
    let pairs = results.flatMap { r in
      r.formats.filter { formats.contains($0.format) }.map { (r, $0) }
    }
    guard let distance = Statistics(pairs.map { abs($0.0.distanceError($0.1)) }),
      let signed = Statistics(pairs.map { $0.0.distanceError($0.1) }),
      let moving = Statistics(pairs.map { abs($0.0.movingError($0.1)) }),
      let raw = Statistics(results.map(\.rawError)),
      let standing = Statistics(results.map(\.standingShare))
    else { return nil }
    self.group = group
    self.name = name
    cases = results.count
    self.distance = distance
    bias = signed.median
    self.moving = moving
    spreads = formats.count > 1 ? results.map(\.formatSpread) : []
    spread = formats.count > 1 ? Statistics(spreads) : nil
    speedGap = Statistics(
      results.filter { $0.corpusCase.dopplerSigma != nil }.map(\.speedGap))
    watchGap = Statistics(results.compactMap(\.watchGap))
    rawBias = raw.median
    live = Statistics(pairs.compactMap { $0.1.liveChange.map(abs) })
    inStop = Statistics(pairs.compactMap { $0.0.inStopError($0.1) })
    standingShare = standing
    let judged = pairs.compactMap { r, f in
      f.uncertainty.map { abs(f.distance.value - r.truthDistance.value) <= 2 * $0.sigma }
    }
    withinTwoSigma =
      judged.isEmpty ? nil : Double(judged.filter { $0 }.count) / Double(judged.count)
    announced = pairs.reduce((0, 0, 0)) { sum, pair in
      (
        sum.0 + pair.1.announcedPauses, sum.1 + pair.1.announcedNotKept,
        sum.2 + pair.1.keptNotAnnounced
      )
    }
    toldSplits = pairs.reduce((0, 0, 0)) { sum, pair in
      let off = pair.1.toldSplitsOff(by: AccuracyTargets.toldSplitTolerance)
      let moved = pair.1.toldSplitsOff(by: FinishingReport.toldSplitTolerance.value)
      return (sum.0 + off.count, sum.1 + off.off, sum.2 + moved.off)
    }
  }

  /// Every subset the tables show: overall, then by activity, error family, format,
  /// sampling, Doppler and reported accuracy; then issue 48's: by stop pattern, wander,
  /// loops and street canyons, the files that carry the Doppler speed of the cases that
  /// have it (`subset with_speed`), and plain GPX on the cases without Doppler (`subset
  /// gpx_no_speed`: a file with positions only, which the engine must read stops from),
  /// all of them and the urban ones (`gpx_no_speed_urban`).
  public static func all(_ results: [CaseResult]) -> [SubsetFigures] {
    // GPX with speed is scored for the spread and on its own; the other subsets keep the
    // three formats they always had, so their figures compare across runs.
    let allFormats: Set<CorpusFormat> = [.gpx, .gpsdJSON, .nmea]
    var rows: [SubsetFigures?] = [
      SubsetFigures(group: "overall", name: "all", results: results, formats: allFormats)
    ]
    /// One subset per value, each of the cases whose `value` is it.
    func byValue<Value: Equatable>(
      _ group: String, _ values: [Value], name: (Value) -> String,
      _ value: (CorpusCase) -> Value
    ) -> [SubsetFigures?] {
      values.map { v in
        SubsetFigures(
          group: group, name: name(v), results: results.filter { value($0.corpusCase) == v },
          formats: allFormats)
      }
    }
    /// The cases that have something, then those that do not.
    func byWhether(
      _ group: String, yes: String = "yes", no: String = "no", _ has: (CorpusCase) -> Bool
    ) -> [SubsetFigures?] {
      byValue(group, [true, false], name: { $0 ? yes : no }, has)
    }
    rows += byValue("activity", [Activity.walk, .run, .ride], name: \.rawValue, \.activity)
    rows += byValue("family", CorpusCase.Family.allCases, name: \.rawValue, \.family)
    for format in CorpusFormat.allCases {
      rows.append(
        SubsetFigures(group: "format", name: format.rawValue, results: results, formats: [format]))
    }
    rows += byValue("sampling", CorpusCase.Sampling.allCases, name: \.rawValue, \.sampling)
    rows += byWhether("doppler") { $0.dopplerSigma != nil }
    rows += byWhether("accuracy", yes: "reported", no: "none") {
      $0.accuracyScale != nil && !$0.dropsAccuracy
    }
    rows += byValue("stops", CorpusCase.StopPattern.allCases, name: \.rawValue, \.stopPattern)
    rows += byWhether("wander") { $0.wanderTime != nil }
    rows += byWhether("loops") { $0.loops != nil }
    rows += byWhether("canyons") { $0.canyons > 0 }
    rows.append(
      SubsetFigures(
        group: "subset", name: withSpeed,
        results: results.filter { $0.corpusCase.dopplerSigma != nil },
        formats: [.gpsdJSON, .nmea, .gpxSpeed]))
    rows.append(
      SubsetFigures(
        group: "subset", name: gpxWithoutSpeed,
        results: results.filter { $0.corpusCase.dopplerSigma == nil }, formats: [.gpx]))
    rows.append(
      SubsetFigures(
        group: "subset", name: gpxWithoutSpeed + "_urban",
        results: results.filter {
          $0.corpusCase.dopplerSigma == nil && $0.corpusCase.stopPattern == .urban
        }, formats: [.gpx]))
    return rows.compactMap { $0 }
  }

  /// The name of the subset of plain GPX files of cases without Doppler.
  public static let gpxWithoutSpeed = "gpx_no_speed"
  /// The name of the subset of the files that carry the Doppler speed (gpsd JSON, NMEA and
  /// GPX with speed) of the cases that have it: what a receiver's speed makes of a track.
  public static let withSpeed = "with_speed"

  /// One JSON object with the subset's figures (percentages).
  public var json: JSONValue {
    var members = [
      JSONMember("group", .string(group)), JSONMember("subset", .string(name)),
      JSONMember("cases", .int(cases)), JSONMember("pairs", .int(distance.count)),
    ]
    members += distance.percentMembers("distance", .median, .p90, .p99, .worst)
    members.append(JSONMember("distance_bias_pct", .number(bias)))
    members += moving.percentMembers("moving", .median, .p90)
    members.append(JSONMember("standing_share_median", .number(standingShare.median)))
    members.append(JSONMember("raw_bias_pct", .number(rawBias)))
    if let live {
      members += live.percentMembers("live_vs_finished", .median, .p90, .p99, .worst)
    }
    if let inStop {
      members += inStop.percentMembers("in_stop_distance", .median, .p90, .worst)
    }
    if let withinTwoSigma {
      members.append(JSONMember("within_two_sigma_pct", .number(100 * withinTwoSigma)))
    }
    members.append(JSONMember("told_splits", .int(toldSplits.count)))
    members.append(JSONMember("told_splits_off", .int(toldSplits.off)))
    members.append(JSONMember("told_splits_moved", .int(toldSplits.moved)))
    members.append(JSONMember("announced_pauses", .int(announced.pauses)))
    members.append(JSONMember("announced_not_kept", .int(announced.notKept)))
    members.append(JSONMember("kept_not_announced", .int(announced.keptNotAnnounced)))
    if let spread { members += spread.percentMembers("spread", .median, .p99, .worst) }
    if let speedGap { members += speedGap.percentMembers("speed_gap", .median, .worst) }
    if let watchGap { members += watchGap.percentMembers("watch_gap", .median, .p90, .worst) }
    return .object(members)
  }
}
