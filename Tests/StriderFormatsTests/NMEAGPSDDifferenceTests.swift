import StriderCore
import StriderFormats
import Testing

/// The sentence patterns behind the intended differences from gpsd in
/// `NMEAConformanceTests.differences`, each in a few sentences of our own: what the reader
/// makes of them, where gpsd's report differs.
@Suite("NMEA reader where gpsd differs on purpose")
struct NMEAGPSDDifferenceTests {
  static func time(_ hour: Int, _ minute: Int, _ second: Double) -> GNSSTime? {
    GNSSTime(year: 2025, month: 6, day: 15, hour: hour, minute: minute, second: second)
  }

  /// A split cycle (the Garmin 48 of gpsd's regression logs): RMC and GGA, then a GLL
  /// stamped a second later, every two seconds. gpsd ends each cycle at the GLL and reports
  /// one fix per cycle under the GLL's time; the receiver gave a position at each of the two
  /// times, and a GLL may move (here it does), so each time is an epoch of its own.
  @Test(arguments: [1, 9, Int.max])
  func aSplitCycleGivesEachTimeItsOwnFix(chunkSize: Int) throws {
    let text = [
      "GPRMC,101500,A,5130.000,N,00007.000,W,000.0,090.0,150625,,",
      "GPGGA,101500,5130.000,N,00007.000,W,1,06,1.2,35.0,M,47.0,M,,",
      "GPGSA,A,3,02,05,12,15,24,29,,,,,,,2.0,1.2,1.6",
      "GPGLL,5130.006,N,00007.000,W,101501,A",
      "PGRMM,WGS 84",
      "GPRMC,101502,A,5130.012,N,00007.000,W,000.4,090.0,150625,,",
      "GPGGA,101502,5130.012,N,00007.000,W,1,06,1.2,35.0,M,47.0,M,,",
      "GPGSA,A,3,02,05,12,15,24,29,,,,,,,2.0,1.2,1.6",
      "GPGLL,5130.018,N,00007.000,W,101503,A",
    ].map(nmea).joined()
    let fixes = try readNMEA(text, chunkSize: chunkSize).fixes
    #expect(fixes.map(\.time) == [0, 1, 2, 3].map { Self.time(10, 15, $0) })
    // Each GLL keeps its own position: 0.006' of latitude apart, far above 1e-9°.
    let latitudes = fixes.compactMap { $0.coordinate?.latitude }
    let expected = [0.0, 0.006, 0.012, 0.018].map { 51.5 + $0 / 60 }
    #expect(latitudes.count == 4)
    #expect(zip(latitudes, expected).allSatisfy { abs($0 - $1) < 1e-9 }, "\(latitudes)")
    // A GLL says "fix" but not its dimension.
    #expect(fixes.map(\.mode) == [.threeD, .unknown, .threeD, .unknown])
  }

  /// A first epoch whose GGA carries a position but no fix quality (empty, or 0 from some
  /// satellites), beside an RMC with status V and a GSA mode 1: gpsd reports the GGA as a
  /// 2D or 3D fix before the RMC and GSA take it back; the epoch says no fix, and is kept
  /// as one. The next epoch, whose RMC comes after its GGA, is dated from that RMC.
  @Test(arguments: [
    "GPGGA,073000.80,4404.118,N,12118.861,W,,03,2.5,160.0,M,,M,,",
    "GPGGA,073000.80,4404.118,N,12118.861,W,0,04,,160.0,M,-19.6,M,,",
  ])
  func aGGAWithoutFixQualityIsNotTheFirstFix(gga: String) throws {
    let text = [
      gga,
      "GPRMC,073000.80,V,4404.118,N,12118.861,W,,,150625,,,N",
      "GPGSA,A,1,05,13,,,,,,,,,,,60.0,60.0,60.0",
      "GPGGA,073001.80,4404.130,N,12118.850,W,1,04,5.2,161.0,M,-19.6,M,,",
      "GPGSA,A,3,05,13,20,23,,,,,,,,,5.3,5.2,1.0",
      "GPRMC,073001.80,A,4404.130,N,12118.850,W,0.2,0.0,150625,,,A",
    ].map(nmea).joined()
    let fixes = try readNMEA(text).fixes
    #expect(fixes.count == 2)
    #expect(fixes.first?.mode == .noFix)
    #expect(fixes.first?.coordinate == nil)
    let first = try #require(fixes.first { $0.coordinate != nil })
    #expect(first.time == Self.time(7, 30, 1.8))
    #expect(abs((first.coordinate?.latitude ?? 0) - (44 + 4.130 / 60)) < 1e-9)
    #expect(first.mode == .threeD)
  }

  /// A log that starts mid-cycle, before any date, and ends after a lone RMC (the Venus634LP
  /// of gpsd's regression logs). gpsd reports the first epoch without a time and never
  /// reports the last, whose cycle the log cuts; we date the first backwards from the next
  /// RMC and keep the last, which says "fix".
  @Test func aLogCutAtBothEndsKeepsBothEnds() throws {
    var bodies = [
      "GPVTG,287.0,T,,M,0.8,N,1.4,K,A",
      "GPGGA,085000.00,5355.175,N,02730.046,E,1,04,17.3,267.5,M,25.0,M,,",
      "GPGSA,A,3,15,18,21,24,,,,,,,,,19.0,17.3,7.7",
      "GPGLL,5355.175,N,02730.046,E,085000.00,A,A",
    ]
    for second in 1...2 {
      let t = "08500\(second).00"
      bodies += [
        "GPRMC,\(t),A,5355.175,N,02730.046,E,0.8,284.0,150625,,,A",
        "GPVTG,284.0,T,,M,0.8,N,1.5,K,A",
        "GPGGA,\(t),5355.175,N,02730.046,E,1,04,17.3,266.9,M,25.0,M,,",
        "GPGSA,A,3,15,18,21,24,,,,,,,,,19.0,17.3,7.7",
        "GPGLL,5355.175,N,02730.046,E,\(t),A,A",
      ]
    }
    bodies.append("GPRMC,085003.00,A,5355.172,N,02730.038,E,0.1,,150625,,,A")
    let (fixes, stats) = try readNMEA(bodies.map(nmea).joined())
    #expect(fixes.map(\.time) == [0, 1, 2, 3].map { Self.time(8, 50, $0) })
    #expect(fixes.allSatisfy { $0.coordinate != nil })
    #expect(fixes.map(\.mode) == [.threeD, .threeD, .threeD, .unknown])
    #expect(stats.datedBackwards == 1)
  }
}
