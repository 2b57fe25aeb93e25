import StriderCore
import StriderFormats
import Testing

/// Reads NMEA text through `NMEAReader`, in chunks of `chunkSize` bytes.
func readNMEA(_ text: String, chunkSize: Int = .max) throws -> (fixes: [Fix], stats: NMEAStatistics)
{
  var reader = NMEAReader(
    source: MemoryByteSource(bytes: Array(text.utf8), chunkSize: chunkSize), fileName: "t.nmea")
  let fixes = try reader.readAll()
  return (fixes, reader.statistics)
}

/// A sentence with its correct checksum and CR LF.
func nmea(_ body: String) -> String { NMEAWriter.framed(body) }

/// The two hex digits of a body's checksum.
func checksumText(_ body: String) -> String {
  String(nmea(body).dropFirst(body.count + 2).prefix(2))
}

@Suite("NMEA 0183 reader")
struct NMEAReaderTests {
  static let gga = "GPGGA,123519.00,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"
  static let rmc = "GPRMC,123519.00,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W"
  static let gsa = "GPGSA,A,3,04,05,,09,12,,,24,,,,,2.5,1.3,2.1"
  static let gst = "GPGST,123519.00,1.0,3.0,2.0,0.0,3.0,4.0,6.0"

  @Test func oneEpochOfGGARMCGSAGSTIsOneFix() throws {
    let text = [Self.gga, Self.rmc, Self.gsa, Self.gst].map(nmea).joined()
    let (fixes, stats) = try readNMEA(text)
    #expect(fixes.count == 1)
    let fix = try #require(fixes.first)
    // 1994-03-23 12:35:19 UTC: RMC year 94 pivots to 1994.
    #expect(fix.time == GNSSTime(year: 1994, month: 3, day: 23, hour: 12, minute: 35, second: 19))
    let c = try #require(fix.coordinate)
    // 48° 07.038' = 48.1173°, 11° 31.000' = 11.516667°: exact decimal arithmetic to 1e-9.
    #expect(abs(c.latitude - 48.1173) < 1e-9)
    #expect(abs(c.longitude - (11 + 31.0 / 60)) < 1e-9)
    #expect(fix.altitude == Meters(545.4))
    #expect(fix.mode == .threeD)
    #expect(fix.satellites == 8)
    #expect(fix.hdop == 0.9)
    // The DOPs win over GST, as in gpsd's eph and epv: HDOP 0.9 and VDOP 2.1 × 5 m.
    #expect(abs((fix.horizontalAccuracy?.value ?? 0) - 4.5) < 1e-9)
    #expect(abs((fix.verticalAccuracy?.value ?? 0) - 10.5) < 1e-9)
    // 22.4 knots × 1852/3600 = 11.5236 m/s (to 1e-9: one multiplication).
    #expect(abs((fix.speed?.value ?? 0) - 22.4 * 1852 / 3600) < 1e-9)
    #expect(fix.course == Degrees(84.4))
    #expect(fix.origin.line == 1)
    #expect(stats.used == 4)
    #expect(stats.sentences == 4)
  }

  @Test func withoutDOPsAccuracyIsGSTs() throws {
    // A GGA with an empty HDOP field and no GSA: the GST sigmas, √(3² + 4²) = 5 m; σalt 6 m.
    let gga = "GPGGA,123519.00,4807.038,N,01131.000,E,1,08,,545.4,M,46.9,M,,"
    let (fixes, _) = try readNMEA([gga, Self.rmc, Self.gst].map(nmea).joined())
    let fix = try #require(fixes.first)
    #expect(fix.hdop == nil)
    #expect(fix.horizontalAccuracy == Meters(5))
    #expect(fix.verticalAccuracy == Meters(6))
  }

  @Test func withoutGSTAccuracyIsDOPTimesFiveMetres() throws {
    let (fixes, _) = try readNMEA([Self.gga, Self.rmc, Self.gsa].map(nmea).joined())
    let fix = try #require(fixes.first)
    // GGA's HDOP 0.9 comes first; VDOP 2.1 from GSA; 5 m user-equivalent range error.
    #expect(abs((fix.horizontalAccuracy?.value ?? 0) - 4.5) < 1e-9)
    #expect(abs((fix.verticalAccuracy?.value ?? 0) - 10.5) < 1e-9)
  }

