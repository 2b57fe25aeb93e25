import StriderCore

/// One corpus case worked out: where the person really went and what the device reported.
///
/// The truth moves with `TruthTrack` along a `CorpusRoute` at 1 Hz; the device records
/// every epoch (1 Hz) or a "smart recording" subset, and `CorpusReceiver` gives each
/// recorded epoch its errors. The reference figures cover the span from the first to the
/// last recorded fix: the distance travelled along the path, and the moving time, which
/// counts each one-second step in which the person advanced more than 5 cm (stops, and
/// standing at the finish, excluded).
public struct CorpusSession: Sendable {
  public let corpusCase: CorpusCase
  /// The fixes as the device reported them, in time order.
  public let fixes: [Fix]
  /// The distance actually travelled between the first and the last fix.
  public let truthDistance: Meters
  /// The time spent moving between the first and the last fix.
  public let truthMoving: Seconds
  /// The time from the first to the last fix.
  public let truthElapsed: Seconds
  /// Where the person stood between the first and the last fix: each run of one-second
  /// steps in which they advanced 5 cm or less (what `truthMoving` leaves out), the finish
  /// included, in time order.
  public let truthStops: [Stop]
  /// The moving time each whole kilometre from the first fix took: the time `truthMoving`
  /// counts between the crossings of its marks, each crossing interpolated inside its step.
  public let truthSplits: [Seconds]

  /// A run of seconds standing, from `start` to `end`.
  public struct Stop: Sendable, Hashable {
    public var start: GNSSTime
    public var end: GNSSTime

    public var duration: Seconds { end - start }
  }

  /// The time spent standing between the first and the last fix (elapsed less moving).
  public var truthStanding: Seconds { truthElapsed - truthMoving }

  /// The first recording starts at 2024-05-04 07:30:00 UTC (recent enough for NMEA's
  /// two-digit years); each seed starts a minute later than the one before.
  public init(_ corpusCase: CorpusCase) {
    self.corpusCase = corpusCase
    let (route, epochs) = CorpusSession.truth(of: corpusCase)
    let recorded = CorpusSession.recordedEpochs(epochs, corpusCase: corpusCase)
    let elapsed = epochs.last.map { $0.time - epochs[0].time } ?? .zero
    let first = recorded.first ?? 0
    let last = recorded.last ?? 0
    let stops = CorpusSession.stops(epochs, from: first, to: last)
    let start = epochs[0].time
    let receiver = CorpusReceiver(
      corpusCase: corpusCase, elapsed: elapsed.value,
      stops: stops.filter { $0.end < epochs[last].time }.map {
        (($0.start - start).value, $0.duration.value)
      })
    fixes = receiver.fixes(epochs: epochs, recorded: recorded, plane: route.plane)
    truthDistance = Meters(epochs[last].distance - epochs[first].distance)
    var moving = 0.0
    if last > first {
      for k in (first + 1)...last where epochs[k].distance - epochs[k - 1].distance > 0.05 {
        moving += (epochs[k].time - epochs[k - 1].time).value
      }
    }
    truthMoving = Seconds(moving)
    truthElapsed = epochs[last].time - epochs[first].time
    truthStops = stops
    truthSplits = CorpusSession.splits(epochs, from: first, to: last)
  }

  /// The moving time of each whole kilometre between epochs `first` and `last`, counted as
  /// `truthMoving` counts it.
  private static func splits(_ epochs: [TruthTrack.Epoch], from first: Int, to last: Int)
    -> [Seconds]
  {
    var splits: [Seconds] = []
    guard last > first else { return splits }
    let origin = epochs[first].distance
    var moving = 0.0
    var markMoving = 0.0
    for k in (first + 1)...last {
      let step = epochs[k].distance - epochs[k - 1].distance
      guard step > 0.05 else { continue }
      let dt = (epochs[k].time - epochs[k - 1].time).value
      let before = epochs[k - 1].distance - origin
      let after = epochs[k].distance - origin
      var mark = Double(splits.count + 1) * 1000
      while after >= mark {
        let crossing = moving + dt * (mark - before) / step
        splits.append(Seconds(crossing - markMoving))
        markMoving = crossing
        mark += 1000
      }
      moving += dt
    }
    return splits
  }

