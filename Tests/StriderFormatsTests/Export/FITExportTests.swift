import Foundation
import StriderCore
import StriderSimulator
import StriderTestSupport
import Testing

@testable import StriderFormats

/// The FIT export: a file the protocol's rules accept (header, sizes, CRCs checked here
/// bit by bit, independently of the writer's table), read back by Strider's own reader.
@Suite struct FITExportTests {
  static let simulated = Simulator.run(
    SimulationConfiguration(activity: .run, seed: 9, faults: .all))

  static func record(_ fixes: [Fix], _ activity: Activity = .run) -> SessionRecord {
    SessionRecorder.record(fixes: fixes, configuration: SessionConfiguration(activity: activity))
  }

  @Test func headerSizesAndCRCsFollowTheProtocol() throws {
    let bytes = SessionExport(record: Self.record(Self.simulated.fixes)).bytes(.fit)
    try #require(bytes.count > 16)
    #expect(bytes[0] == 14 && bytes[1] == 0x20, "a 14-byte header, protocol 2.0")
    #expect(Array(bytes[8..<12]) == Array(".FIT".utf8))
    let dataSize = (0..<4).reduce(0) { $0 | Int(bytes[4 + $1]) << (8 * $1) }
    #expect(dataSize == bytes.count - 16, "the header declares the data records' size")
    let headerCRC = Int(bytes[12]) | Int(bytes[13]) << 8
    #expect(headerCRC == Int(FITTestFile.crc(Array(bytes[0..<12]))))
    let fileCRC = Int(bytes[bytes.count - 2]) | Int(bytes[bytes.count - 1]) << 8
    #expect(fileCRC == Int(FITTestFile.crc(Array(bytes.dropLast(2)))))
    let (_, reader) = try readFITBack(bytes)
    #expect(reader.warnings.isEmpty, "no CRC mismatch: \(reader.warnings)")
  }

  /// The file goes to the stream in chunks of about 64 KB, never whole: a session of any
  /// length is written in the memory of a chunk (beyond the session itself).
  @Test func writtenInChunks() {
    struct Chunks: ExportStream {
      var sizes: [Int] = []
      mutating func write(_ string: String) { sizes.append(string.utf8.count) }
      mutating func write(bytes: some Collection<UInt8>) { sizes.append(bytes.count) }
    }
    let long = Simulator.run(
      SimulationConfiguration(activity: .ride, seed: 5, routeLength: Meters(80_000)))
    var chunks = Chunks()
    SessionExport(record: Self.record(long.fixes, .ride)).write(.fit, points: .raw, to: &chunks)
    let total = chunks.sizes.reduce(0, +)
    #expect(total > 3 * FITEncoder.chunk, "\(total) bytes")
    #expect(chunks.sizes.count > 3 && chunks.sizes.allSatisfy { $0 < FITEncoder.chunk + 100 })
  }

  /// Every fix with a time is a record, at the same place (a semicircle is 8.4e-8 degrees)
  /// and second, with the session's distance at its time; the session holds the summary.
  @Test(arguments: ExportPoints.allCases)
  func readsBackTheSamePointsAndTotals(points: ExportPoints) throws {
    let record = Self.record(Self.simulated.fixes)
    let export = SessionExport(record: record)
    let (back, reader) = try readFITBack(export.bytes(.fit, points: points))
    var written: [Fix] = []
    FITActivityLayout.forEachFix(export, points) { if $0.time != nil { written.append($0) } }
    #expect(back.count == written.count, "\(points): \(back.count) of \(written.count)")
    for (a, b) in zip(back, written) {
      let t = try #require(b.time).secondsSince1970
      let readTime = try #require(a.time).secondsSince1970
      #expect(readTime == t.rounded(.down), "whole seconds: \(t) read as \(readTime)")
      if let c = b.coordinate {
        let d = try #require(a.coordinate)
        #expect(abs(d.latitude - c.latitude) <= 5e-8 && abs(d.longitude - c.longitude) <= 5e-8)
      } else {
        #expect(a.coordinate == nil)
      }
    }
    let summary = try #require(record.summary)
    let session = try #require(reader.sessions.first)
    #expect(reader.sessions.count == 1 && session.sportName == "running")
    #expect(abs((session.totalDistance?.value ?? 0) - summary.distance.value) <= 0.01)
    #expect(abs((session.totalTimerTime ?? 0) - summary.moving.value) <= 0.001)
    #expect(abs((session.totalElapsedTime ?? 0) - summary.elapsed.value) <= 0.001)
    let last = try #require(back.last?.deviceDistance?.value)
    #expect(abs(last - summary.distance.value) <= 0.01, "the last record's distance")
    #expect(reader.statistics.laps == max(1, summary.splits.count))
    #expect(reader.metadata.declaredActivity == .run)
  }

