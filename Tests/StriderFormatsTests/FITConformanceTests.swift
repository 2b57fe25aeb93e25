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
      let error = try #require(read.error, "fitdecode refuses it: \(fitdecodeError ?? "")")
      #expect(error.code == code)
      #expect(error.message.contains(words), "\(error.message)")
    } else {
      #expect(read.error == nil, "fitdecode reads it")
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
}
