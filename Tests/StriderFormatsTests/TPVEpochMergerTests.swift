import StriderCore
import Testing

@testable import StriderFormats

@Suite struct TPVEpochMergerTests {
  func tpv(_ second: Double?, lat: Double = 46, speed: Double? = nil, eph: Double? = nil) -> Fix {
    Fix(
      time: second.map { GNSSTime(secondsSince1970: 1_700_000_000 + $0) },
      coordinate: Coordinate(latitude: lat, longitude: 7),
      horizontalAccuracy: eph.map { Meters($0) }, speed: speed.map { MetersPerSecond($0) },
      mode: .threeD)
  }

  @Test func reportsOfOneEpochBecomeItsLastAndMostCompleteReport() {
    var merger = TPVEpochMerger()
    #expect(merger.add(tpv(0)) == nil)
    #expect(merger.add(tpv(0, speed: 3)) == nil)
    #expect(merger.add(tpv(0, speed: 3, eph: 4)) == nil)
    let first = merger.add(tpv(1))
    #expect(first == tpv(0, speed: 3, eph: 4))
    #expect(merger.flush() == tpv(1))
    #expect(merger.flush() == nil)
  }

  @Test func anUntimedReportIsCompletedByTheTimedOne() {
    var merger = TPVEpochMerger()
    #expect(merger.add(tpv(nil)) == nil)
    #expect(merger.add(tpv(5)) == nil, "the same place once the date is known")
    #expect(merger.add(tpv(6, lat: 46.0001)) == tpv(5))
  }

  @Test func anUntimedReportElsewhereStaysItsOwnRecord() {
    var merger = TPVEpochMerger()
    _ = merger.add(tpv(nil, lat: 45))
    #expect(merger.add(tpv(5)) == tpv(nil, lat: 45))
  }
}
