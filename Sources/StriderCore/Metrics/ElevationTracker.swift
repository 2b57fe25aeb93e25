import Foundation

/// Counts climbing from a stream of altitudes, and judges whether they are worth counting.
///
/// **Gain.** Altitudes are first smoothed by an exponential moving average with a time
/// constant of `smoothingTime` (10 s), weighting each sample by `1 − exp(−Δt/τ)` so the
/// result does not depend on the sample rate. The smoothed profile then passes a hysteresis
/// of `hysteresis` (3 m): a climb only starts counting once the profile has risen 3 m above
/// its lowest point since the last descent, and then counts in full from that low point;
/// a descent only ends a climb once the profile has fallen 3 m below its highest point.
/// This is the usual "elevation threshold" of sports trackers: noise below the threshold is
/// ignored, real climbs are counted whole. Smoothing makes the profile lag
/// by about `τ·climb rate` (≈1 m at 0.1 m/s) — a climb that ends the track loses that much.
///
/// **Trust** (for `ElevationPolicy.auto`). For each run of three consecutive altitudes in a
/// segment, the residual `r = h₁ − (h₀ + (h₂ − h₀)·(t₁ − t₀)/(t₂ − t₀))` is how far the
/// middle one sits off the straight line through its neighbours: zero on any steady climb
/// or descent, whatever the grade or sample spacing. For white noise of standard deviation
/// σ it has a spread of 1.22·σ. A barometric altimeter (σ ≈ 0.1–0.3 m) keeps nearly all
/// residuals under `roughResidual` (0.6 m); GPS altitude jitter of ±3 m (σ ≈ 1.7 m) puts
/// about 80 % of them over it. The track is trusted when at least `minimumResiduals` (10)
/// residuals exist and no more than `maximumRoughFraction` (25 %) of them exceed 0.6 m —
/// that is, when the 75th percentile of |r| is under 0.6 m. A receiver that smooths its own
/// altitude passes this test; that is a limit of judging by the data alone.
struct ElevationTracker: Sendable, Hashable {
  /// Time constant of the smoothing average.
  static let smoothingTime = 10.0
  /// Rise or fall (metres) the smoothed profile must make to start or end a climb.
  static let hysteresis = 3.0
  /// A residual above this (metres) marks an altitude as rough.
  static let roughResidual = 0.6
  /// The largest share of rough residuals a trusted track may have.
  static let maximumRoughFraction = 0.25
  /// Fewer residuals than this are too little evidence to trust.
  static let minimumResiduals = 10

  private struct Point: Sendable, Hashable {
    var time: Double
    var altitude: Double
  }

  /// Total climbing counted so far, metres (whether or not it is trusted).
  private(set) var gain = 0.0
  private(set) var residuals = 0
  private(set) var roughResiduals = 0
  private var smoothed: Double?
  private var smoothedTime = 0.0
  private var anchor = 0.0
  private var climbing = false
  private var older: Point?
  private var newer: Point?

  /// Whether any altitude has been seen.
  var hasAltitude: Bool { smoothed != nil }

  /// Whether the altitudes so far look smooth enough to count (the `.auto` test).
  var looksSmooth: Bool {
    residuals >= Self.minimumResiduals
      && Double(roughResiduals) <= Self.maximumRoughFraction * Double(residuals)
  }

  /// Whether the policy lets the gain and grade be used.
  func isTrusted(_ policy: ElevationPolicy) -> Bool {
    switch policy {
    case .off: return false
    case .on: return hasAltitude
    case .auto: return hasAltitude && looksSmooth
    }
  }

  /// Takes one sample's altitude; returns the climbing it added (metres, ≥ 0).
  ///
  /// An altitude no receiver means (`PlausibleRange.altitude`) is as good as absent: the
  /// gate refuses such a fix, but `--no-filter` and a lab with its checks off pass it on,
  /// and an altitude of 1e300 made an elevation gain of 9.5e306 m and infinite calories.
  mutating func add(altitude: Meters?, time: GNSSTime, startsSegment: Bool) -> Double {
    guard let h = altitude?.value, PlausibleRange.altitude.contains(h) else { return 0 }
    let t = time.secondsSince1970
    judge(Point(time: t, altitude: h), startsSegment: startsSegment)
    guard let previous = smoothed else {
      smoothed = h
      smoothedTime = t
      anchor = h
      return 0
    }
    let dt = t - smoothedTime
    guard dt > 0 else { return 0 }
    let weight = startsSegment ? 1 : 1 - Foundation.exp(-dt / Self.smoothingTime)
    let s = previous + weight * (h - previous)
    smoothed = s
    smoothedTime = t
    let before = gain
    if climbing {
      if s > anchor {
        gain += s - anchor
        anchor = s
      } else if s < anchor - Self.hysteresis {
        climbing = false
        anchor = s
      }
    } else {
      if s < anchor {
        anchor = s
      } else if s > anchor + Self.hysteresis {
        climbing = true
        gain += s - anchor
        anchor = s
      }
    }
    return gain - before
  }

  private mutating func judge(_ point: Point, startsSegment: Bool) {
    if startsSegment {
      older = nil
      newer = point
      return
    }
    if let n = newer, point.time <= n.time { return }
    if let o = older, let n = newer {
      let fraction = (n.time - o.time) / (point.time - o.time)
      let residual = n.altitude - (o.altitude + (point.altitude - o.altitude) * fraction)
      residuals += 1
      if abs(residual) > Self.roughResidual { roughResiduals += 1 }
    }
    older = newer
    newer = point
  }
}