  @Test func aGSTBeforeTheDOPsStillGivesWayToThem() throws {
    // The GST comes first, when no HDOP is known yet; the GGA's and GSA's DOPs that follow
    // win all the same. A GST after them is not read for what it would not change.
    let before = try readNMEA([Self.gst, Self.gga, Self.rmc, Self.gsa].map(nmea).joined())
    let after = try readNMEA([Self.gga, Self.rmc, Self.gsa, Self.gst].map(nmea).joined())
    for fix in [before.fixes.first, after.fixes.first] {
      let fix = try #require(fix)
      #expect(abs((fix.horizontalAccuracy?.value ?? 0) - 4.5) < 1e-9)
      #expect(abs((fix.verticalAccuracy?.value ?? 0) - 10.5) < 1e-9)
    }
    #expect(before.stats.used == 4 && after.stats.used == 4)
  }

  @Test func anRMCsPositionIsTakenWhereNoGGAGivesOne() throws {
    // RMC alone, RMC before GGA and after it: the GGA's position wins wherever it is.
    let rmc = "GPRMC,123519.00,A,4807.000,N,01131.000,E,022.4,084.4,230394,003.1,W"
    let alone = try #require(try readNMEA(nmea(rmc)).fixes.first?.coordinate)
    #expect(abs(alone.latitude - (48 + 7.0 / 60)) < 1e-9)
    for text in [[rmc, Self.gga], [Self.gga, rmc]] {
      let c = try #require(try readNMEA(text.map(nmea).joined()).fixes.first?.coordinate)
      #expect(abs(c.latitude - 48.1173) < 1e-9)
    }
  }

  @Test func timesReadOnceAreTheSameAsReadEachTime() throws {
    // Sentences repeat their epoch's time, and the reader reads a repeated field once:
    // fields that share a prefix, differ in length or are invalid must not be taken for it.
    let times = [
      "123519.00", "123519.00", "123519.0", "123519", "123519.001", "123520.00", "1235X9.00",
      "1235X9.00", "123520.00", "123520.000000000000000", "123521.00",
    ]
    var text = ""
    for time in times {
      text += nmea("GPGGA,\(time),4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")
      text += nmea("GPRMC,\(time),A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W")
    }
    let (fixes, stats) = try readNMEA(text)
    // Four spellings of 12:35:19 are one epoch; the invalid pair is malformed twice over;
    // 12:35:20 in two spellings, around it, is one epoch still open.
    let milliseconds = fixes.compactMap { fix in
      fix.time.map { Int(($0.secondsSince1970 * 1000).rounded()) % 60_000 }
    }
    #expect(milliseconds == [19_000, 19_001, 20_000, 21_000])
    #expect(stats.malformed == 4)
  }

  static let talkers = ["GP", "GN", "GL", "GA", "BD", "GB", "QZ", "IN", "PQ", "GI"]

  @Test(arguments: talkers)
  func everyTalkerIsRead(talker: String) throws {
    let text = [Self.gga, Self.rmc, Self.gsa, Self.gst]
      .map { nmea(talker + $0.dropFirst(2)) }.joined()
    let (fixes, stats) = try readNMEA(text)
    #expect(fixes.count == 1)
    #expect(fixes.first?.mode == .threeD)
    #expect(stats.used == 4)
  }

  /// Each position sentence on its own, with the date from an RMC of an earlier epoch.
  static let single: [(name: String, body: String, mode: FixMode, altitude: Double?)] = [
    ("GGA", "GPGGA,123520,4807.038,S,01131.000,W,1,08,0.9,545.4,M,46.9,M,,", .threeD, 545.4),
    ("GGA 2D", "GPGGA,123520,4807.038,S,01131.000,W,2,03,0.9,,M,,M,,", .twoD, nil),
    ("GNS", "GNGNS,123520,4807.038,S,01131.000,W,AA,08,0.9,545.4,46.9,,", .threeD, 545.4),
    ("RMC", "GPRMC,123520,A,4807.038,S,01131.000,W,0.0,0.0,230394,,", .unknown, nil),
    ("GLL", "GPGLL,4807.038,S,01131.000,W,123520,A,A", .unknown, nil),
  ]

