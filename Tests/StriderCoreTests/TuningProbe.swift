import Foundation
import StriderSimulator
import Testing

@testable import StriderCore

/// A sweep for tuning, off unless STRIDER_TUNE is set: fixes with and without accuracy and
/// Doppler velocity, at 1 s and 5 s, with every fault, scored against the truth.
@Suite struct TuningProbe {
  @Test(.enabled(if: ProcessInfo.processInfo.environment["STRIDER_TUNE"] != nil))
  func sweep() {
    for variant in ["full", "bare", "hdop", "5s-bare"] {
      for activity in Activity.allCases {
        var errors: [Double] = []
        var moving: [Double] = []
        for seed in UInt64(100)...UInt64(115) {
          let session = Simulator.run(
            SimulationConfiguration(
              activity: activity, seed: seed,
              sampleInterval: Seconds(variant.hasPrefix("5s") ? 5 : 1), faults: .all))
          var fixes = session.fixes
          if variant != "full" {
            for i in fixes.indices {
              fixes[i].speed = nil
              fixes[i].course = nil
              if variant != "hdop" {
                fixes[i].horizontalAccuracy = nil
                fixes[i].hdop = nil
              }
            }
          }
          let s = Analysis.summarize(fixes, configuration: SessionConfiguration(activity: activity))
          let truth = session.truthDistance.value
          errors.append((s.distance.value - truth) / truth)
          let truthMoving = session.truthMovingTime.value
          moving.append((s.moving.value - truthMoving) / truthMoving)
        }
        let sorted = errors.map(abs).sorted()
        let movingSorted = moving.map(abs).sorted()
        let mean = errors.reduce(0, +) / Double(errors.count)
        print(
          "probe", variant, activity,
          String(
            format: "bias %+.2f%% median |e| %.2f%% p90 %.2f%% moving median %.2f%%", mean * 100,
            sorted[sorted.count / 2] * 100, sorted[Int(Double(sorted.count) * 0.9)] * 100,
            movingSorted[movingSorted.count / 2] * 100))
      }
    }
  }
}
