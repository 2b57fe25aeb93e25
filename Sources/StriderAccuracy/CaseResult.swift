import StriderCore
import StriderSimulator

/// What the engine made of one corpus case in each format, against the truth.
public struct CaseResult: Sendable {
  /// One format's figures.
  public struct FormatFigures: Sendable {
    public var format: CorpusFormat
    public var distance: Meters
    public var moving: Seconds
    /// Fixes the gate rejected, by reason (only reasons that occurred).
    public var rejected: [RejectionReason: Int]
    /// The distance the session announced live (nil when it is the finished one).
    public var liveDistance: Meters?
    /// The distance the finished track adds while the person really stands
    /// (`CorpusSession.truthStops`); nil when the track was not kept.
    public var inStopDistance: Meters?
    /// How far the finished distance may be from the truth, by the engine's own account.
    public var uncertainty: DistanceUncertainty?
    /// The finished track's whole kilometres, each one's moving time.
    public var splits: [Seconds]
    /// The whole kilometres as told live (the `split` events and cues), each one's time.
    public var toldSplits: [Seconds]
    /// The stops announced live ("Auto-paused."), those of them the finished track does not
    /// keep, and the finished track's stops never announced.
    public var announcedPauses = 0
    public var announcedNotKept = 0
    public var keptNotAnnounced = 0

    public init(
      format: CorpusFormat, distance: Meters, moving: Seconds,
      rejected: [RejectionReason: Int] = [:], liveDistance: Meters? = nil,
      inStopDistance: Meters? = nil, uncertainty: DistanceUncertainty? = nil,
      splits: [Seconds] = [], toldSplits: [Seconds] = []
    ) {
      self.uncertainty = uncertainty
      self.splits = splits
      self.toldSplits = toldSplits
      self.format = format
      self.distance = distance
      self.moving = moving
      self.rejected = rejected
      self.liveDistance = liveDistance
      self.inStopDistance = inStopDistance
    }

    /// The whole splits both told live and finished, and how many of them were told more
    /// than `tolerance` seconds from the finished time.
    public func toldSplitsOff(by tolerance: Double) -> (count: Int, off: Int) {
      let pairs = zip(toldSplits, splits)
      return (
        pairs.underestimatedCount,
        pairs.filter { abs($0.0.value - $0.1.value) > tolerance }.count
      )
    }

    /// How far the live distance is from the finished one, % of the finished.
    public var liveChange: Double? {
      guard let live = liveDistance, distance.value > 0 else { return nil }
      return 100 * (live.value - distance.value) / distance.value
    }
  }

  public var corpusCase: CorpusCase
  public var truthDistance: Meters
  public var truthMoving: Seconds
  /// The geodesic length of the fixes as generated (what `--no-filter` measures).
  public var rawDistance: Meters
  public var fixCount: Int
  public var formats: [FormatFigures]
  /// The time from the first to the last fix; `truthMoving` of it is moving, the rest
  /// standing.
  public var truthElapsed: Seconds
  /// The true moving time of each whole kilometre (`CorpusSession.truthSplits`).
  public var truthSplits: [Seconds]

  public init(
    corpusCase: CorpusCase, truthDistance: Meters, truthMoving: Seconds, rawDistance: Meters,
    fixCount: Int, formats: [FormatFigures], truthElapsed: Seconds = .zero,
    truthSplits: [Seconds] = []
  ) {
    self.truthSplits = truthSplits
    self.corpusCase = corpusCase
    self.truthDistance = truthDistance
    self.truthMoving = truthMoving
    self.rawDistance = rawDistance
    self.fixCount = fixCount
    self.formats = formats
    self.truthElapsed = truthElapsed
  }

  /// The time the person stood between the first and the last fix: each second in which
  /// they advanced 5 cm or less.
  public var truthStanding: Seconds { Seconds(max(0, truthElapsed.value - truthMoving.value)) }

  /// `truthStanding` as a share of the elapsed time (0–1).
  public var standingShare: Double {
    truthElapsed.value > 0 ? truthStanding.value / truthElapsed.value : 0
  }

  /// The distance a format's finished track adds while the person stands, % of the true
  /// distance; nil when the track was not kept.
  public func inStopError(_ figures: FormatFigures) -> Double? {
    figures.inStopDistance.map { 100 * $0.value / truthDistance.value }
  }

  /// Signed distance error of a format, % of the truth.
  public func distanceError(_ figures: FormatFigures) -> Double {
    100 * (figures.distance.value - truthDistance.value) / truthDistance.value
  }

  /// Signed moving-time error of a format, % of the truth.
  public func movingError(_ figures: FormatFigures) -> Double {
    100 * (figures.moving.value - truthMoving.value) / max(1, truthMoving.value)
  }

  /// Signed error of the raw length, % of the truth.
  public var rawError: Double {
    100 * (rawDistance.value - truthDistance.value) / truthDistance.value
  }

  /// The largest minus the smallest distance across the formats that carry the same
  /// information, % of the truth: with Doppler, GPX with speed, gpsd JSON and NMEA; without,
  /// every format (GPX with speed is plain GPX then). TCX, which carries no accuracy, is
  /// scored on its own.
  public var formatSpread: Double {
    let distances = formats.filter {
      $0.format.carriesAccuracy && (corpusCase.dopplerSigma == nil || $0.format.carriesSpeed)
    }
    .map(\.distance.value)
    guard let high = distances.max(), let low = distances.min() else { return 0 }
    return 100 * (high - low) / truthDistance.value
  }
  /// What leaving out the Doppler speed costs: |plain GPX − GPX with speed|, % of the
  /// truth (0 without Doppler, where both are the same file).
  public var speedGap: Double {
    guard let plain = formats.first(where: { $0.format == .gpx }),
      let withSpeed = formats.first(where: { $0.format == .gpxSpeed })
    else { return 0 }
    return 100 * abs(plain.distance.value - withSpeed.distance.value) / truthDistance.value
  }
  /// What a watch's TCX makes of the same fixes: |TCX − GPX with speed|, % of the truth.
  /// TCX has the speed without its course and no accuracy, so the engine finds the
  /// speed's direction itself; nil when either format was not scored.
  public var watchGap: Double? {
    guard let watch = formats.first(where: { $0.format == .tcx }),
      let withSpeed = formats.first(where: { $0.format == .gpxSpeed })
    else { return nil }
    return 100 * abs(watch.distance.value - withSpeed.distance.value) / truthDistance.value
  }

}
