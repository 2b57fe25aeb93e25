import StriderCore
import Testing

@testable import StriderFormats

/// Time traps (issue 6): GPS week-number rollovers, leap seconds, local-time offsets and
/// two-digit years, in every reader that meets them.
@Suite struct TimeTrapTests {
  static let week1024 = 1024 * 7 * 86_400.0

  static func rmc(_ time: String, _ date: String, minutes: Int = 7) -> String {
    nmea("GPRMC,\(time),A,48\(String(format2: minutes)).038,N,01131.000,E,5.0,90.0,\(date),,,A")
  }

  // MARK: GPS week-number rollover

  /// A receiver that rolls over mid-log (2019-04-06 → 1999-08-21, 1024 weeks back) keeps
  /// its real dates and monotonic order; the correction is counted.
  @Test func nmeaRolloverMidLogIsUndone() throws {
    let text =
      Self.rmc("235958", "060419") + Self.rmc("235959", "060419") + Self.rmc("000000", "220899")
      + Self.rmc("000001", "220899")
    let (fixes, stats) = try readNMEA(text)
    let times = fixes.compactMap(\.time)
    #expect(times.count == 4)
    #expect(
      times.map(\.iso8601) == [
        "2019-04-06T23:59:58Z", "2019-04-06T23:59:59Z", "2019-04-07T00:00:00Z",
        "2019-04-07T00:00:01Z",
      ])
    #expect(stats.weekRollovers == 1)
  }

  /// A receiver jumping ahead by 1024 weeks (2025 to 2045, as a badly patched firmware can)
  /// is brought back too;
  /// an ordinary jump of years (a log of two trips) is left alone.
  @Test func nmeaJumpsAheadByAPeriodAreUndoneOtherJumpsKept() throws {
    let ahead = Self.rmc("120000", "150625") + Self.rmc("120001", "290145")
    let (fixes, stats) = try readNMEA(ahead)
    #expect(
      fixes.compactMap(\.time).map(\.iso8601) == ["2025-06-15T12:00:00Z", "2025-06-15T12:00:01Z"])
    #expect(stats.weekRollovers == 1)

    let trips = Self.rmc("120000", "150615") + Self.rmc("120001", "150625")
    let (other, tripStats) = try readNMEA(trips)
    #expect(
      other.compactMap(\.time).map(\.iso8601) == ["2015-06-15T12:00:00Z", "2025-06-15T12:00:01Z"])
    #expect(tripStats.weekRollovers == 0)
  }

  /// A log that starts in 1999 has no earlier date to be judged against: it keeps 1999.
  @Test func aLogWrongFromTheStartKeepsItsDates() throws {
    let (fixes, stats) = try readNMEA(Self.rmc("120000", "220899") + Self.rmc("120001", "220899"))
    #expect(fixes.first?.time?.iso8601 == "1999-08-22T12:00:00Z")
    #expect(stats.weekRollovers == 0)
  }

  @Test func gpsdRolloverIsUndone() throws {
    func tpv(_ time: String) -> String {
      #"{"class":"TPV","mode":3,"time":""# + time + #"","lat":48.1,"lon":11.5}"# + "\n"
    }
    let text =
      tpv("2019-04-06T23:59:59.000Z") + tpv("1999-08-22T00:00:00.000Z")
      + tpv("1999-08-22T00:00:01.000Z")
    var reader = GPSDJSONReader(bytes: Array(text.utf8), fileName: "t.json")
    let times = try reader.readAll().compactMap(\.time).map(\.iso8601)
    #expect(times == ["2019-04-06T23:59:59Z", "2019-04-07T00:00:00Z", "2019-04-07T00:00:01Z"])
    #expect(reader.statistics.weekRollovers == 1)
  }

  // MARK: Leap seconds

  /// 2016-12-31T23:59:60Z between :59 and the next day's :00, in NMEA: three fixes, three
  /// increasing times, the leap second in the last millisecond of the day.
  @Test func nmeaLeapSecond() throws {
    let text =
      Self.rmc("235959", "311216", minutes: 7) + Self.rmc("235960", "311216", minutes: 8)
      + Self.rmc("000000", "010117", minutes: 9)
    let (fixes, _) = try readNMEA(text)
    let seconds = fixes.compactMap(\.time?.secondsSince1970)
    #expect(seconds.count == 3)
    #expect(seconds == [1_483_228_799, 1_483_228_799.999, 1_483_228_800])
    // Only a day's last minute has a 60th second.
    let (bogus, stats) = try readNMEA(Self.rmc("120060", "311216"))
    #expect(bogus.isEmpty && stats.malformed == 1)
  }

  /// The same in GPX, with the leap second written in UTC and in a local zone: the session
  /// engine accepts all three fixes (before, the leap second and the next second shared a
  /// time and one was rejected as a duplicate).
  @Test func gpxLeapSecondKeepsEveryFix() throws {
    let (fixes, _) = try readGPX(
      gpx11(
        """
        <trkpt lat="48.1" lon="11.5"><time>2016-12-31T23:59:59Z</time></trkpt>
        <trkpt lat="48.10001" lon="11.5"><time>2017-01-01T00:59:60+01:00</time></trkpt>
        <trkpt lat="48.10002" lon="11.5"><time>2017-01-01T00:00:00Z</time></trkpt>
        """))
    let seconds = fixes.compactMap(\.time?.secondsSince1970)
    #expect(seconds == [1_483_228_799, 1_483_228_799.999, 1_483_228_800])
    var pipeline = SessionPipeline(
      configuration: SessionConfiguration(activity: .walk, gate: .passThrough))
    for fix in fixes { _ = pipeline.ingest(fix) }
    let summary = pipeline.finish().summary
    #expect(summary.rejected[.duplicate] == nil)
    #expect(summary.pointsAccepted == 3)
  }

  // MARK: Local-time offsets

  /// Every zone shape GPX writers use, including ones that move the date back or forward
  /// and the half and quarter hours; all give the same UTC instant.
  @Test(arguments: [
    "2024-01-01T01:30:00+02:00", "2024-01-01T01:30:00+0200", "2024-01-01T01:30:00+02",
    "2023-12-31T18:00:00-0530", "2023-12-31T18:00:00-05:30", "2024-01-01T05:15:00+05:45",
    "2023-12-31T23:30:00Z", "2023-12-31T23:30:00z", "2023-12-31T23:30:00+00:00",
    "2023-12-31T23:30:00-00:00", "2024-01-01T13:30:00+14:00", "2023-12-31T11:30:00-12:00",
    "2023-12-31T23:30:00", "2023-12-31 23:30:00Z",
  ])
  func gpxOffsetsGiveUTC(text: String) throws {
    let (fixes, _) = try readGPX(gpx11(#"<trkpt lat="1" lon="2"><time>\#(text)</time></trkpt>"#))
    #expect(fixes.first?.time?.iso8601 == "2023-12-31T23:30:00Z", "\(text)")
  }

  @Test(arguments: [
    "2024-01-01T01:30:00+2:00", "2024-01-01T01:30:00+24:00", "2024-01-01T01:30:00+02:60",
    "2024-01-01T01:30:00+02:", "2024-01-01T01:30:00 +02:00", "2024-01-01T01:30:00+02:00Z",
    "2024-01-01T01:30:00CET",
  ])
  func malformedOffsetsAreErrorsAtTheTime(text: String) throws {
    let error = try #require(
      gpxError(gpx11(#"<trkpt lat="1" lon="2"><time>\#(text)</time></trkpt>"#)))
    #expect(error.code == .invalidTime, "\(error)")
    #expect(error.line == 4 && error.column == 30, "\(error)")
  }

  @Test func tcxOffsetsGiveUTC() throws {
    let result = try readTCX(
      tcxRun(
        "<Trackpoint><Time>2024-05-01T09:00:00+02:00</Time></Trackpoint>"
          + "<Trackpoint><Time>2024-05-01T02:00:01-05:00</Time></Trackpoint>"))
    #expect(
      result.fixes.compactMap(\.time).map(\.iso8601) == [
        "2024-05-01T07:00:00Z", "2024-05-01T07:00:01Z",
      ])
  }

  // MARK: Two-digit years and ZDA zones

  /// The pivot is 80 (80–99 → 1980s–1990s, the GPS era; 00–79 → 2000–2079), and a
  /// midnight wrap on 31 December 1999 moves into 2000, not 1900.
  @Test func twoDigitYearsAcrossTheCentury() throws {
    let text =
      nmea("GPRMC,235959,A,4807.038,N,01131.000,E,0.0,0.0,311299,,,A")
      + nmea("GPGGA,000000,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")
    let times = try readNMEA(text).fixes.compactMap(\.time).map(\.iso8601)
    #expect(times == ["1999-12-31T23:59:59Z", "2000-01-01T00:00:00Z"])
  }

  /// ZDA's local zone fields describe the receiver's clock, not the time: UTC stays UTC.
  @Test func zdaLocalZoneIsIgnored() throws {
    let text =
      nmea("GPZDA,120000.00,15,06,2025,-05,30")
      + nmea("GPGGA,120000.00,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")
    #expect(try readNMEA(text).fixes.first?.time?.iso8601 == "2025-06-15T12:00:00Z")
  }
}

extension String {
  /// Two digits, zero-padded.
  fileprivate init(format2 value: Int) { self = value < 10 ? "0\(value)" : "\(value)" }
}

/// The guard on its own, as the live gpsd source uses it.
@Suite struct WeekRolloverGuardTests {
  @Test func undoesWholePeriodsOnlyAndKeepsTheCorrection() {
    var rollover = WeekRolloverGuard()
    let t0 = GNSSTime(secondsSince1970: 1_554_595_199)  // 2019-04-06T23:59:59Z
    let period = WeekRolloverGuard.period
    #expect(rollover.corrected(t0) == t0)
    #expect(rollover.corrected(t0 + Seconds(1 - period)) == t0 + Seconds(1))
    #expect(rollover.corrected(t0 + Seconds(2 - period)) == t0 + Seconds(2))
    #expect(rollover.corrected(t0 + Seconds(3 + 2 * period)) == t0 + Seconds(3))
    #expect(rollover.corrections == 2)
    // The receiver's times stay two periods ahead from here on; half a period more is a
    // jump of the data, not a rollover.
    #expect(
      rollover.corrected(t0 + Seconds(3 + 2 * period + period / 2))
        == t0 + Seconds(3 + period / 2))
    #expect(rollover.corrections == 2)
  }
}
