import StriderCore
import Testing

@testable import StriderRender

/// The dashboard's heart-rate line says the zone when the user's maximum is known.
@Suite struct DashboardZoneTests {
  static func heartLine(_ bpm: Double, zones: HeartRateZones?) -> String? {
    let panel = Dashboard(
      snapshot: MetricsSnapshot(), activity: .run, units: .metric, state: .running,
      heartRate: BeatsPerMinute(bpm), heartRateZones: zones, gps: GPSStatus(link: .simulator),
      glyphs: .unicode)
    var grid = Grid(width: 34, height: panel.preferredHeight)
    panel.draw(into: &grid)
    return grid.text.split(separator: "\n").first { $0.contains("Heart") }.map(String.init)
  }

  @Test(arguments: [
    (152.0, "152 bpm Z4"), (171, "171 bpm Z5"), (133, "133 bpm Z3"), (90, "90 bpm"),
  ])
  func zoneOfTheMaximum(bpm: Double, shown: String) throws {
    let zones = try #require(HeartRateZones(maximum: BeatsPerMinute(190)))
    let line = try #require(Self.heartLine(bpm, zones: zones))
    #expect(line.contains(shown), "\(line)")
    if bpm < 95 { #expect(!line.contains(" Z"), "below zone 1 no zone is named") }
  }

  @Test func noZoneWithoutAMaximum() throws {
    let line = try #require(Self.heartLine(152, zones: nil))
    #expect(line.contains("152 bpm") && !line.contains("Z4"))
  }
}
