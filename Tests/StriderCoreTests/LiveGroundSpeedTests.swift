import Foundation
import Testing

@testable import StriderCore

/// A watch's speed without a course (FIT, TCX) is read live as the finish reads it, on
/// foot: the live filter's speed follows the runner's instead of the positions' jitter, and
/// auto-pause, which reads that speed, is told a slow stretch from a stop.
@Suite struct LiveGroundSpeedTests {
  /// A run at 3 m/s due east, sampled every 4 s as a watch does, each fix off by up to
  /// 6 m: the live filter's speed's RMS error against the 3 m/s, with or without the speed.
  static func speedError(readingSpeed: Bool) -> Double {
    let start = GNSSTime(secondsSince1970: 1_700_000_000)
    let metresPerDegreeEast = 111_319.490_793_273_6 * cos(48 * Double.pi / 180)
    var filter = LiveDriftFilter(
      prior: .prior(processNoise: 0.5), readsSpeedWithoutCourse: readingSpeed)
    var generator = SplitMix64(seed: 7)
    var squares = 0.0
    var count = 0
    for k in 0..<300 {
      let t = 4 * Double(k)
      let east = 3 * t + Double.random(in: -6...6, using: &generator)
      let north = Double.random(in: -6...6, using: &generator)
      let fix = Fix(
        time: start + Seconds(t),
        coordinate: Coordinate(
          latitude: 48 + north / 111_132.954, longitude: 11 + east / metresPerDegreeEast),
        horizontalAccuracy: Meters(5), speed: MetersPerSecond(3))
      guard let estimate = filter.update(with: fix), k >= 20 else { continue }
      squares += pow(estimate.speed.value - 3, 2)
      count += 1
    }
    return (squares / Double(count)).squareRoot()
  }

  @Test func theSpeedWithoutACourseSteadiesTheLiveSpeed() {
    let without = Self.speedError(readingSpeed: false)
    let with = Self.speedError(readingSpeed: true)
    #expect(with < 0.5 * without, "RMS speed error \(with) m/s reading it, \(without) without")
  }

}