  /// The finished track's points carry no heart rate, cadence, power or temperature; the
  /// export takes them from the fix of the same time. Temperatures below zero stay below.
  @Test func sensorValuesWherePresent() throws {
    var fixes = Array(Self.simulated.fixes.prefix(300))
    for i in fixes.indices where i % 3 == 0 {
      fixes[i].heartRate = BeatsPerMinute(Double(120 + i % 40))
      fixes[i].cadence = RevolutionsPerMinute(Double(80 + i % 10))
    }
    for i in fixes.indices where i % 4 == 0 {
      fixes[i].power = Watts(Double(150 + i % 200))
      fixes[i].temperature = Celsius(Double(i % 30 - 10))
    }
    let record = Self.record(fixes)
    for points in [ExportPoints.raw, .track] {
      let (back, _) = try readFITBack(SessionExport(record: record).bytes(.fit, points: points))
      let withRate = back.filter { $0.heartRate != nil }
      #expect(!withRate.isEmpty, "\(points)")
      let expected = Dictionary(
        fixes.compactMap { f in f.time.map { ($0.secondsSince1970.rounded(.down), f) } },
        uniquingKeysWith: { a, _ in a })
      for fix in withRate {
        let time = try #require(fix.time).secondsSince1970
        let source = try #require(expected[time])
        #expect(fix.heartRate == source.heartRate && fix.cadence == source.cadence)
      }
      let withPower = back.filter { $0.power != nil }
      #expect(withPower.count >= 60, "\(points): \(withPower.count) records with power")
      #expect(back.contains { ($0.temperature?.value ?? 0) < 0 }, "\(points): below zero")
      for fix in withPower {
        let time = try #require(fix.time).secondsSince1970
        let source = try #require(expected[time])
        #expect(fix.power == source.power && fix.temperature == source.temperature, "\(points)")
      }
      if points == .raw {
        // Record by record, absent where the fix had none.
        let timed = fixes.filter { $0.time != nil }
        #expect(back.count == timed.count)
        for (fix, source) in zip(back, timed) {
          #expect(fix.power == source.power && fix.temperature == source.temperature)
        }
      }
    }
  }

  /// The summary's pauses and the gaps between segments are timer stops: the reader gives
  /// a segment after each, as it does for a device's own pauses.
  @Test func pausesAndSegmentsAreTimerEvents() throws {
    var fixes: [Fix] = []
    let start = 1_700_000_000.0
    for i in 0..<600 {
      // Ten minutes at 3 m/s, standing still from 200 s to 300 s, a gap at 400 s.
      let moving = i < 200 ? Double(i) : i < 300 ? 200 : Double(i - 100)
      var fix = Fix(
        time: GNSSTime(secondsSince1970: start + Double(i)),
        coordinate: Coordinate(latitude: 45 + moving * 3 / 111_195, longitude: 7),
        horizontalAccuracy: Meters(3), mode: .threeD, segment: i < 400 ? 0 : 1)
      fix.speed = MetersPerSecond(i >= 200 && i < 300 ? 0 : 3)
      fixes.append(fix)
    }
    let record = Self.record(fixes)
    let pauses = try #require(record.summary?.pauses)
    #expect(!pauses.isEmpty, "the standing is an auto-pause")
    let (back, reader) = try readFITBack(SessionExport(record: record).bytes(.fit, points: .raw))
    #expect(back.count == 600)
    #expect(reader.statistics.timerStops == pauses.count + 2, "pauses, the gap, the end")
    let firstOfSecond = try #require(back.firstIndex { $0.time!.secondsSince1970 >= start + 400 })
    #expect(back[firstOfSecond].segment > back[firstOfSecond - 1].segment, "the gap")
  }

