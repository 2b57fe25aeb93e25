/// What was announced live, kept beside the finished figures so that the summary can say
/// where and why the finishing pass changed them.
///
/// The live figures come from a causal filter that may not rewrite the past (auto-pause and
/// cues have already acted on them); the finished ones from the whole track smoothed
/// forward and backward (Rauch–Tung–Striebel) with the stops found again on it. They may
/// differ a little, but never silently: every pause says whether it was announced live,
/// every live pause the summary does not have says which finishing step dropped it, and a
/// split that moved says by how much and why.
public struct FinishingReport: Hashable, Sendable, Codable {
  /// The distance the live figures ended with.
  public var liveDistance: Meters
  /// The moving time the live figures ended with.
  public var liveMoving: Seconds
  /// The pauses auto-pause announced live.
  public var livePauses: [PauseInterval]
  /// The splits announced live (and the last, partial one the live figures ended with).
  public var liveSplits: [Split]
  /// The stops found again on the smoothed track, before each was trimmed to the part where
  /// the smoothed speed says the user stood.
  public var detectedStops: [PauseInterval]
  /// Every stop the live figures counted, announced or not (a stop found late and left
  /// before it held is not announced: `SessionEngine.pauseAnnouncementHold`). Nil in a
  /// summary kept before they could differ: the pauses announced are those.
  public var liveStops: [PauseInterval]?

  public init(
    liveDistance: Meters, liveMoving: Seconds, livePauses: [PauseInterval],
    liveSplits: [Split], detectedStops: [PauseInterval], liveStops: [PauseInterval]? = nil
  ) {
    self.liveDistance = liveDistance
    self.liveMoving = liveMoving
    self.livePauses = livePauses
    self.liveSplits = liveSplits
    self.detectedStops = detectedStops
    self.liveStops = liveStops
  }

  /// Why a live pause is not in the summary.
  public enum DroppedBecause: String, Hashable, Sendable, CaseIterable {
    /// The smoothed track did not stay within auto-pause's radius for its window: the
    /// live filter's lag or a burst of noise made a slow stretch look like standing.
    case notFoundOnSmoothedTrack = "not_found_on_smoothed_track"
    /// Found again, but the smoothed speed never fell to a standstill within it.
    case trimmedAway = "trimmed_away"
  }

  /// A live pause and what the finishing pass made of it.
  public struct LivePause: Hashable, Sendable {
    public var interval: PauseInterval
    /// Nil when the summary has it (a finished pause overlaps it).
    public var droppedBecause: DroppedBecause?
  }

  /// Every live pause, with why it is missing from `finished` where it is.
  public func livePauses(against finished: [PauseInterval]) -> [LivePause] {
    livePauses.map { pause in
      if finished.contains(where: { Self.overlaps($0, pause) }) {
        return LivePause(interval: pause, droppedBecause: nil)
      }
      let detected = detectedStops.contains { Self.overlaps($0, pause) }
      return LivePause(
        interval: pause, droppedBecause: detected ? .trimmedAway : .notFoundOnSmoothedTrack)
    }
  }

  /// Whether a finished pause was announced live (a live pause overlaps it).
  public func wasAnnouncedLive(_ pause: PauseInterval) -> Bool {
    livePauses.contains { Self.overlaps($0, pause) }
  }

  /// How far the finished track's time for a whole split may be from the time told live
  /// for the summary to keep the told one: about the finished split time's own error
  /// (docs/cues.md).
  public static let toldSplitTolerance = Seconds(10)

