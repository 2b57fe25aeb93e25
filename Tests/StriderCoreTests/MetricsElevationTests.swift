import StriderCore
import Testing

/// Elevation gain (10 s smoothing, 3 m hysteresis) and the `.auto` trust test
/// (75th percentile of interpolation residuals under 0.6 m).
struct MetricsElevationTests {
  /// A 100 m climb at 0.1 m/s over 3 km, then 2 minutes level so the smoothing catches up.
  func climb(every interval: Double, jitter: (() -> Double)? = nil) -> MetricsTrack {
    var track = MetricsTrack(altitude: 100)
    track.move(speed: 3, for: 1000, every: interval, climb: 0.1, jitter: jitter)
    track.move(speed: 3, for: 120, every: interval, jitter: jitter)
    return track
  }

  @Test("A smooth 100 m climb counts about 100 m", arguments: [1.0, 0.25])
  func smoothClimb(interval: Double) {
    var (accumulator, _) = climb(every: interval).accumulate(MetricsConfiguration(activity: .run))
    let s = accumulator.finish()
    let gain = s.elevationGain?.value ?? -1
    #expect(abs(gain - 100) < 0.1, "the level tail lets the 10 s average settle at the top")
    let splitGains = s.splits.compactMap { $0.elevationGain?.value }
    #expect(splitGains.count == s.splits.count, "trusted: every split has a gain")
    #expect(abs(splitGains.reduce(0, +) - gain) < 1e-9, "split gains add up to the total")
    for g in splitGains.prefix(3) {
      #expect(abs(g - 33.3) < 1.5, "a third of the climb per km, give or take the 1 m lag")
    }
  }

  @Test("A barometer-like ±0.25 m noise on the climb is trusted")
  func barometricNoiseIsTrusted() {
    var random = SplitMix64(seed: 7)
    let track = climb(every: 1) { Double.random(in: -0.25...0.25, using: &random) }
    var (accumulator, _) = track.accumulate(MetricsConfiguration(activity: .run))
    let gain = accumulator.finish().elevationGain?.value ?? -1
    #expect(abs(gain - 100) < 1, "noise under the 3 m hysteresis barely adds")
  }

  @Test("Flat ground with ±3 m GPS jitter: untrusted under auto, small under on")
  func jitterIsNotTrusted() {
    func track() -> MetricsTrack {
      var random = SplitMix64(seed: 42)
      var t = MetricsTrack(altitude: 250)
      t.move(speed: 3, for: 1800, every: 1) { Double.random(in: -3...3, using: &random) }
      return t
    }
    var (auto, _) = track().accumulate(MetricsConfiguration(activity: .run))
    let autoResult = auto.finish()
    #expect(autoResult.elevationGain == nil, "jitter is not trusted")
    #expect(autoResult.splits.allSatisfy { $0.elevationGain == nil })

    var (on, _) = track().accumulate(MetricsConfiguration(activity: .run, elevation: .on))
    let forced = on.finish().elevationGain?.value
    #expect(forced != nil, ".on always reports a gain")
    #expect((forced ?? 99) < 5, "smoothing and hysteresis keep jitter well under 5 m")

    var rawSum = 0.0
    let altitudes = track().samples.compactMap { $0.altitude?.value }
    for (a, b) in zip(altitudes, altitudes.dropFirst()) { rawSum += max(0, b - a) }
    #expect(rawSum > 1000, "for contrast: summing raw rises would invent over a kilometre")

    var (off, _) = climb(every: 1).accumulate(MetricsConfiguration(activity: .run, elevation: .off))
    #expect(off.finish().elevationGain == nil, ".off never reports a gain")
  }

