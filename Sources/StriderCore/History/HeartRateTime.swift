/// How long a session spent at each heart rate, in whole beats per minute: what time in
/// each zone is made of, kept per session so that zones can be drawn anew when the maximum
/// heart rate or the zones' boundaries change, without reading the fixes again.
///
/// Each fix's heart rate holds from its time until the next fix's, but no longer than
/// `maximumHold` (a sensor that drops out leaves a gap, not a plateau); the last fix holds
/// nothing. Time inside the summary's pauses is left out, as moving time leaves it out.
/// Rates outside `plausible` are taken as no reading.
public struct HeartRateTime: Hashable, Sendable {
  /// The longest a reading is taken to hold when the next fix is late.
  public static let maximumHold = Seconds(10)
  /// Heart rates a person can have; anything else is a sensor's error.
  public static let plausible: ClosedRange<Double> = 25...250

  /// Seconds at each whole bpm; only rates with some time are present.
  public private(set) var seconds: [Int: Double]

  public init(seconds: [Int: Double] = [:]) {
    self.seconds = seconds.filter { $0.value > 0 && $0.value.isFinite }
  }

  /// No heart rate was recorded (or none held for any time).
  public var isEmpty: Bool { seconds.isEmpty }

  /// The time with a heart rate.
  public var total: Seconds { Seconds(seconds.values.reduce(0, +)) }

  /// The highest rate held for some time.
  public var highest: BeatsPerMinute? { seconds.keys.max().map { BeatsPerMinute(Double($0)) } }

  /// One reading: a fix's time and its heart rate (nil: the fix had none, which ends the
  /// previous reading's hold).
  public struct Sample: Hashable, Sendable {
    public var time: GNSSTime
    public var rate: BeatsPerMinute?

    public init(time: GNSSTime, rate: BeatsPerMinute?) {
      self.time = time
      self.rate = rate
    }
  }

  /// The time at each rate of `samples` (in any order; sorted by time here, keeping the
  /// order of equal times), less the time inside `pauses`.
  public static func of(
    _ samples: [Sample], excluding pauses: [PauseInterval] = [], maximumHold: Seconds = maximumHold
  ) -> HeartRateTime {
    let sorted = samples.enumerated()
      .filter { $0.element.time.secondsSince1970.isFinite }
      .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
      .map(\.element)
    let stops = pauses.map { ($0.start.secondsSince1970, $0.end.secondsSince1970) }
      .filter { $0.0.isFinite && $0.1.isFinite && $0.1 > $0.0 }
      .sorted { $0.0 < $1.0 }
    var result: [Int: Double] = [:]
    for i in sorted.indices.dropLast() {
      guard let rate = sorted[i].rate?.value, plausible.contains(rate) else { continue }
      let start = sorted[i].time.secondsSince1970
      let end = min(sorted[i + 1].time.secondsSince1970, start + maximumHold.value)
      guard end > start else { continue }
      var held = end - start
      for (a, b) in stops where a < end && b > start { held -= min(b, end) - max(a, start) }
      if held > 0 { result[Int(rate.rounded()), default: 0] += held }
    }
    return HeartRateTime(seconds: result)
  }

  /// Collects a session's readings from its fixes in the order they came, keeping only
  /// those that matter (a fix with a heart rate, and the first fix without one after it),
  /// so that a long import without a heart-rate sensor keeps nothing. The import, the
  /// finishing of a stored session and the backfill all use it, so all three agree.
  public struct Collector: Sendable {
    public private(set) var samples: [Sample] = []
    private var lastHadRate = false

    public init() {}

    public mutating func add(_ fix: Fix) { add(time: fix.time, rate: fix.heartRate) }

    /// A fix given as its time and heart rate (what a store reads of a stored fix); a fix
    /// without a time is left out.
    public mutating func add(time: GNSSTime?, rate: BeatsPerMinute?) {
      guard let time else { return }
      if rate != nil || lastHadRate { samples.append(Sample(time: time, rate: rate)) }
      lastHadRate = rate != nil
    }

    /// The time at each rate, less the summary's pauses.
    public func time(excluding pauses: [PauseInterval]) -> HeartRateTime {
      HeartRateTime.of(samples, excluding: pauses)
    }
  }

  /// The time at each rate of `fixes`, in their order, less `pauses`.
  public static func of(_ fixes: some Sequence<Fix>, excluding pauses: [PauseInterval])
    -> HeartRateTime
  {
    var collector = Collector()
    for fix in fixes { collector.add(fix) }
    return collector.time(excluding: pauses)
  }
}