  /// The finished splits, each whole split kept as it was told where the finished track's
  /// time for it is within `toldSplitTolerance`: a runner told "6 minutes 5 seconds" finds
  /// 6:05 in the summary, as a watch keeps its auto-laps. A split further off keeps the
  /// finished time, and the summary says why (`movedSplits`). The final partial split
  /// takes the moving time the whole splits leave, so that they still add up to `moving`.
  public func keepingToldSplits(_ finished: [Split], moving: Seconds) -> [Split] {
    var told: [Int: Split] = [:]
    for live in liveSplits where !live.isPartial && told[live.index] == nil {
      told[live.index] = live
    }
    var kept: [Split] = []
    kept.reserveCapacity(finished.count)
    var whole = 0.0
    for var split in finished {
      if split.isPartial {
        split.duration = Seconds(max(0, moving.value - whole))
        split.pace = Pace(distance: split.distance, duration: split.duration) ?? .zero
      } else {
        if let live = told[split.index],
          abs((live.duration - split.duration).value) <= Self.toldSplitTolerance.value
        {
          split.duration = live.duration
          split.pace = live.pace
          split.endTime = live.endTime
        }
        whole += split.duration.value
      }
      kept.append(split)
    }
    return kept
  }

  /// A split whose finished time differs from the one announced live, and why.
  public struct MovedSplit: Hashable, Sendable {
    public var index: Int
    public var live: Split
    public var finished: Split
    public var reason: String
  }

  /// The whole splits whose finished duration differs from the live one by a second or
  /// more, each with the reason: the standing time inside it as told and on the finished
  /// track, where the finished split begins (the one before it ended elsewhere), and where
  /// the smoothed track reaches its mark. Together they make up the difference.
  ///
  /// A split's standing is its elapsed time less its moving time, on the clock that timed
  /// it: the re-measure of the track so far for the one told, the finished track for the
  /// other. Read from the live auto-pause's stops instead, it named stops the told split
  /// was never timed by (a ride's split told 57 s long read "the smoothed track reaches the
  /// mark 2 s earlier" and nothing else).
  public func movedSplits(finished splits: [Split], start: GNSSTime?) -> [MovedSplit] {
    func standing(_ split: Split, from: GNSSTime) -> Double {
      max(0, (split.endTime - from).value - split.duration.value)
    }
    var moved: [MovedSplit] = []
    var finishedStart = start
    var liveStart = start
    // The first complete live split of each index, found once: looking it up split by split
    // was quadratic, a second of a 7,000-split ride's `analyze --format json`.
    var liveByIndex: [Int: Split] = [:]
    for live in liveSplits where !live.isPartial && liveByIndex[live.index] == nil {
      liveByIndex[live.index] = live
    }
    for split in splits {
      defer { finishedStart = split.endTime }
      guard !split.isPartial, let live = liveByIndex[split.index] else { continue }
      defer { liveStart = live.endTime }
      guard abs((live.duration - split.duration).value) >= 1 else { continue }
      var parts: [String] = []
      if let liveFrom = liveStart, let finishedFrom = finishedStart {
        let liveStanding = standing(live, from: liveFrom)
        let finishedStanding = standing(split, from: finishedFrom)
        if abs(liveStanding - finishedStanding) >= 1 {
          parts.append(
            "standing \(CueText.clock(Seconds(liveStanding))) live, "
              + "\(CueText.clock(Seconds(finishedStanding))) on the finished track")
        }
        // The split before ended elsewhere on the finished track: this one begins there.
        let begins = (finishedFrom - liveFrom).value
        if abs(begins) >= 1 {
          parts.append(
            "it begins \(Int(saturating: abs(begins).rounded())) s "
              + (begins > 0 ? "later" : "earlier") + " on the finished track")
        }
      }
      let shift = (split.endTime - live.endTime).value
      if abs(shift) >= 1 {
        parts.append(
          "the smoothed track reaches the mark \(Int(saturating: abs(shift).rounded())) s "
            + (shift > 0 ? "later" : "earlier"))
      }
      if parts.isEmpty { parts.append("the smoothed track measures this split differently") }
      moved.append(
        MovedSplit(
          index: split.index, live: live, finished: split,
          reason: parts.joined(separator: "; ")))
    }
    return moved
  }

  /// The finished distance's difference from the live one, as a fraction of the live one.
  public func distanceChange(finished: Meters) -> Double {
    liveDistance.value > 0 ? (finished.value - liveDistance.value) / liveDistance.value : 0
  }

  static func overlaps(_ a: PauseInterval, _ b: PauseInterval) -> Bool {
    a.start <= b.end && b.start <= a.end
  }
}
