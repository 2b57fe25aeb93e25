import StriderCore
import Testing

/// Issue 49: an absurd number from a file or a receiver reaches every figure made from it,
/// and `Int(_:)` traps on NaN, infinities and anything beyond 9.2e18. An elevation of 1e18
/// killed `analyze`, `replay` and `sessions import` with SIGILL in the activity guess.
struct HostileNumberTests {
  static let hostile: [Double] = [1e18, 1e19, -1e19, 1e300, -1e300, .infinity, -.infinity, .nan]

  @Test(arguments: [
    (Double.nan, 0), (.infinity, Int.max), (-.infinity, Int.min), (1e19, Int.max),
    (-1e19, Int.min), (9_223_372_036_854_775_807.0, Int.max),
    (-9_223_372_036_854_775_808.0, Int.min),
    (42.9, 42), (-42.9, -42), (0, 0),
  ])
  func saturatingConversionHoldsEveryDoubleInRange(value: Double, expected: Int) {
    #expect(Int(saturating: value) == expected, "\(value)")
  }

  @Test func saturatingConversionToNarrowTypes() {
    #expect(Int32(saturating: 1e10) == Int32.max)
    #expect(UInt16(saturating: -3) == 0)
    #expect(UInt8(saturating: .nan) == 0)
    #expect(Int8(saturating: 127.5) == 127)
  }

  /// A walk at 1.3 m/s whose altitude is `altitude` from the second minute on.
  static func walk(altitude: Double, heartRate: Double? = nil) -> [Fix] {
    (0..<1800).map { i in
      Fix(
        time: GNSSTime(secondsSince1970: 1_700_000_000 + Double(i)),
        coordinate: Coordinate(latitude: 46 + Double(i) * 1.3 / 111_180, longitude: 14.5),
        altitude: Meters(i < 60 ? 300 : altitude), horizontalAccuracy: Meters(4), mode: .threeD,
        heartRate: heartRate.map { BeatsPerMinute(i < 60 ? 120 : $0) })
    }
  }

  /// It trapped in `ActivityGuess.describe` on `Int(climb.rounded())`.
  @Test(arguments: hostile)
  func theActivityGuessSaysWhyWhateverTheAltitude(altitude: Double) {
    var estimator = MovementEstimator()
    for fix in Self.walk(altitude: altitude) { estimator.add(fix) }
    let guess = estimator.guess
    #expect(guess.isDecided)
    #expect(!guess.reason.isEmpty && !guess.shortReason.isEmpty)
    #expect(guess.activity == .walk, "an absurd altitude is no climb: \(guess.reason)")
  }

  /// The same fixes, with a heart rate as absurd, through the engine `analyze` runs and the
  /// figures kept with a session.
  @Test(arguments: hostile)
  func theEngineAndTheHeartRateFiguresTakeAbsurdNumbers(value: Double) {
    let fixes = Self.walk(altitude: value, heartRate: value)
    var pipeline = SessionPipeline(configuration: SessionConfiguration(activity: .walk))
    for fix in fixes { _ = pipeline.ingest(fix) }
    let summary = pipeline.finish().summary
    #expect(summary.pointsIn == fixes.count)
    let time = HeartRateTime.of(fixes, excluding: summary.pauses)
    #expect(time.total.value > 0, "the first minute's plausible rate is kept")
  }
}