  @Test(arguments: single)
  func everyPositionSentence(name: String, body: String, mode: FixMode, altitude: Double?)
    throws
  {
    let dating = nmea("GPRMC,123519,V,,,,,,,230394,,,N")
    let (fixes, _) = try readNMEA(dating + nmea(body))
    #expect(fixes.count == 2, "\(name)")
    let fix = try #require(fixes.last)
    #expect(fix.mode == mode)
    #expect(fix.altitude?.value == altitude)
    #expect(abs((fix.coordinate?.latitude ?? 0) + 48.1173) < 1e-9)
    #expect(abs((fix.coordinate?.longitude ?? 0) + (11 + 31.0 / 60)) < 1e-9)
    // The date carries forward from the first epoch's RMC.
    #expect(fix.time == GNSSTime(year: 1994, month: 3, day: 23, hour: 12, minute: 35, second: 20))
  }

  static let vtgs: [(String, Double)] = [
    ("GPVTG,054.7,T,034.4,M,005.5,N,010.2,K,A", 5.5 * 1852 / 3600),
    ("GPVTG,054.7,T,034.4,M,,N,010.2,K,A", 10.2 / 3.6),
    ("GPVTG,054.7,054.7,005.5,010.2", 5.5 * 1852 / 3600),
  ]

  @Test(arguments: vtgs)
  func vtgGivesSpeedAndCourse(body: String, speed: Double) throws {
    let text = nmea("GPGGA,000001,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,") + nmea(body)
    let fix = try #require(try readNMEA(text).fixes.first)
    #expect(abs((fix.speed?.value ?? 0) - speed) < 1e-9)
    #expect(fix.course == Degrees(54.7))
  }

