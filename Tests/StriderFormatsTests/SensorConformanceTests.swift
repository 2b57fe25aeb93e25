import Foundation
import StriderCore
import StriderFormats
import StriderTestSupport
import Testing

/// Heart rate, cadence and power of every shared FIT file that has them, against the mean
/// and the highest of the record values fitdecode 0.11 decodes (a heart rate or cadence of
/// 0 left out, as watches and Strider leave them out): within 1 bpm, 1 rpm and 1 W.
@Suite("Sensors on real files against fitdecode")
struct SensorConformanceTests {
  struct Expected: Sendable, CustomTestStringConvertible {
    var file: String
    var heartRate: (mean: Double, max: Double, count: Int)?
    var cadence: (mean: Double, count: Int)?
    var power: (mean: Double, count: Int)?
    var testDescription: String { file }
  }

  static let expected: [Expected] = [
    Expected(file: "fp-2013-02-06-12-11-14.fit", heartRate: (148.09, 171, 590)),
    Expected(
      file: "fp-DeveloperData.fit", heartRate: (142.33, 144, 3), cadence: (90.0, 3)),
    Expected(
      file: "fp-Edge810-Vector-2013-08-16-15-35-10.fit", heartRate: (153.86, 176, 4671),
      cadence: (90.31, 4485), power: (275.49, 4700)),
    Expected(
      file: "fp-activity-small-fenix2-run.fit", heartRate: (153.98, 178, 2808),
      cadence: (81.47, 2795)),
    Expected(file: "fp-antfs-dump.63.fit", heartRate: (161.98, 194, 685)),
    Expected(
      file: "fp-compressed-speed-distance.fit", heartRate: (170.52, 189, 754),
      cadence: (86.92, 710)),
    Expected(
      file: "fp-developer-types-sample.fit", heartRate: (130.84, 146, 3424),
      cadence: (74.69, 3424), power: (218.73, 3424)),
    Expected(file: "fp-event_timestamp.fit", cadence: (26.42, 110)),
    Expected(
      file: "fp-garmin-edge-500-activity.fit", heartRate: (162.85, 189, 10686),
      cadence: (88.55, 8364)),
    Expected(file: "fp-garmin-fenix-5-bike.fit", heartRate: (98.58, 114, 19)),
    Expected(
      file: "fp-garmin-fenix-5-walk.fit", heartRate: (75.35, 82, 17), cadence: (60.35, 17)),
    Expected(
      file: "fp-sample-activity-indoor-trainer.fit", heartRate: (147.75, 176, 2263),
      cadence: (81.76, 2198), power: (201.42, 2222)),
    Expected(
      file: "fp-sample-activity.fit", heartRate: (165.52, 191, 3098), cadence: (87.74, 2694)),
    Expected(
      file: "fp-sample_mulitple_header.fit", heartRate: (173.19, 187, 1430),
      cadence: (61.79, 883)),
    Expected(file: "gb-wahoo.fit", heartRate: (139.73, 151, 1100)),
  ]

  @Test(
    "heart rate, cadence and power as fitdecode reads them",
    .enabled(if: SharedData.isPresent, SharedData.absent), arguments: expected)
  func sensors(_ expected: Expected) throws {
    let url = try #require(SharedData.file("fit/\(expected.file)"))
    var reader = try FixFileReader.open(path: url.path)
    var figures = SensorFigures()
    while let fix = try reader.next() { figures.add(fix) }
    if let heart = expected.heartRate {
      #expect(figures.heartRateCount == heart.count)
      #expect(abs((figures.averageHeartRate ?? 0) - heart.mean) < 1)
      #expect(figures.heartRateMax == heart.max)
    } else {
      #expect(figures.averageHeartRate == nil)
    }
    if let cadence = expected.cadence {
      #expect(figures.cadenceCount == cadence.count)
      #expect(abs((figures.averageCadence ?? 0) - cadence.mean) < 1)
    } else {
      #expect(figures.averageCadence == nil)
    }
    if let power = expected.power {
      #expect(figures.powerCount == power.count)
      #expect(abs((figures.averagePower ?? 0) - power.mean) < 1)
    } else {
      #expect(figures.averagePower == nil)
    }
  }
}
