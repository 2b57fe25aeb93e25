import Foundation
import StriderCore
import StriderFormats
import StriderTestSupport
import Testing

/// Every file in `../shared/data/fit` read as `analyze` opens it, against fitdecode's
/// answers in `reference-fit.json` (record counts, positioned records, first and last
/// position, laps, the sessions' sports and totals, the error of each broken file), and the
/// four `*-records.csv` (the values python-fitparse's own tests expect) value by value.
@Suite("FIT conformance on real files")
struct FITConformanceTests {
  /// What reading a whole file gave: the fixes up to the first error, and that error.
  struct Read {
    var fixes: [Fix]
    var error: FormatError?
    var reader: FITReader
  }

  static func read(_ file: String) throws -> Read? {
    guard let url = SharedData.file("fit/\(file)") else { return nil }
    var reader = try FixFileReader.open(path: url.path)
    var fixes: [Fix] = []
    var failure: FormatError?
    do {
      while let fix = try reader.next() { fixes.append(fix) }
    } catch {
      failure = error
    }
    let fit = try #require(reader as? FITReader, "\(file) was not read as FIT")
    return Read(fixes: fixes, error: failure, reader: fit)
  }

  static var reference: [String: [String: Any]] {
    guard let url = SharedData.file("reference-fit.json"), let data = try? Data(contentsOf: url),
      let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: [String: Any]]
    else { return [:] }
    return json
  }

  static var files: [String] { reference.keys.sorted() }

  /// How each file fitdecode refuses must fail here: the code, and words of the message.
  static let brokenFiles: [String: (FormatError.Code, String)] = [
    "fp-activity-settings-corruptheader.fit": (.malformed, "byte 771: not a FIT file header"),
    "fp-activity-unexpected-eof.fit": (.truncated, "the file ends at byte 768"),
    "fp-strava-android-app-201.10-b1218918.fit": (
      .malformed, "byte 7471: a data message of local message 11, which no definition"
    ),
  ]

  @Test(
    "records, positions, laps, sessions and errors as fitdecode reads them",
    .enabled(if: SharedData.isPresent, SharedData.absent), arguments: files)
  func matchesFitdecode(file: String) throws {
    let expected = try #require(Self.reference[file])
    let read = try #require(try Self.read(file))
    #expect(read.fixes.count == expected["records"] as? Int, "record messages")
    let positioned = read.fixes.filter { $0.coordinate != nil }
    #expect(positioned.count == expected["records_with_position"] as? Int, "positioned records")
    for (end, fix) in [("first", positioned.first), ("last", positioned.last)] {
      guard let point = expected[end] as? [String: Any] else {
        #expect(fix == nil, "fitdecode has no \(end) position")
        continue
      }
      let coordinate = try #require(fix?.coordinate, "\(end) position")
      let latitude = try #require(point["lat"] as? Double)
      let longitude = try #require(point["lon"] as? Double)
      #expect(abs(coordinate.latitude - latitude) < 1e-6, "\(end) latitude, to 1e-6 degrees")
      #expect(abs(coordinate.longitude - longitude) < 1e-6, "\(end) longitude, to 1e-6 degrees")
      #expect(fix?.time?.iso8601 == point["time"] as? String, "\(end) time")
    }
    #expect(read.reader.statistics.laps == expected["laps"] as? Int, "laps")
    let sessions = expected["sessions"] as? [[String: Any]] ?? []
    #expect(read.reader.sessions.map(\.sportName) == sessions.map { $0["sport"] as? String })
    for (session, want) in zip(read.reader.sessions, sessions) {
      Self.expectClose(session.totalDistance?.value, want["total_distance_m"], "total distance")
      Self.expectClose(session.totalElapsedTime, want["total_elapsed_time_s"], "elapsed time")
      Self.expectClose(session.totalTimerTime, want["total_timer_time_s"], "timer time")
      #expect(session.startTime?.iso8601 == want["start_time"] as? String, "start time")
    }
    let fitdecodeError = expected["error"] as? String
    if let (code, words) = Self.brokenFiles[file] {
      // A damaged header is an error; damage after records stops the reading with a
      // warning, the records before it kept.
      let error = try #require(
        read.error ?? read.reader.damage, "fitdecode refuses it: \(fitdecodeError ?? "")")
      #expect(error.code == code)
      #expect(error.message.contains(words), "\(error.message)")
      #expect((read.error != nil) == words.contains("header"), "only a header is an error")
      if read.error == nil {
        #expect(read.reader.warnings.contains { $0.hasPrefix(error.message) })
      }
    } else {
      #expect(read.error == nil && read.reader.damage == nil, "fitdecode reads it")
    }
    let crcWarnings = read.reader.warnings.filter { $0.contains("CRC") }
    if fitdecodeError?.contains("CRC") == true {
      #expect(crcWarnings.count == 1, "a bad file CRC is a warning: \(crcWarnings)")
    } else {
      #expect(crcWarnings.isEmpty)
    }
  }

  static func expectClose(
    _ value: Double?, _ expected: Any?, _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let expected = expected as? Double else {
      #expect(value == nil, "\(what): fitdecode has none", sourceLocation: sourceLocation)
      return
    }
    let difference = value.map { abs($0 - expected) } ?? .infinity
    // fitdecode rounds totals to the field's scale (1/100 m, 1/1000 s).
    #expect(
      difference < 1e-6, "\(what): \(value ?? .nan) vs \(expected)", sourceLocation: sourceLocation)
  }

  @Test(
    "the session's sport is the declared activity",
    .enabled(if: SharedData.isPresent, SharedData.absent))
  func declaredActivity() throws {
    #expect(try Self.read("gb-edge800.fit")?.reader.metadata.declaredActivity == .ride)
    #expect(try Self.read("fp-garmin-fenix-5-walk.fit")?.reader.metadata.declaredActivity == .walk)
    #expect(try Self.read("gb-fr10.fit")?.reader.metadata.declaredActivity == .run)
    // A triathlon names three sports: none is the activity of the whole.
    #expect(
      try Self.read("fp-sample_mulitple_header.fit")?.reader.metadata.declaredActivity == nil)
  }

  /// A ride whose wheel sensor counted 3421.52 m (fitdecode: the first positioned record's
  /// `distance`) in the seven minutes before the receiver's first fix: no track holds it, so
  /// it is told apart from the session's 88797.21 m. A file positioned from its first record
  /// to its last counts nothing outside.
  @Test(
    "what the device counted without a position is told apart",
    .enabled(if: SharedData.isPresent, SharedData.absent))
  func unpositionedDistance() throws {
    let ride = try #require(try Self.read("fp-sample-activity.fit")?.reader.deviceTotals)
    #expect(abs((ride.unpositionedDistance?.value ?? 0) - 3421.52) < 0.01)
    #expect(abs((ride.positionedDistance?.value ?? 0) - (88797.21 - 3421.52)) < 0.02)
    let run = try #require(try Self.read("fp-activity-small-fenix2-run.fit")?.reader.deviceTotals)
    #expect(run.unpositionedDistance?.value == 0)
  }
}

