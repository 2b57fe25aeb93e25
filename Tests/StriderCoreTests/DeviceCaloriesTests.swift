import Foundation
import Testing

@testable import StriderCore

/// A file's own calorie figure is the session's (issue 52): the device knew its wearer's
/// weight, age, sex and often heart rate, which the file does not say. Strider's estimate
/// stays beside it, and the gap is measured from it.
@Suite struct DeviceCaloriesTests {
  static let start = GNSSTime(secondsSince1970: 1_700_000_000)

  static func summary(calories: Double = 705, source: CalorieSource = .speed) -> SessionSummary {
    var summary = SessionSummary(
      activity: .run, units: .metric, isRaw: false,
      start: TrackEndpoint(time: start, coordinate: Coordinate(latitude: 48, longitude: 11)),
      end: TrackEndpoint(
        time: start + Seconds(2832), coordinate: Coordinate(latitude: 48.05, longitude: 11)),
      distance: Meters(8970), elapsed: Seconds(2832), moving: Seconds(2808),
      calories: Kilocalories(calories), elevationGain: nil, pointsIn: 100, fixesWithPosition: 100,
      pointsAccepted: 100, rejected: [:], pauses: [], splits: [], cues: [])
    summary.caloriesSource = source
    return summary
  }

  static func device(calories: Double?, endingAfter seconds: Double = 2832) -> DeviceTotals {
    var device = DeviceTotals(
      distance: Meters(9008), timerTime: Seconds(2832), elapsedTime: Seconds(2832), parts: 1,
      partName: "session")
    device.end = start + Seconds(seconds)
    device.calories = calories.map(Kilocalories.init)
    return device
  }

  @Test func theDevicesFigureIsTheSessionsWithStridersBesideIt() {
    let comparison = DeviceComparison(
      device: Self.device(calories: 516), summary: Self.summary(source: .heartRate))
    let taken = comparison.summaryTakingDeviceCalories
    #expect(taken.calories == Kilocalories(516))
    #expect(taken.caloriesSource == .device)
    #expect(
      taken.estimatedCalories == CalorieEstimate(calories: Kilocalories(705), source: .heartRate))
    let after = DeviceComparison(device: Self.device(calories: 516), summary: taken)
    #expect(after.caloriesGap == comparison.caloriesGap, "the gap is Strider's estimate's")
    #expect(abs((after.caloriesGap ?? 0) - 100 * (705.0 - 516) / 516) < 1e-9)
    #expect(after.summaryTakingDeviceCalories == taken, "taken once")
    let json = JSONValue.object(taken.jsonMembers(live: false)).serialized
    #expect(
      json.contains("\"calories_kcal\":516") && json.contains("\"calories_source\":\"device\""))
  }

  /// A figure no one could burn in the session's time (a broken or hostile file: 10¹⁸ kcal,
  /// or 5,000 kcal in 47 minutes) is the device's row only; Strider's estimate stays the
  /// session's.
  @Test(arguments: [1e18, 5_000.0, Double.infinity])
  func anImpossibleFigureIsNotTheSessions(calories: Double) {
    let summary = Self.summary()
    let comparison = DeviceComparison(device: Self.device(calories: calories), summary: summary)
    #expect(comparison.summaryTakingDeviceCalories == summary)
    #expect(
      DeviceComparison(device: Self.device(calories: 1_500), summary: summary)
        .summaryTakingDeviceCalories.caloriesSource == .device,
      "1,500 kcal in 47 minutes is hard, not impossible")
  }

  /// A file without a position (an indoor ride with its power meter) has no elapsed time
  /// of its own: the device's timer says how long the figure was burnt over.
  @Test func withoutAPositionTheDevicesTimerBoundsTheFigure() {
    var summary = Self.summary()
    summary.elapsed = .zero
    var device = Self.device(calories: 379)
    device.timerTime = Seconds(2262)
    #expect(
      DeviceComparison(device: device, summary: summary).summaryTakingDeviceCalories.calories
        == Kilocalories(379))
    device.calories = Kilocalories(379_000)
    #expect(
      DeviceComparison(device: device, summary: summary).summaryTakingDeviceCalories == summary)
  }

  /// No figure, or one for less than the track (a file whose device summary ends before its
  /// fixes do): Strider's estimate stays the session's.
  @Test(arguments: [nil, 516.0])
  func withoutAFigureForTheWholeTrackStridersStays(calories: Double?) {
    let device = Self.device(calories: calories, endingAfter: calories == nil ? 2832 : 1200)
    let summary = Self.summary()
    #expect(
      DeviceComparison(device: device, summary: summary).summaryTakingDeviceCalories == summary)
  }
}
