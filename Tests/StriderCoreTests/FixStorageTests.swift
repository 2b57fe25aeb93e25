import Testing

@testable import StriderCore

/// A fix is stored compactly (absent values as one reserved NaN); what is set reads back
/// exactly, absent stays absent, and a NaN a reader sets stays a present NaN for the gate.
struct FixStorageTests {
  @Test func aFixIsCompact() {
    #expect(MemoryLayout<Fix>.size <= 136, "\(MemoryLayout<Fix>.size) bytes")
  }

  @Test func everyFieldReadsBackAsSet() {
    let fix = Fix(
      time: GNSSTime(secondsSince1970: 1_714_807_800.25),
      coordinate: Coordinate(latitude: -33.5, longitude: 151.25), altitude: Meters(-0.0),
      horizontalAccuracy: Meters(4.5), verticalAccuracy: Meters(7), speed: MetersPerSecond(0),
      course: Degrees(359.9), mode: .threeD, provider: .network, satellites: 0, hdop: 0.9,
      heartRate: BeatsPerMinute(151), cadence: RevolutionsPerMinute(88),
      deviceDistance: Meters(1234.5), segment: 3, origin: FixOrigin(index: 7, line: 12))
    #expect(fix.time == GNSSTime(secondsSince1970: 1_714_807_800.25))
    #expect(fix.coordinate == Coordinate(latitude: -33.5, longitude: 151.25))
    #expect(fix.altitude?.value.sign == .minus)
    #expect(fix.horizontalAccuracy == Meters(4.5))
    #expect(fix.verticalAccuracy == Meters(7))
    #expect(fix.speed == MetersPerSecond(0))
    #expect(fix.course == Degrees(359.9))
    #expect(fix.satellites == 0)
    #expect(fix.hdop == 0.9)
    #expect(fix.heartRate == BeatsPerMinute(151))
    #expect(fix.cadence == RevolutionsPerMinute(88))
    #expect(fix.deviceDistance == Meters(1234.5))
    #expect(fix.segment == 3)
    #expect(fix.origin == FixOrigin(index: 7, line: 12))
    #expect(fix == fix)
  }

  /// Power and temperature sit in the padding (whole watts and degrees, as FIT has them);
  /// a value they cannot hold reads back as absent rather than wrapped.
  @Test func powerAndTemperatureReadBackInWholeUnits() {
    var fix = Fix(time: nil, coordinate: nil, power: Watts(312.4), temperature: Celsius(-7.6))
    #expect(fix.power == Watts(312) && fix.temperature == Celsius(-8))
    fix.power = Watts(0)
    fix.temperature = Celsius(127)
    #expect(fix.power == Watts(0) && fix.temperature == Celsius(127))
    for watts in [-1.0, 65_535, 1e9, .nan, .infinity] {
      fix.power = Watts(watts)
      #expect(fix.power == nil, "\(watts) W")
    }
    for degrees in [-128.0, 128, -1e9, .nan] {
      fix.temperature = Celsius(degrees)
      #expect(fix.temperature == nil, "\(degrees) °C")
    }
    var other = fix
    other.power = Watts(1)
    #expect(other != fix)
  }

  @Test func absentValuesStayAbsentAndCanBeCleared() {
    var fix = Fix(time: nil, coordinate: nil)
    #expect(fix.time == nil && fix.coordinate == nil && fix.altitude == nil)
    #expect(fix.satellites == nil && fix.hdop == nil && fix.origin.line == nil)
    fix.coordinate = Coordinate(latitude: 0, longitude: 0)
    fix.satellites = 9
    #expect(fix.coordinate == Coordinate(latitude: 0, longitude: 0) && fix.satellites == 9)
    fix.coordinate = nil
    fix.satellites = nil
    #expect(fix.coordinate == nil && fix.satellites == nil)
    #expect(fix == Fix(time: nil, coordinate: nil))
    #expect(fix.hashValue == Fix(time: nil, coordinate: nil).hashValue)
  }

  @Test func aNaNFromTheSourceIsPresentNotAbsent() {
    let fix = Fix(
      time: nil, coordinate: Coordinate(latitude: .nan, longitude: 1), altitude: Meters(.nan),
      hdop: .nan)
    #expect(fix.coordinate != nil)
    #expect(fix.altitude?.value.isNaN == true)
    #expect(fix.hdop?.isNaN == true)
    var gate = Gate(configuration: .defaults(for: .run))
    let verdicts = (gate.ingest(fix) + gate.finish()).map(\.judged.verdict)
    #expect(verdicts.count == 1 && verdicts.first != .accepted)
  }
}
