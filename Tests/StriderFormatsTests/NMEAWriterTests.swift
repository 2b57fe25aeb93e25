import StriderCore
import StriderFormats
import Testing

@Suite("NMEA writer")
struct NMEAWriterTests {
  static let fixes: [Fix] = [
    Fix(
      time: GNSSTime(year: 2025, month: 6, day: 15, hour: 7, minute: 8, second: 9.123),
      coordinate: Coordinate(latitude: 48.858_370_123, longitude: 2.294_481_456),
      altitude: Meters(35.25), horizontalAccuracy: Meters(3.7), verticalAccuracy: Meters(6.1),
      speed: MetersPerSecond(3.21), course: Degrees(271.5), mode: .threeD, satellites: 9,
      hdop: 0.8),
    Fix(
      time: GNSSTime(year: 2026, month: 1, day: 1, hour: 23, minute: 59, second: 59.999),
      coordinate: Coordinate(latitude: -33.856_784, longitude: -151.215_297),
      horizontalAccuracy: Meters(12), mode: .twoD, satellites: 3, hdop: 2.5),
    Fix(
      time: GNSSTime(year: 2024, month: 2, day: 29, hour: 12),
      coordinate: Coordinate(latitude: 0.000_000_4, longitude: 179.999_999_9),
      altitude: Meters(-12), mode: .threeD, satellites: 12, hdop: 1),
  ]

  @Test(arguments: fixes)
  func roundTrip(fix: Fix) throws {
    let text = NMEAWriter.sentences(for: fix).joined()
    var reader = NMEAReader(bytes: Array(text.utf8), fileName: "w")
    let back = try reader.readAll()
    #expect(back.count == 1)
    let read = try #require(back.first)
    #expect(reader.statistics.used == 4)
    #expect(reader.statistics.badChecksum == 0)
    // Time: the writer rounds to the millisecond.
    let dt = abs((read.time?.secondsSince1970 ?? .infinity) - (fix.time?.secondsSince1970 ?? 0))
    #expect(dt < 0.001)
    // Position: 6 decimals of minutes is 1.7e-8°.
    let a = try #require(read.coordinate)
    let b = try #require(fix.coordinate)
    #expect(abs(a.latitude - b.latitude) < 1e-6 && abs(a.longitude - b.longitude) < 1e-6)
    #expect(read.mode == fix.mode)
    #expect(read.satellites == fix.satellites)
    #expect(read.hdop == fix.hdop)
    // Altitude to the millimetre, speed to 1e-4 knot, course to 0.01°.
    #expect(abs((read.altitude?.value ?? 0) - (fix.altitude?.value ?? 0)) < 1e-3)
    #expect(abs((read.speed?.value ?? 0) - (fix.speed?.value ?? 0)) < 1e-4)
    #expect(abs((read.course?.value ?? 0) - (fix.course?.value ?? 0)) < 0.01)
    // Accuracy from the HDOP (× 5 m) where there is one, as gpsd reads it; else through
    // GST: σlat = σlon = h/√2 at 3 decimals, so √2 × 0.0005 m at worst.
    if let hdop = fix.hdop {
      #expect(abs((read.horizontalAccuracy?.value ?? 0) - hdop * 5) < 1e-9)
    } else if let h = fix.horizontalAccuracy {
      #expect(abs((read.horizontalAccuracy?.value ?? 0) - h.value) < 1e-3)
    } else {
      #expect(read.horizontalAccuracy == nil)
    }
    if let v = fix.verticalAccuracy {
      #expect(abs((read.verticalAccuracy?.value ?? 0) - v.value) < 1e-3)
    }
  }

  @Test func sentenceSetAndFraming() {
    let sentences = NMEAWriter.sentences(for: Self.fixes[0])
    #expect(sentences.map { String($0.prefix(6)) } == ["$GPGGA", "$GPRMC", "$GPGSA", "$GPGST"])
    #expect(sentences.allSatisfy { $0.hasSuffix("\r\n") })
    #expect(
      sentences[0]
        == "$GPGGA,070809.123,4851.502207,N,00217.668887,E,1,09,0.80,35.250,M,,M,,*45\r\n")
    #expect(
      sentences[1]
        == "$GPRMC,070809.123,A,4851.502207,N,00217.668887,E,6.2397,271.50,150625,,,A*64\r\n")
  }

  @Test func noFixGivesQualityZeroAndStatusV() throws {
    let fix = Fix(
      time: GNSSTime(year: 2025, month: 6, day: 15, hour: 7), coordinate: nil, mode: .noFix)
    let sentences = NMEAWriter.sentences(for: fix)
    #expect(sentences[0].hasPrefix("$GPGGA,070000.000,,,,,0,,"))
    #expect(sentences[1].hasPrefix("$GPRMC,070000.000,V,,,,,,,150625,,,N*"))
    #expect(sentences[2].hasPrefix("$GPGSA,A,1,"))
    var reader = NMEAReader(bytes: Array(sentences.joined().utf8), fileName: "w")
    let back = try reader.readAll()
    #expect(back.count == 1)
    #expect(back.first?.mode == .noFix)
    #expect(back.first?.time == fix.time)
  }

  @Test func aTrackRoundTripsInOrder() throws {
    let start = try #require(GNSSTime(year: 2025, month: 3, day: 1, hour: 23, minute: 59))
    let track = (0..<120).map { i in
      Fix(
        time: start + Seconds(Double(i)),
        coordinate: Coordinate(latitude: 51.5 + Double(i) * 1e-5, longitude: -0.12),
        altitude: Meters(10), horizontalAccuracy: Meters(4), mode: .threeD, satellites: 7,
        hdop: 0.9)
    }
    let text = track.flatMap(NMEAWriter.sentences).joined()
    var reader = NMEAReader(bytes: Array(text.utf8), fileName: "w")
    let back = try reader.readAll()
    #expect(back.count == track.count)
    // Midnight passes at i = 60; every time comes back within a millisecond.
    for (a, b) in zip(back, track) {
      #expect(abs((a.time?.secondsSince1970 ?? 0) - (b.time?.secondsSince1970 ?? 1)) < 1e-3)
    }
  }
}