/// The record values python-fitparse's own tests expect (`*-records.csv`), value by value.
@Suite("FIT records against fitparse's expected values")
struct FITRecordValueTests {
  static let devices = [
    "fp-garmin-edge-500-activity", "fp-garmin-fenix-5-bike", "fp-garmin-fenix-5-walk",
  ]

  static func rows(_ name: String) throws -> [[String]]? {
    guard let url = SharedData.file("fit/\(name)-records.csv") else { return nil }
    let text = try String(contentsOf: url, encoding: .utf8)
    // Lines end in CRLF in some: "\r\n" is one Character, so split on any line end.
    return text.split(whereSeparator: \.isNewline).dropFirst().map {
      $0.split(separator: ",", omittingEmptySubsequences: false).map {
        String($0).trimmingCharacters(in: .whitespaces)
      }
    }
  }

  /// A number, nil for an empty or `null` cell.
  static func number(_ cell: String) -> Double? { Double(cell) }

  /// `Sun Sep 25 06:00:22 PDT 2011` as seconds since 1970 (PDT and PST are the only zones).
  static func seconds(_ text: String) -> Double? {
    let parts = text.split(separator: " ")
    let months = [
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    guard parts.count == 6, let month = months.firstIndex(of: String(parts[1])),
      let day = Int(parts[2]), let year = Int(parts[5]),
      let midnight = GNSSTime(year: year, month: month + 1, day: day)
    else { return nil }
    let clock = parts[3].split(separator: ":").compactMap { Double($0) }
    guard clock.count == 3 else { return nil }
    let zone = parts[4] == "PDT" ? 7.0 : 8.0
    return midnight.secondsSince1970 + clock[0] * 3600 + clock[1] * 60 + clock[2] + zone * 3600
  }

  static func expectClose(
    _ value: Double?, _ cell: String, _ what: String, row: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let expected = number(cell)
    guard let expected, let value else {
      #expect(value == expected, "row \(row) \(what)", sourceLocation: sourceLocation)
      return
    }
    // fitparse's altitudes carry the float noise of `raw / 5 - 500`.
    #expect(abs(value - expected) < 1e-6, "row \(row) \(what)", sourceLocation: sourceLocation)
  }

  @Test(.enabled(if: SharedData.isPresent, SharedData.absent), arguments: devices)
  func deviceRecords(name: String) throws {
    let rows = try #require(try Self.rows(name))
    let read = try #require(try FITConformanceTests.read("\(name).fit"))
    #expect(read.fixes.count == rows.count, "one fix per row")
    // fitparse's expected values fill in what the device marked invalid: a cadence of 0,
    // the previous row's position. The reader leaves them absent (so fitdecode's positioned
    // count holds); those cells must be such fillings.
    var filledPositions = 0
    let degrees = 180.0 / 2_147_483_648.0
    for (i, (fix, row)) in zip(read.fixes, rows).enumerated() {
      try #require(row.count == 9)
      #expect(fix.time?.secondsSince1970 == Self.seconds(row[0]), "row \(i) time")
      Self.expectClose(fix.heartRate?.value, row[1], "heart rate", row: i)
      if fix.cadence != nil || !["", "0"].contains(row[2]) {
        Self.expectClose(fix.cadence?.value, row[2], "cadence", row: i)
      }
      Self.expectClose(fix.speed?.value, row[3], "speed", row: i)
      Self.expectClose(fix.deviceDistance?.value, row[4], "distance", row: i)
      if fix.coordinate == nil, i > 0, row[5] != "" {
        #expect(row[5...6] == rows[i - 1][5...6], "row \(i): a filled-in position repeats")
        filledPositions += 1
      } else {
        Self.expectClose(
          fix.coordinate?.latitude, Self.number(row[5]).map { "\($0 * degrees)" } ?? "",
          "latitude", row: i)
        Self.expectClose(
          fix.coordinate?.longitude, Self.number(row[6]).map { "\($0 * degrees)" } ?? "",
          "longitude", row: i)
      }
      Self.expectClose(fix.altitude?.value, row[7], "altitude", row: i)
      Self.expectClose(fix.temperature?.value, row[8], "temperature", row: i)
    }
    let positioned = read.fixes.count { $0.coordinate != nil }
    #expect(filledPositions == read.fixes.count - positioned)
  }

  /// A Forerunner's compressed speed-and-distance field: 12-bit speed (1/100 m/s) and a
  /// 12-bit distance (1/16 m) that rolls over every 256 m and is counted up.
  @Test(.enabled(if: SharedData.isPresent, SharedData.absent))
  func compressedSpeedAndDistance() throws {
    let rows = try #require(try Self.rows("fp-compressed-speed-distance"))
    let read = try #require(try FITConformanceTests.read("fp-compressed-speed-distance.fit"))
    // fitparse's expected values start at the second record: the first, at power-on, holds
    // only a timestamp.
    #expect(read.fixes.count == rows.count + 1, "one fix per row, and the first")
    #expect(read.fixes.first?.heartRate == nil && read.fixes.first?.speed == nil)
    for (i, (fix, row)) in zip(read.fixes.dropFirst(), rows).enumerated() {
      try #require(row.count == 5)
      let seconds = fix.time.map { $0.secondsSince1970 - 631_065_600 }
      #expect(seconds == Self.number(row[0]), "row \(i) time (seconds from power-on)")
      Self.expectClose(fix.heartRate?.value, row[1], "heart rate", row: i)
      Self.expectClose(fix.speed?.value, row[2], "speed", row: i)
      Self.expectClose(fix.deviceDistance?.value, row[3], "distance", row: i)
      Self.expectClose(fix.cadence?.value, row[4], "cadence", row: i)
    }
  }
}

/// The same activity as FIT and as gpsbabel's GPX of it (`gpsbabel -i garmin_fit -o gpx`):
/// the same points, times, and segments (gpsbabel breaks a segment at each timer restart).
@Suite("FIT beside gpsbabel's GPX of the same file")
struct FITBesideGPXTests {
  static let pairs = [
    ("gb-edge800.fit", "gpx/gb-edge800.gpx"), ("gb-fr10.fit", "gpx/gb-fr10.gpx"),
    ("gb-wahoo.fit", "gpx/gb-wahoo.gpx"), ("gb-fitsample.fit", "fit/gb-fitsample.ref.gpx"),
  ]

  @Test(.enabled(if: SharedData.isPresent, SharedData.absent), arguments: pairs)
  func samePointsTimesAndSegments(fit: String, gpx: String) throws {
    let read = try #require(try FITConformanceTests.read(fit))
    let url = try #require(SharedData.file(gpx))
    var reader = GPXReader(source: try FileByteSource(path: url.path), fileName: url.path)
    let points = try reader.readAll()
    let positioned = read.fixes.filter { $0.coordinate != nil }
    #expect(positioned.count == points.count)
    for (i, (fix, point)) in zip(positioned, points).enumerated() {
      let a = try #require(fix.coordinate)
      let b = try #require(point.coordinate)
      #expect(abs(a.latitude - b.latitude) < 1e-6 && abs(a.longitude - b.longitude) < 1e-6, "\(i)")
      #expect(fix.time == point.time, "point \(i) time")
    }
    func breaks(_ fixes: [Fix]) -> [Int] {
      fixes.indices.dropFirst().filter { fixes[$0].segment != fixes[$0 - 1].segment }
    }
    #expect(breaks(positioned) == breaks(points), "segment breaks at the same points")
  }
}