  @Test("GPS altitude that also wanders slowly: auto still refuses, on counts the wander")
  func wanderingGPSAltitude() {
    // Real GPS altitude error is not only white jitter: it drifts by metres over minutes.
    // Here a ±6 m triangle wave with a 5-minute period plus ±3 m jitter: each cycle rises 12 m.
    func track() -> MetricsTrack {
      var random = SplitMix64(seed: 11)
      var t = MetricsTrack(altitude: 250)
      var clock = 0.0
      t.move(speed: 3, for: 1800, every: 1) {
        clock += 1
        return triangle(clock) + Double.random(in: -3...3, using: &random)
      }
      return t
    }
    var (auto, _) = track().accumulate(MetricsConfiguration(activity: .run))
    #expect(auto.finish().elevationGain == nil)
    var (on, _) = track().accumulate(MetricsConfiguration(activity: .run, elevation: .on))
    let counted = on.finish().elevationGain?.value ?? 0
    #expect(counted > 30, "six cycles of 12 m of invented climbing, less the hysteresis")
  }

  @Test("Under auto the final decision covers the whole track")
  func autoDecidesOverWholeTrack() {
    var random = SplitMix64(seed: 3)
    var track = MetricsTrack(altitude: 100)
    track.move(speed: 3, for: 400, every: 1, climb: 0.05)
    var (early, reported) = track.accumulate(MetricsConfiguration(activity: .run))
    #expect(early.snapshot.elevationGain != nil, "smooth so far: trusted live")
    #expect(reported.first?.elevationGain != nil)
    track.move(speed: 3, for: 1500, every: 1) { Double.random(in: -3...3, using: &random) }
    var (whole, _) = track.accumulate(MetricsConfiguration(activity: .run))
    let s = whole.finish()
    #expect(s.elevationGain == nil, "mostly jitter: the whole track is not trusted")
    #expect(s.splits.allSatisfy { $0.elevationGain == nil }, "finish rewrites split gains")
    _ = early.finish()
  }

  @Test("Counted climbing adds the ACSM grade term to calories")
  func gradeCalories() {
    var (graded, _) = climb(every: 1).accumulate(MetricsConfiguration(activity: .run))
    var (level, _) = climb(every: 1).accumulate(
      MetricsConfiguration(activity: .run, elevation: .off))
    // The running grade term 0.9·v·grade ml/kg/min over the climb's minutes is 0.9 ml/kg per
    // metre climbed: 0.9 · 100 · 70 / 1000 L · 5 kcal/L = 31.5 kcal.
    let extra = graded.finish().calories.value - level.finish().calories.value
    #expect(abs(extra - 31.5) < 0.1)
  }

  @Test("No altitudes: no gain under any policy", arguments: ElevationPolicy.allCases)
  func noAltitudes(policy: ElevationPolicy) {
    var track = MetricsTrack()
    track.move(speed: 3, for: 100, every: 1)
    var (accumulator, _) = track.accumulate(
      MetricsConfiguration(activity: .run, elevation: policy))
    #expect(accumulator.finish().elevationGain == nil)
  }

  /// The analyze fuzz target's find (stop 54): `--no-filter` passes on every fix, and an
  /// altitude of 1e300 made an elevation gain of 9.5e306 m and infinite calories (printed
  /// "9223372036854775807 kcal"). An altitude no receiver means is as good as none.
  @Test("An altitude no receiver means counts no climbing, filtered or not")
  func absurdAltitudesCountNothing() {
    var fixes = straightRun(count: 60, speed: 1.3)
    for i in fixes.indices { fixes[i].altitude = Meters((20..<40).contains(i) ? 1e300 : 12.5) }
    for configuration in [
      SessionConfiguration.raw(activity: .walk), SessionConfiguration(activity: .walk),
    ] {
      var pipeline = SessionPipeline(
        configuration: configuration, options: SessionPipeline.Options(readsEvents: false))
      for fix in fixes { _ = pipeline.ingest(fix) }
      let summary = pipeline.finish().summary
      #expect(summary.calories.value.isFinite && summary.calories.value >= 0)
      #expect(
        (summary.elevationGain?.value ?? 0) < 1, "\(String(describing: summary.elevationGain))")
    }
  }
}

/// A triangle wave between −6 m and +6 m with a 300 s period.
private func triangle(_ t: Double) -> Double {
  let x = t.truncatingRemainder(dividingBy: 300) / 300
  return x < 0.5 ? -6 + 24 * x : 18 - 24 * x
}
