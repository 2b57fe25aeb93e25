import Foundation
import StriderCore
import StriderFormats
import StriderStore
import StriderTestSupport
import Testing

/// `sessions export` is written from database cursors in every format (a 1M-fix session
/// held all of it: 620 MB for TCX, 2 GB for JSON); it must be the very file the
/// whole-record export gives, for every choice of points, with and without a privacy
/// radius, of a recording and of an import with stops (JSON's stops and moves are drawn
/// from the stored track a run at a time).
@Suite(.offCooperativePool) struct StreamedExportEndToEndTests {
  static let cases: [(String, ExportPoints)] =
    ["gpx", "tcx"].flatMap { format in ExportPoints.allCases.map { (format, $0) } }
    + [("csv", .track), ("json", .track)]

  @Test(arguments: cases, [0, 150])
  func aStreamedExportIsTheWholeRecordsExport(
    format: (String, ExportPoints), privacyRadius: Int
  ) throws {
    let (format, points) = format
    let dir = try StriderBinary.temporaryDirectory()
    let environment = ["STRIDER_HOME": dir.path]
    let demo = InProcess.run(
      ["demo", "--headless", "--speed", "max", "--record"], environment: environment)
    #expect(demo.status == 0, "\(demo.stderr)")
    let walk = SharedData.packageRoot.appendingPathComponent("Demo/park-walk.gpx").path
    let imported = InProcess.run(["sessions", "import", walk], environment: environment)
    #expect(imported.status == 0, "\(imported.stderr)")

    let store = try SessionStore(location: StoreLocation(directory: dir.path))
    for id in [1, 2] as [Int64] {
      let exported = InProcess.run(
        [
          "sessions", "export", "\(id)", "--format", format, "--points", points.rawValue,
          "--privacy-radius", "\(privacyRadius)",
        ], environment: environment)
      #expect(exported.status == 0, "\(exported.stderr)")
      let export = SessionExport(
        record: try store.record(id), configuration: try store.configuration(of: id),
        source: try store.listing(id).source, displayTrack: try store.displayTrack(of: id)
      ).hidingEnds(within: Meters(Double(privacyRadius)))
      var expected = ""
      export.write(ExportFormat(name: format), points: points, to: &expected)
      #expect(exported.stdout == expected, "session \(id)")
      #expect(expected.count > 10_000)
    }
  }

  /// A watch run with a heart rate and the device's laps: the streamed TCX, whose laps'
  /// heart rates the store sums lap by lap, is the whole record's.
  @Test(.enabled(if: SharedData.isPresent, SharedData.absent))
  func aStreamedTCXsLapHeartRatesAreTheRecords() throws {
    let file = try #require(SharedData.file("fit/fp-activity-small-fenix2-run.fit"))
    let dir = try StriderBinary.temporaryDirectory()
    let environment = ["STRIDER_HOME": dir.path]
    let imported = InProcess.run(
      ["sessions", "import", file.path], environment: environment)
    #expect(imported.status == 0, "\(imported.stderr)")
    let exported = InProcess.run(
      ["sessions", "export", "1", "--format", "tcx"], environment: environment)
    #expect(exported.status == 0, "\(exported.stderr)")
    let store = try SessionStore(location: StoreLocation(directory: dir.path))
    let export = SessionExport(
      record: try store.record(1), configuration: try store.configuration(of: 1),
      source: try store.listing(1).source, displayTrack: try store.displayTrack(of: 1))
    var expected = ""
    export.write(.tcx, points: .track, to: &expected)
    #expect(exported.stdout == expected)
    #expect(expected.components(separatedBy: "<AverageHeartRateBpm>").count - 1 == 4)
  }

  /// The stops the JSON export draws from the stored track, a run of points at a time,
  /// are those of the track in memory.
  @Test func theStoredTracksStopsAndMovesAreTheTrackInMemorys() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let walk = SharedData.packageRoot.appendingPathComponent("Demo/park-walk.gpx").path
    let imported = InProcess.run(
      ["sessions", "import", walk], environment: ["STRIDER_HOME": dir.path])
    #expect(imported.status == 0, "\(imported.stderr)")
    let store = try SessionStore(location: StoreLocation(directory: dir.path))
    let record = try store.record(1)
    let display = try store.displayTrack(of: 1)
    let pauses = record.summary?.pauses ?? []
    let stored = try store.timelineTrack(of: 1)
    #expect(stored.count == record.finishedTrack.points.count)
    for minimumStop in [Seconds(5), Seconds(120)] {
      let inMemory = Timeline.segments(
        finished: record.finishedTrack, display: display, pauses: pauses,
        activity: record.activity, minimumStop: minimumStop)
      let stops = inMemory.filter { if case .stop = $0 { true } else { false } }
      #expect(minimumStop.value > 100 || stops.count >= 2, "the walk's stops: \(stops.count)")
      let streamed = try Timeline.segments(
        track: stored, display: display, pauses: pauses, activity: record.activity,
        minimumStop: minimumStop)
      #expect(streamed == inMemory, "stops of at least \(minimumStop.value) s")
    }
  }

  /// `sessions export --format fit` is written from cursors too: the same bytes as the
  /// whole-record FIT, for every choice of points.
  @Test(arguments: ExportPoints.allCases)
  func aStreamedFITIsTheWholeRecordsFIT(points: ExportPoints) throws {
    let dir = try StriderBinary.temporaryDirectory()
    let environment = ["STRIDER_HOME": dir.path]
    let demo = InProcess.run(
      ["demo", "--headless", "--speed", "max", "--record"], environment: environment)
    #expect(demo.status == 0, "\(demo.stderr)")
    let out = dir.appendingPathComponent("streamed.fit")
    let exported = InProcess.run(
      ["sessions", "export", "1", "--format", "fit", "--points", points.rawValue, "-o", out.path],
      environment: environment)
    #expect(exported.status == 0, "\(exported.stderr)")

    let store = try SessionStore(location: StoreLocation(directory: dir.path))
    let export = SessionExport(
      record: try store.record(1), configuration: try store.configuration(of: 1),
      displayTrack: try store.displayTrack(of: 1))
    var expected = FITBytes()
    export.write(.fit, points: points, to: &expected)
    let streamed = try [UInt8](Data(contentsOf: out))
    #expect(streamed.count == expected.bytes.count)
    #expect(streamed == expected.bytes, "the same bytes")
    #expect(expected.bytes.count > 1000)
  }
}

/// A FIT export's bytes.
struct FITBytes: ExportStream {
  var bytes: [UInt8] = []
  mutating func write(_ string: String) { bytes += Array(string.utf8) }
  mutating func write(bytes more: some Collection<UInt8>) { bytes += more }
}