  /// The runs of steps from epoch `first` to `last` in which the person advanced 5 cm or
  /// less.
  private static func stops(_ epochs: [TruthTrack.Epoch], from first: Int, to last: Int) -> [Stop] {
    var stops: [Stop] = []
    guard last > first else { return stops }
    for k in (first + 1)...last where epochs[k].distance - epochs[k - 1].distance <= 0.05 {
      if let previous = stops.last, previous.end == epochs[k - 1].time {
        stops[stops.count - 1].end = epochs[k].time
      } else {
        stops.append(Stop(start: epochs[k - 1].time, end: epochs[k].time))
      }
    }
    return stops
  }

  /// Where the person really was each second from the first to the last recorded fix:
  /// the truth the figures are scored against, for looking at one case closely.
  public static func truthPath(of corpusCase: CorpusCase) -> [TruthPoint] {
    let (route, epochs) = CorpusSession.truth(of: corpusCase)
    let recorded = recordedEpochs(epochs, corpusCase: corpusCase)
    guard let first = recorded.first, let last = recorded.last else { return [] }
    let recordedSet = Set(recorded)
    return (first...last).map { k in
      TruthPoint(
        time: epochs[k].time, coordinate: route.plane.unproject(epochs[k].point),
        distance: Meters(epochs[k].distance - epochs[first].distance),
        speed: MetersPerSecond(epochs[k].speed), isRecorded: recordedSet.contains(k))
    }
  }

  /// The route of a case and the person's 1 Hz epochs along it.
  private static func truth(of corpusCase: CorpusCase) -> (SimulatedRoute, [TruthTrack.Epoch]) {
    let route = CorpusRoute.make(for: corpusCase)
    let configuration = SimulationConfiguration(
      activity: corpusCase.activity, seed: corpusCase.seed, origin: corpusCase.origin,
      startTime: SimulationConfiguration.defaultStartTime
        + Seconds(60 * Double(corpusCase.seed % 100_000)),
      sampleInterval: Seconds(1),
      errorModel: ErrorModel(urbanCanyonCount: 0...0), motion: corpusCase.motion)
    return (route, TruthTrack(configuration: configuration, route: route).epochs)
  }

  /// One second of the truth (`truthPath`).
  public struct TruthPoint: Sendable {
    public var time: GNSSTime
    public var coordinate: Coordinate
    /// Travelled since the first recorded fix.
    public var distance: Meters
    public var speed: MetersPerSecond
    /// Whether the device recorded a fix at this second.
    public var isRecorded: Bool
  }

  /// Which 1 Hz epochs the device records: all of them, or under smart recording the next
  /// after an interval of U{1 … 10} s, or sooner when the course has turned more than 30°
  /// since the last recorded fix; the first and the last always. A device silent while
  /// standing (`CorpusCase.silentWhileStanding`) records the second the person stops and
  /// the second they move on, and nothing between.
  ///
  /// A receiver that logs by distance (`CorpusCase.logsEvery`) records the epoch at which
  /// its person has gone that far since the last recorded one, and the last.
  static func recordedEpochs(_ epochs: [TruthTrack.Epoch], corpusCase: CorpusCase) -> [Int] {
    guard corpusCase.sampling == .smart else { return Array(epochs.indices) }
    if let every = corpusCase.logsEvery {
      var result = [0]
      for k in 1..<max(1, epochs.count)
      where epochs[k].distance - epochs[result[result.count - 1]].distance >= every
        || k == epochs.count - 1
      {
        result.append(k)
      }
      return result
    }
    var rng = SeededRandom(seed: corpusCase.seed, stream: 105)
    var result = [0]
    var interval = rng.integer(in: 1...10)
    let cosine30 = 0.866
    func stands(_ k: Int) -> Bool { k > 0 && epochs[k].distance - epochs[k - 1].distance <= 0.05 }
    for k in 1..<max(1, epochs.count) {
      let lastIndex = result[result.count - 1]
      let last = epochs[lastIndex].direction
      let now = epochs[k].direction
      let turned = last.east * now.east + last.north * now.north < cosine30
      if corpusCase.silentWhileStanding, k != epochs.count - 1, stands(k) != stands(lastIndex) {
        result.append(k)
        interval = rng.integer(in: 1...10)
        continue
      }
      if corpusCase.silentWhileStanding, stands(k), k != epochs.count - 1 { continue }
      if k - result[result.count - 1] >= interval || turned || k == epochs.count - 1 {
        result.append(k)
        interval = rng.integer(in: 1...10)
      }
    }
    return result
  }
}
