@testable import StriderCore

/// Builds synthetic filtered tracks the way the engine would feed them to the metrics.
///
/// Times are counted from `start` in whole-interval steps (the last step of a stretch is
/// shortened to land exactly on its end), so totals carry no drift from the sample rate.
struct MetricsTrack {
  static let start = GNSSTime(secondsSince1970: 1_700_000_000)

  private(set) var samples: [MetricsSample] = []
  private(set) var clock = 0.0
  private(set) var distance = 0.0
  var altitude: Double? = nil

  /// Starts with one sample at `start`.
  init(altitude: Double? = nil) {
    self.altitude = altitude
    append(step: 0, moving: true, startsSegment: false)
  }

  /// Moves at `speed` m/s for `duration` s, sampling every `interval` s; `climb` m/s of
  /// altitude change, `jitter` adds noise to each altitude.
  mutating func move(
    speed: Double, for duration: Double, every interval: Double, climb: Double = 0,
    jitter: (() -> Double)? = nil
  ) {
    let begin = clock
    let count = Int((duration / interval).rounded(.up))
    var base = altitude
    for i in 1...count {
      let t = min(Double(i) * interval, duration)
      let dt = begin + t - clock
      clock = begin + t
      distance += speed * dt
      if let b = base {
        let next = b + climb * dt
        base = next
        altitude = next + (jitter?() ?? 0)
      }
      append(step: speed * dt, moving: true, startsSegment: false)
    }
    altitude = base
  }

  /// Stands auto-paused for `duration` s, sampling every `interval` s.
  mutating func pause(for duration: Double, every interval: Double) {
    let begin = clock
    let count = Int((duration / interval).rounded(.up))
    for i in 1...count {
      clock = begin + min(Double(i) * interval, duration)
      append(step: 0, moving: false, startsSegment: false)
    }
  }

  /// Loses the signal for `duration` s; the next sample starts a segment and carries
  /// `step` (the straight line across the gap, which must not count).
  mutating func gap(for duration: Double, step: Double) {
    clock += duration
    append(step: step, moving: true, startsSegment: true)
  }

  private mutating func append(step: Double, moving: Bool, startsSegment: Bool) {
    samples.append(
      MetricsSample(
        time: Self.start + Seconds(clock),
        coordinate: Coordinate(latitude: 45 + distance / 111_195, longitude: 7),
        altitude: altitude.map { Meters($0) }, step: Meters(step), isMoving: moving,
        startsSegment: startsSegment))
  }

  /// Feeds every sample to a fresh accumulator; returns it and the splits `add` reported.
  func accumulate(_ configuration: MetricsConfiguration) -> (MetricsAccumulator, [Split]) {
    var accumulator = MetricsAccumulator(configuration: configuration)
    var reported: [Split] = []
    for sample in samples { reported += accumulator.add(sample) }
    return (accumulator, reported)
  }
}

/// A small deterministic generator (SplitMix64), so noisy tracks are the same on every run.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
