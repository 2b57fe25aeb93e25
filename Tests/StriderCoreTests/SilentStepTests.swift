import Foundation
import Testing

@testable import StriderCore

/// A receiver that logs every 10 m leaves a stop as one long step between two fixes; a
/// person who crawls leaves several slow steps in a row. The finished track times the first
/// at the pace beside it and keeps the second moving.
@Suite struct SilentStepTests {
  /// A walk logged every 10 m, each step taking the seconds `durations` gives.
  static func logged(_ durations: [Double]) -> [Fix] {
    let plane = LocalTangentPlane(origin: Coordinate(latitude: 45.86, longitude: 15.0))
    var time = 1_700_000_000.0
    var fixes: [Fix] = []
    for (k, duration) in ([0] + durations).enumerated() {
      time += duration
      // A gentle curve, so the steps are not all along one line.
      let east = 10.0 * Double(k)
      let north = 30 * sin(Double(k) / 15)
      fixes.append(
        Fix(
          time: GNSSTime(secondsSince1970: time),
          coordinate: plane.unproject(PlanePoint(east: east, north: north)),
          horizontalAccuracy: Meters(4), mode: .threeD, origin: FixOrigin(index: k)))
    }
    return fixes
  }

  static func moving(_ fixes: [Fix], timesSilentSteps: Bool?) -> Double {
    var configuration = SessionConfiguration(activity: .walk)
    configuration.autoPause.timesSilentSteps = timesSilentSteps
    return Analysis.summarize(fixes, configuration: configuration).moving.value
  }

  /// 41 steps at 1.25 m/s, one of them with a 20 s stop inside (0.36 m/s over the step,
  /// above the speed below which a step is idle altogether): 8 s of it moving.
  @Test func aStopInOneLoggedStepIsStanding() {
    let durations = Array(repeating: 8.0, count: 20) + [28] + Array(repeating: 8.0, count: 20)
    let fixes = Self.logged(durations)
    let today = Self.moving(fixes, timesSilentSteps: true)
    #expect(abs(today - 41 * 8) <= 5, "moving \(today) s of 328")
    let before = Self.moving(fixes, timesSilentSteps: nil)
    #expect(before >= 345, "before: the whole step moved (\(before) s)")
  }

  /// A climb at 0.5 m/s for 15 steps between stretches at 1.25 m/s: each slow step is as
  /// slow as the ones beside it, so the climb moves throughout.
  @Test func aCrawlOfSeveralStepsMoves() {
    let durations =
      Array(repeating: 8.0, count: 20) + Array(repeating: 20.0, count: 15)
      + Array(repeating: 8.0, count: 20)
    let today = Self.moving(Self.logged(durations), timesSilentSteps: true)
    #expect(abs(today - (40 * 8 + 15 * 20)) <= 15, "moving \(today) s of 620")
  }
}
