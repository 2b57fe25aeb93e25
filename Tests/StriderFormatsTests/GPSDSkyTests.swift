import StriderCore
import StriderFormats
import Testing

@Suite("gpsd SKY")
struct GPSDSkyTests {
  static func sky(_ text: String) -> SkyView? {
    guard case .sky(let sky)? = GPSDMessage.parse(line: Array(text.utf8)) else { return nil }
    return sky
  }

  /// A report as gpsd 3.22 sends it for a u-blox receiver (members in gpsd's order).
  static let gpsd322 =
    #"{"class":"SKY","device":"/dev/ttyACM0","time":"2024-05-01T07:58:12.000Z","#
    + #""xdop":0.54,"ydop":0.77,"vdop":1.13,"tdop":0.84,"hdop":0.94,"gdop":1.65,"#
    + #""pdop":1.47,"nSat":4,"uSat":2,"satellites":["#
    + #"{"PRN":5,"gnssid":0,"svid":5,"az":86.0,"el":31.0,"prRes":-1.2,"qual":7,"#
    + #""ss":45.0,"used":true,"health":1},"#
    + #"{"PRN":7,"gnssid":0,"svid":7,"az":310.0,"el":15.0,"ss":29.0,"used":false,"health":1},"#
    + #"{"PRN":67,"gnssid":6,"svid":3,"az":12.0,"el":64.0,"ss":38.0,"used":true},"#
    + #"{"PRN":133,"gnssid":1,"svid":133,"az":154.0,"el":27.0,"ss":0.0,"used":false}]}"#

  @Test func aRealReport() throws {
    let sky = try #require(Self.sky(Self.gpsd322))
    #expect(sky.time == GNSSTime(year: 2024, month: 5, day: 1, hour: 7, minute: 58, second: 12))
    #expect(
      sky.dop
        == SkyView.DilutionOfPrecision(
          horizontal: 0.94, vertical: 1.13, position: 1.47, time: 0.84, geometric: 1.65))
    #expect(sky.usedCount == 2)
    #expect(sky.seenCount == 4)
    #expect(sky.satellites.map(\.prn) == [5, 7, 67, 133])
    #expect(
      sky.satellites[0]
        == SkyView.Satellite(
          prn: 5, system: .gps, svid: 5, elevation: Degrees(31), azimuth: Degrees(86),
          signal: 45, used: true))
    #expect(sky.satellites[2].system == .glonass)
    #expect(sky.satellites[3].system == .sbas)
    #expect(sky.satellites[3].signal == 0)
  }

  @Test func countsComeFromTheListWithoutUSatAndNSat() throws {
    let sky = try #require(
      Self.sky(
        #"{"class":"SKY","satellites":[{"PRN":1,"used":true},{"PRN":2,"used":false},"#
          + #"{"PRN":3}]}"#))
    #expect(sky.usedCount == 1)
    #expect(sky.seenCount == 3)
    #expect(sky.time == nil)
    #expect(sky.dop == SkyView.DilutionOfPrecision())
  }

  @Test func anEmptyReportIsAnEmptySky() throws {
    let sky = try #require(Self.sky(#"{"class":"SKY"}"#))
    #expect(sky == SkyView())
    #expect(sky.usedCount == 0 && sky.seenCount == 0)
  }

  /// Hostile or broken values are absent, never shown: gpsd's 99.99 "no DOP", NaN spelt out
  /// (not JSON, so the line is refused), numbers too large for a double, angles out of range.
  @Test(arguments: [
    #"{"class":"SKY","hdop":99.99,"vdop":-1,"pdop":1e400,"gdop":0,"uSat":1e9,"nSat":-3,"#
      + #""satellites":[{"PRN":0},{"PRN":1e400},{"PRN":4.5},{"PRN":1000},{"used":true},"#
      + #"{"PRN":9,"el":91,"az":-1,"ss":1e400,"gnssid":99,"svid":-2,"used":"yes"}]}"#
  ])
  func hostileValuesAreAbsent(line: String) throws {
    let sky = try #require(Self.sky(line))
    #expect(sky.dop == SkyView.DilutionOfPrecision())
    #expect(sky.satellites == [SkyView.Satellite(prn: 9)], "only PRN 9 is a satellite")
    #expect(sky.usedCount == 0, "uSat 1e9 is no count; the list has none used")
    #expect(sky.seenCount == 1)
  }

  @Test func aLongListIsCut() throws {
    let satellite = #"{"PRN":12,"el":45,"az":90,"ss":40,"used":true}"#
    let line =
      #"{"class":"SKY","satellites":["#
      + Array(repeating: satellite, count: 1000).joined(separator: ",") + "]}"
    let sky = try #require(Self.sky(line))
    #expect(sky.satellites.count == SkyView.maximumSatellites)
    #expect(sky.usedCount == SkyView.maximumSatellites)
  }
}