  @Test func dateFromZDAOnly() throws {
    let text = [
      "GPZDA,235959.50,31,12,2024,00,00",
      "GPGGA,235959.50,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,",
      "GPGGA,000000.50,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,",
    ].map(nmea).joined()
    let fixes = try readNMEA(text).fixes
    #expect(
      fixes.map(\.time) == [
        GNSSTime(year: 2024, month: 12, day: 31, hour: 23, minute: 59, second: 59.5),
        // Midnight rollover: the time of day wrapped, so the date moves on (to a new year).
        GNSSTime(year: 2025, month: 1, day: 1, hour: 0, minute: 0, second: 0.5),
      ])
  }

  @Test func epochsBeforeTheFirstDateAreDatedBackwardsFromIt() throws {
    let text = [
      "GPGGA,120000,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,",
      "GPGGA,120001,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,",
      "GPRMC,120001,A,4807.038,N,01131.000,E,0.0,0.0,150625,,",
      "GPGGA,120002,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,",
    ].map(nmea).joined()
    let (fixes, stats) = try readNMEA(text)
    #expect(fixes.count == 3)
    #expect(fixes[0].time == GNSSTime(year: 2025, month: 6, day: 15, hour: 12, second: 0))
    #expect(fixes[1].time == GNSSTime(year: 2025, month: 6, day: 15, hour: 12, second: 1))
    #expect(fixes[2].time == GNSSTime(year: 2025, month: 6, day: 15, hour: 12, second: 2))
    #expect(stats.datedBackwards == 1 && stats.datedFromFileTime == 0 && stats.undated == 0)
  }

  /// A GGA-only log across midnight whose one ZDA comes at the very end.
  static let lateZDA = [
    "GPGGA,235958,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,",
    "GPGGA,235959,4807.039,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,",
    "GPGGA,000000,4807.040,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,",
    "GPGGA,000001,4807.041,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,",
    "GPZDA,000001,01,01,2025,00,00",
  ].map(nmea).joined()

  @Test(arguments: [1, 7, 64, Int.max])
  func aDateAtTheEndDatesTheWholeLogAcrossMidnight(chunkSize: Int) throws {
    let (fixes, stats) = try readNMEA(Self.lateZDA, chunkSize: chunkSize)
    #expect(
      fixes.map(\.time) == [
        GNSSTime(year: 2024, month: 12, day: 31, hour: 23, minute: 59, second: 58),
        GNSSTime(year: 2024, month: 12, day: 31, hour: 23, minute: 59, second: 59),
        GNSSTime(year: 2025, month: 1, day: 1, hour: 0, minute: 0, second: 0),
        GNSSTime(year: 2025, month: 1, day: 1, hour: 0, minute: 0, second: 1),
      ])
    #expect(stats.datedBackwards == 3)
  }

  static let undatedLog = [
    "GPGGA,080000,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,",
    "GPGGA,080001,4807.039,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,",
  ].map(nmea).joined()

  @Test func aLogWithoutDatesIsDatedFromTheFileTime() throws {
    // Written at 09:30 on 4 May 2024: the log of 08:00 is from that morning.
    let written = try #require(GNSSTime(year: 2024, month: 5, day: 4, hour: 9, minute: 30))
    var reader = NMEAReader(
      bytes: Array(Self.undatedLog.utf8), fileName: "t.nmea", fileDate: written)
    let fixes = try reader.readAll()
    #expect(fixes.map(\.time) == [written - Seconds(5400), written - Seconds(5399)])
    #expect(reader.statistics.datedFromFileTime == 2)
    // Written just after midnight: the log's 08:00 was the morning before.
    let nextNight = try #require(GNSSTime(year: 2024, month: 5, day: 5, hour: 0, minute: 10))
    var late = NMEAReader(
      bytes: Array(Self.undatedLog.utf8), fileName: "t.nmea", fileDate: nextNight)
    #expect(try late.readAll().first?.time == written - Seconds(5400))
  }

  @Test func withoutAnyDateFixesHaveNoTime() throws {
    let (fixes, stats) = try readNMEA(Self.undatedLog)
    #expect(fixes.count == 2 && fixes.allSatisfy { $0.time == nil })
    #expect(stats.undated == 2)
  }

  static let years: [(String, Int)] = [
    ("80", 1980), ("99", 1999), ("00", 2000), ("26", 2026), ("79", 2079),
  ]

  @Test(arguments: years)
  func twoDigitYearsPivotAt80(yy: String, year: Int) throws {
    let text = nmea("GPRMC,120000,A,4807.038,N,01131.000,E,0.0,0.0,0101\(yy),,")
    let fix = try #require(try readNMEA(text).fixes.first)
    #expect(fix.time == GNSSTime(year: year, month: 1, day: 1, hour: 12))
  }

  /// A ZDA's year of any size dates nothing: the fuzz campaign's year of eighteen digits
  /// trapped on an overflow counting its days. The fix before it keeps its own date.
  @Test(arguments: ["201555555555555556", "99999", "-10000"])
  func aZDAWithAnAbsurdYearDatesNothing(year: String) throws {
    let text =
      nmea("GPRMC,235958,A,4807.038,N,01131.000,E,0.0,0.0,311224,,")
      + nmea("GPZDA,235958.00,31,12,\(year),00,00")
    let (fixes, _) = try readNMEA(text)
    #expect(fixes.count == 1)
    #expect(
      fixes.first?.time
        == GNSSTime(year: 2024, month: 12, day: 31, hour: 23, minute: 59, second: 58))
    #expect(GNSSTime(year: Int(year) ?? 0, month: 12, day: 31) == nil)
  }

  /// Each way a receiver says "no fix" gives a kept `.noFix` record without a position.
  static let noFixBodies: [String] = [
    "GPGGA,120000,4807.038,N,01131.000,E,0,08,0.9,545.4,M,46.9,M,,",
    "GPGGA,120000,4807.038,N,01131.000,E,1,00,0.9,545.4,M,46.9,M,,",
    "GPGGA,,,,,,0,00,99.99,,,,,,",
    "GPRMC,120000,V,4807.038,N,01131.000,E,0.0,0.0,150625,,",
    "GPRMC,120000,A,4807.038,N,01131.000,E,0.0,0.0,150625,,,N",
    "GNGNS,120000,4807.038,N,01131.000,E,NN,08,0.9,545.4,46.9,,",
    "GPGLL,4807.038,N,01131.000,E,120000,V,N",
  ]

  @Test(arguments: noFixBodies)
  func noFixEpochsAreKept(body: String) throws {
    let fixes = try readNMEA(nmea(body)).fixes
    #expect(fixes.count == 1)
    #expect(fixes.first?.mode == .noFix)
    #expect(fixes.first?.coordinate == nil)
  }

  @Test func gsaModeOneMeansNoFixAndTwoMeansTwoD() throws {
    let gga = nmea(Self.gga)
    let none = try readNMEA(gga + nmea("GPGSA,A,1,,,,,,,,,,,,,99,99,99")).fixes
    #expect(none.first?.mode == .noFix)
    let flat = try readNMEA(gga + nmea("GPGSA,A,2,04,05,09,,,,,,,,,,2.5,1.3,2.1")).fixes
    #expect(flat.first?.mode == .twoD)
  }

  @Test func checksums() throws {
    let good = nmea(Self.rmc)
    let bad = good.replacingOccurrences(of: "*", with: "0*")  // changes the body
    let missing = "$" + Self.rmc + "\r\n"
    #expect(try readNMEA(good).fixes.count == 1)
    let b = try readNMEA(bad)
    #expect(b.fixes.isEmpty && b.stats.badChecksum == 1)
    let m = try readNMEA(missing)
    #expect(m.fixes.isEmpty && m.stats.missingChecksum == 1)
    // Lower-case hex digits are accepted.
    let lowered = "$\(Self.rmc)*\(checksumText(Self.rmc).lowercased())\r\n"
    #expect(try readNMEA(lowered).fixes.count == 1)
  }

  /// The body is read eight bytes at a time: commas, the `*` and a `$` that cuts a
  /// sentence short are found wherever they fall in those words.
  @Test(arguments: 0..<8)
  func fieldsAndChecksumsWhereverTheyFallInAWord(shift: Int) throws {
    // The HDOP field grows by a digit a case, moving every comma after it along.
    let hdop = "0.9" + String(repeating: "0", count: shift)
    let gga = "GPGGA,123519.00,4807.038,N,01131.000,E,1,08,\(hdop),545.4,M,46.9,M,,"
    let (fixes, stats) = try readNMEA(nmea(gga))
    let fix = try #require(fixes.first)
    #expect(fix.hdop == 0.9)
    #expect(fix.altitude == Meters(545.4))
    #expect(fix.satellites == 8)
    #expect(stats.used == 1)
    // A wrong checksum, whatever the body's length, is refused.
    let framed = nmea(gga)
    let star = try #require(framed.lastIndex(of: "*"))
    let wrong = String(framed[...star]) + (checksumText(gga) == "00" ? "01" : "00") + "\r\n"
    #expect(try readNMEA(wrong).stats.badChecksum == 1)
    // A sentence cut short by the next `$`, at every place in its body.
    for cut in 1..<gga.utf8.count {
      let text = "$" + String(gga.prefix(cut)) + nmea(Self.gga)
      let (cutFixes, cutStats) = try readNMEA(text)
      #expect(cutStats.garbageLines == 1, "cut after \(cut) bytes")
      #expect(cutFixes.count == 1, "the sentence after it is read, cut after \(cut) bytes")
    }
  }

  /// Batches (`read(into:)`, which reads many fixes a call) give the fixes `next()` gives,
  /// and on a read error the same fixes before it, then the error.
  @Test(arguments: [1, 3, 64, 5000])
  func batchesGiveWhatNextGivesUpToAnError(limit: Int) throws {
    var text = ""
    for second in 0..<200 {
      let seconds = second % 60
      let stamp = "12\(35 + second / 60)\(seconds < 10 ? "0" : "")\(seconds).00"
      text += nmea(
        "GPGGA,\(stamp),4807.0\(second % 10)8,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")
      text += nmea(
        "GPRMC,\(stamp),A,4807.0\(second % 10)8,N,01131.000,E,022.4,084.4,230394,003.1,W")
    }
    let bytes = Array(text.utf8)
    for failAfter in [0, 1, 7, 40, bytes.count / 97, 100_000] {
      func source() -> FailingSource<MemoryByteSource> {
        FailingSource(MemoryByteSource(bytes: bytes, chunkSize: 97), failAfter: failAfter)
      }
      var one = NMEAReader(source: source(), fileName: "t.nmea")
      var expected: [Fix] = []
      var expectedError: FormatError?
      do throws(FormatError) {
        while let fix = try one.next() { expected.append(fix) }
      } catch {
        expectedError = error
      }
      var batched = NMEAReader(source: source(), fileName: "t.nmea")
      var fixes: [Fix] = []
      var error: FormatError?
      do throws(FormatError) {
        while try batched.read(into: &fixes, upTo: fixes.count + limit) {}
      } catch let thrown {
        error = thrown
      }
      #expect(fixes == expected, "failing after \(failAfter) chunks, batches of \(limit)")
      #expect(error?.description == expectedError?.description)
      #expect((error == nil) == (failAfter == 100_000))
      if failAfter == 100_000 { #expect(fixes.count == 200) }
    }
  }

  /// Fractions of a second: whole milliseconds, and finer ones rounded to the nearest.
  @Test(arguments: [
    ("123519", 0), ("123519.", 0), ("123519.5", 500), ("123519.05", 50), ("123519.123", 123),
    ("123519.999", 999), ("123519.1234", 123), ("123519.0006", 1), ("123519.9996", 1000),
  ])
  func fractionsOfASecond(time: String, milliseconds: Int) throws {
    let rmc = "GPRMC,\(time),A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W"
    let fix = try #require(try readNMEA(nmea(rmc)).fixes.first)
    let whole = GNSSTime(year: 1994, month: 3, day: 23, hour: 12, minute: 35, second: 19)
    let time = try #require(fix.time)
    let second = try #require(whole)
    let seconds = time.secondsSince1970 - second.secondsSince1970
    #expect(abs(seconds - Double(milliseconds) / 1000) < 1e-6)
  }

  @Test func ignoredTypesAreCounted() throws {
    let text = [
      "GPGSV,1,1,04,01,40,083,46,02,17,308,41,12,07,344,39,14,22,228,45",
      "PMTK001,604,3", "SDDPT,3.5,0.0", "GPHDT,274.07,T", "GPTXT,01,01,02,hello", Self.rmc,
    ].map(nmea).joined()
    let (fixes, stats) = try readNMEA(text)
    #expect(fixes.count == 1)
    #expect(stats.ignoredTypes == 5)
    #expect(stats.used == 1)
  }

  @Test func garbageIsSkippedAndCounted() throws {
    let rmc = nmea(Self.rmc)
    let text =
      "# a comment\n" + "\0\0\0\u{7F}\u{01}binary\r\n" + "+ 6: 28 (.....)\n"
      + "r" + rmc  // stray byte before $
      + "$GPGGA,123519$" + String(nmea(Self.gga).dropFirst())  // a sentence cut by the next
      + "$GPGGA,123519.00,4807.0\n"  // cut short: no checksum
      + "caf\u{E9} \u{FF}\n" + String(repeating: "x", count: 5000) + "\n"
    let (fixes, stats) = try readNMEA(text)
    #expect(fixes.count == 1)
    #expect(stats.commentLines == 1)
    #expect(stats.used == 2)
    #expect(stats.missingChecksum == 1)
    // binary, debug text, stray "r", the cut sentence, non-ASCII text, the overlong line.
    #expect(stats.garbageLines == 6)
    #expect(stats.lines == 8)
  }

  @Test func lineEndingsAndLineNumbers() throws {
    let bodies = [Self.rmc, "GPRMC,123520.00,A,4807.038,N,01131.000,E,0,0,230394,,"]
    for ending in ["\r\n", "\n", "\r"] {
      let text =
        "# head" + ending
        + bodies.map { "$\($0)*" + checksumText($0) }
        .joined(separator: ending)
      let (fixes, stats) = try readNMEA(text)
      #expect(fixes.map(\.origin.line) == [2, 3], "ending \(Array(ending.utf8))")
      #expect(fixes.map(\.origin.index) == [0, 1])
      #expect(stats.lines == 3)
    }
  }

  @Test func interleavedEpochsMergeByTime() throws {
    // PolarRx2 order: the next second's GGA before this second's GST and GNS.
    let text = [
      "GPGGA,112257.00,3844.24011,N,00908.43828,W,1,03,10.5,,,,,,",
      "GPGSA,A,2,10,13,23,,,,,,,,,,10.5,10.5,",
      "GPGGA,112258.00,3844.23988,N,00908.43825,W,1,03,10.5,,,,,,",
      "GPGST,112257.00,0.387,317.719,3.872,1.791,3.0,4.0,180.746",
      "GPGNS,112257.00,3844.24011,N,00908.43828,W,AN,03,10.5,,,,",
      "GPGST,112258.00,0.223,320.494,3.861,1.782,6.0,8.0,182.631",
    ].map(nmea).joined()
    let fixes = try readNMEA(text).fixes
    #expect(fixes.count == 2)
    // HDOP 10.5 × 5 m, not GST's sigmas (as gpsd's eph for this receiver: 10.5 × 19 m).
    #expect(fixes.map(\.horizontalAccuracy) == [Meters(52.5), Meters(52.5)])
    #expect(fixes.map(\.mode) == [.twoD, .twoD])
    #expect(fixes.map(\.origin.line) == [1, 3])
  }

  @Test(arguments: [1, 2, 3, 7, 64] as [Int])
  func chunkSizeDoesNotMatter(chunkSize: Int) throws {
    let next = "GPGGA,123520.00,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"
    let epochs: String = [Self.gga, Self.rmc, Self.gsa, Self.gst, next].map(nmea).joined()
    let text: String = epochs + "junk\r\n$GPGGA,1*00\r\n" + nmea(Self.rmc)
    let whole = try readNMEA(text)
    let chunked = try readNMEA(text, chunkSize: chunkSize)
    #expect(chunked.fixes == whole.fixes)
    #expect(chunked.stats == whole.stats)
    #expect(whole.fixes.count == 2)
  }

  @Test func emptyInputGivesNothing() throws {
    let (fixes, stats) = try readNMEA("")
    #expect(fixes.isEmpty)
    #expect(stats == NMEAStatistics())
  }

  static let sniffs: [(String, Bool)] = [
    ("$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6A\r\n", true),
    ("# header\n\0garbage\n$GNGGA,1,2*00\n", true),
    ("{\"class\":\"TPV\"}\n$GPGGA,\n", false),
    ("<?xml version=\"1.0\"?><gpx>", false),
    ("lat,lon\n1,2\n", false),
  ]

  @Test(arguments: sniffs)
  func sniffing(text: String, nmea expected: Bool) {
    #expect(NMEAReader.looksLike(prefix: Array(text.utf8)) == expected)
  }
}

/// A source that fails with an unreadable error after `failAfter` chunks.
struct FailingSource<Base: ByteChunkSource>: ByteChunkSource {
  private var base: Base
  private var left: Int

  init(_ base: Base, failAfter: Int) {
    self.base = base
    left = failAfter
  }

  mutating func nextChunk() throws(FormatError) -> ArraySlice<UInt8>? {
    guard left > 0 else {
      throw FormatError(.unreadable, file: "t.nmea", message: "read failed: test")
    }
    left -= 1
    return try base.nextChunk()
  }
}