  /// A number no field can hold is the field's invalid value: it reads back as absent, and
  /// nothing traps.
  @Test(arguments: HostileNumberExportTests.hostile)
  func hostileNumbersAreInvalidValues(value: Double) throws {
    let record = HostileNumberExportTests.record(with: value)
    for points in ExportPoints.allCases {
      let (back, _) = try readFITBack(SessionExport(record: record).bytes(.fit, points: points))
      #expect(!back.isEmpty, "\(points) of \(value) reads back")
      if points == .raw {
        let hostile = back[20]
        let tiny = value == 1e-300
        #expect((hostile.altitude != nil) == tiny, "\(value)")
        #expect((hostile.heartRate != nil) == tiny && (hostile.speed != nil) == tiny)
      }
    }
  }

  @Test func valuesOutOfRangeAreInvalidNotWrapped() {
    #expect(FITValue.semicircles(180) == Int32.min, "180 degrees east is 180 west")
    #expect(FITValue.semicircles(-180) == Int32.min)
    #expect(FITValue.semicircles(.nan) == nil && FITValue.semicircles(1e300) == nil)
    #expect(FITValue.u32(-1, scale: 100) == FITValue.invalid32)
    #expect(FITValue.u32(50_000_000, scale: 100) == FITValue.invalid32, "over 42,949 km")
    #expect(FITValue.u16(-501, scale: 5, offset: 500) == FITValue.invalid16)
    #expect(FITValue.u16(-500, scale: 5, offset: 500) == 0)
    #expect(FITValue.u8(255) == FITValue.invalid8 && FITValue.u8(254) == 254)
    #expect(FITValue.s8(-128) == -128 && FITValue.s8(126) == 126)
    #expect(FITValue.s8(127) == FITValue.invalidS8, "127 is sint8's invalid value")
    #expect(FITValue.s8(-129) == FITValue.invalidS8 && FITValue.s8(.nan) == FITValue.invalidS8)
    #expect(FITValue.time(GNSSTime(secondsSince1970: 0)) == nil, "before the FIT epoch")
    #expect(FITValue.time(GNSSTime(secondsSince1970: 631_065_600.9)) == 0)
    #expect(FITValue.duration(-3) == 0 && FITValue.duration(.infinity) == FITValue.invalid32)
  }

  /// The compact table the streamed export reads distances from gives what the finished
  /// track gives, to the bit, at every fix's time and between them.
  @Test func distanceTableIsTheFinishedTracks() throws {
    let record = Self.record(Self.simulated.fixes)
    let finished = record.finishedTrack
    try #require(!finished.isEmpty)
    var table = FITDistanceTable()
    for point in finished.points { table.append(point) }
    var times = record.fixes.compactMap(\.fix.time)
    times += times.map { $0 + Seconds(0.37) }
    times += [GNSSTime(secondsSince1970: 0), GNSSTime(secondsSince1970: 4e9)]
    for time in times {
      #expect(table.distance(at: time) == finished.distance(at: time).value, "\(time)")
    }
    #expect(FITDistanceTable().distance(at: times[0]) == 0)
  }

  @Test func anEmptySessionIsStillAFile() throws {
    let bytes = SessionExport(record: Self.record([])).bytes(.fit)
    let (back, reader) = try readFITBack(bytes)
    #expect(back.isEmpty && reader.sessions.count == 1 && reader.warnings.isEmpty)
  }
}
