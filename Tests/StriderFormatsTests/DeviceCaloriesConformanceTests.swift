import Foundation
import StriderCore
import StriderFormats
import StriderTestSupport
import Testing

/// The energy a device says was spent, read from the shared recordings that carry it: FIT
/// sessions' `total_calories` (as fitdecode 0.11 reads them) and TCX laps' `<Calories>`
/// added up.
@Suite("Device calories on real files")
struct DeviceCaloriesConformanceTests {
  static let expected: [(file: String, kilocalories: Double)] = [
    ("fit/fp-activity-small-fenix2-run.fit", 516),
    ("fit/fp-garmin-edge-500-activity.fit", 1954),
    ("fit/fp-Edge810-Vector-2013-08-16-15-35-10.fit", 1293),
    ("fit/fp-sample-activity.fit", 2045),
    ("fit/gb-wahoo.fit", 270),
    ("fit/fp-2013-02-06-12-11-14.fit", 336),
    ("tcx/gb-bike.tcx", 326),
    ("tcx/gc-10k.tcx", 676),
    ("tcx/gc-20081228.tcx", 4979),
    ("tcx/gc-multi.tcx", 1260),
  ]

  static func totals(_ file: String) throws -> DeviceTotals? {
    guard let url = SharedData.file(file) else { return nil }
    var reader = try FixFileReader.open(path: url.path)
    while try reader.next() != nil {}
    return reader.deviceTotals
  }

  @Test(
    "the device's calories are read", .enabled(if: SharedData.isPresent, SharedData.absent),
    arguments: expected.map(\.file))
  func readsTheDeviceCalories(file: String) throws {
    let want = try #require(Self.expected.first { $0.file == file }?.kilocalories)
    let totals = try #require(try Self.totals(file))
    #expect(totals.calories?.value == want)
  }

  @Test func lapsWithoutCaloriesGiveNone() throws {
    let text = """
      <?xml version="1.0"?>
      <TrainingCenterDatabase><Activities><Activity Sport="Running">
      <Lap StartTime="2024-05-04T07:30:00Z"><TotalTimeSeconds>60</TotalTimeSeconds>
      <DistanceMeters>200</DistanceMeters><Track><Trackpoint><Time>2024-05-04T07:30:00Z</Time>
      <Position><LatitudeDegrees>57.1</LatitudeDegrees><LongitudeDegrees>-4.4</LongitudeDegrees>
      </Position></Trackpoint></Track></Lap></Activity></Activities></TrainingCenterDatabase>
      """
    var reader = TCXReader(bytes: Array(text.utf8), fileName: "lap.tcx")
    while try reader.next() != nil {}
    let totals = try #require(reader.deviceTotals)
    #expect(totals.distance?.value == 200)
    #expect(totals.calories == nil)
  }

  /// A lap whose energy is negative (a broken or hostile file) is left out of the sum; one
  /// whose energy is the only one given and negative gives none.
  @Test(arguments: [(["-5", "156"], 156.0), (["-5"], nil)] as [([String], Double?)])
  func negativeLapCaloriesAreLeftOut(calories: [String], expected: Double?) throws {
    let laps = calories.enumerated().map { k, value in
      """
      <Lap StartTime="2024-05-04T07:3\(k):00Z"><TotalTimeSeconds>60</TotalTimeSeconds>
      <DistanceMeters>200</DistanceMeters><Calories>\(value)</Calories><Track><Trackpoint>
      <Time>2024-05-04T07:3\(k):00Z</Time><Position><LatitudeDegrees>57.1</LatitudeDegrees>
      <LongitudeDegrees>-4.4</LongitudeDegrees></Position></Trackpoint></Track></Lap>
      """
    }.joined()
    let text =
      "<?xml version=\"1.0\"?><TrainingCenterDatabase><Activities><Activity Sport=\"Running\">"
      + laps + "</Activity></Activities></TrainingCenterDatabase>"
    var reader = TCXReader(bytes: Array(text.utf8), fileName: "laps.tcx")
    while try reader.next() != nil {}
    #expect(try #require(reader.deviceTotals).calories?.value == expected)
  }
}
