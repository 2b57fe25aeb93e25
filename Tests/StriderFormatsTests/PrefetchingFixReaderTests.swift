import Foundation
import StriderConcurrency
import StriderCore
import StriderSimulator
import StriderTestSupport
import Testing

@testable import StriderFormats

@Suite("Reading ahead on a second thread")
struct PrefetchingFixReaderTests {
  /// A simulated ride written as GPX and as NMEA: thousands of fixes, several batches.
  static let session = Simulator.run(
    SimulationConfiguration(activity: .ride, seed: 7, faults: .all, routeLength: Meters(20_000)))

  static var gpx: [UInt8] {
    var text = ""
    GPXWriter.write(
      session.fixes, metadata: TrackMetadata(name: "ride", declaredActivity: .ride), to: &text)
    return Array(text.utf8)
  }

  /// The GPX with a point whose latitude is not a number at `fraction` of its bytes, and
  /// what a plain reader reads of it: the fixes before the damage, then its error. (A file
  /// cut short is not an error once a point is read: `XMLElementStack.damage`.)
  static func damaged(
    at fraction: Double = 2.0 / 3
  ) throws -> (bytes: [UInt8], fixes: [Fix], error: FormatError?) {
    let text = String(decoding: gpx, as: UTF8.self)
    let middle = text.index(text.startIndex, offsetBy: Int(Double(text.count) * fraction))
    let at = try #require(text.range(of: "<trkpt", range: middle..<text.endIndex)).lowerBound
    let bytes = Array(
      (text[..<at] + #"<trkpt lat="4x" lon="2"></trkpt>"# + text[at...]).utf8)
    var plain = GPXReader(bytes: bytes, fileName: "cut.gpx")
    var fixes: [Fix] = []
    do {
      while let fix = try plain.next() { fixes.append(fix) }
    } catch { return (bytes, fixes, error) }
    return (bytes, fixes, nil)
  }

  /// The GPX cut at two thirds.
  static var cutShort: [UInt8] { Array(gpx.prefix(gpx.count * 2 / 3)) }

  @Test(arguments: [1, 7, 1024], [true, false])
  func givesTheSameFixesAndMetadataAsTheReaderItWraps(batchSize: Int, parallel: Bool) throws {
    var plain = GPXReader(bytes: Self.gpx, fileName: "ride.gpx")
    let expected = try plain.readAll()
    #expect(expected.count > 1000)
    var ahead = PrefetchingFixReader(
      GPXReader(bytes: Self.gpx, fileName: "ride.gpx"), batchSize: batchSize, depth: 2,
      parallel: parallel)
    #expect(try ahead.readAll() == expected)
    #expect(try ahead.next() == nil)
    #expect(ahead.metadata == plain.metadata)
    #expect(ahead.metadata.declaredActivity == .ride)
  }

  /// The reading thread takes fixes a batch at a time (`FixReader.read(into:upTo:)`): the
  /// GPX reader's own batches must be its `next()`'s fixes, never more than asked for, and
  /// a file damaged midway must leave the fixes before its error in the batch.
  @Test(arguments: [1, 7, 1024])
  func theGPXReadersBatchesAreItsFixes(limit: Int) throws {
    var plain = GPXReader(bytes: Self.gpx, fileName: "ride.gpx")
    let expected = try plain.readAll()
    var reader = GPXReader(bytes: Self.gpx, fileName: "ride.gpx")
    var all: [Fix] = []
    var batch: [Fix] = []
    var more = true
    while more {
      batch.removeAll(keepingCapacity: true)
      more = try reader.read(into: &batch, upTo: limit)
      #expect(batch.count <= limit)
      if more { #expect(batch.count == limit) }
      all += batch
    }
    #expect(all == expected)
    #expect(try reader.read(into: &batch, upTo: limit) == false)

    let cut = try Self.damaged(at: 0.5).bytes
    var cutPlain = GPXReader(bytes: cut, fileName: "cut.gpx")
    var before: [Fix] = []
    #expect(throws: FormatError.self) {
      while let fix = try cutPlain.next() { before.append(fix) }
    }
    var cutReader = GPXReader(bytes: cut, fileName: "cut.gpx")
    var fixes: [Fix] = []
    #expect(throws: FormatError.self) {
      while try cutReader.read(into: &fixes, upTo: fixes.count + limit) {}
    }
    #expect(!before.isEmpty && fixes == before)
  }

  /// Read one at a time or a batch at a time (`nextBatch`), a file damaged midway gives the
  /// fixes before its error, then the error, and the error again when asked again.
  @Test(arguments: [true, false], [false, true])
  func aDamagedFileFailsAfterTheSameFixesWithTheSameError(parallel: Bool, inBatches: Bool)
    throws
  {
    let (cut, plainFixes, plainError) = try Self.damaged()
    let ahead = PrefetchingFixReader(
      GPXReader(bytes: cut, fileName: "cut.gpx"), batchSize: 100, parallel: parallel)
    func read() throws(FormatError) -> [Fix]? {
      inBatches ? try ahead.nextBatch().map(Array.init) : try ahead.next().map { [$0] }
    }
    var aheadFixes: [Fix] = []
    var aheadError: FormatError?
    do {
      while let fixes = try read() { aheadFixes += fixes }
    } catch { aheadError = error }
    #expect(aheadFixes == plainFixes)
    #expect(plainError != nil)
    #expect(aheadError?.description == plainError?.description)
    // Asking again keeps failing the same way rather than hanging.
    #expect(throws: FormatError.self) { _ = try read() }
  }

  /// A file cut short after its first points ends where it was cut, with the points
  /// before it and a warning, read ahead as read plainly.
  @Test(arguments: [true, false])
  func aTruncatedFileEndsWithTheSameFixesAndWarning(parallel: Bool) throws {
    var plain = GPXReader(bytes: Self.cutShort, fileName: "cut.gpx")
    let plainFixes = try plain.readAll()
    var wholeReader = GPXReader(bytes: Self.gpx, fileName: "ride.gpx")
    let whole = try wholeReader.readAll()
    #expect(!plainFixes.isEmpty && plainFixes == Array(whole.prefix(plainFixes.count)))
    #expect(plain.damage?.code == .truncated)
    #expect(plain.warnings.count == 1 && plain.warnings[0].contains("cut short"))
    var ahead = PrefetchingFixReader(
      GPXReader(bytes: Self.cutShort, fileName: "cut.gpx"), batchSize: 100, parallel: parallel)
    #expect(try ahead.readAll() == plainFixes)
    #expect(ahead.warnings == plain.warnings)
  }

  @Test(arguments: [1, 7, 1024], [true, false])
  func batchesGiveTheSameFixesAsOneAtATime(batchSize: Int, parallel: Bool) throws {
    var plain = GPXReader(bytes: Self.gpx, fileName: "ride.gpx")
    let expected = try plain.readAll()
    let ahead = PrefetchingFixReader(
      GPXReader(bytes: Self.gpx, fileName: "ride.gpx"), batchSize: batchSize, depth: 2,
      parallel: parallel)
    // One at a time, then in batches, then one at a time again: nothing lost or repeated.
    var fixes = [try #require(try ahead.next()), try #require(try ahead.next())]
    var batches = 0
    while fixes.count < expected.count / 2, let batch = try ahead.nextBatch() {
      #expect(!batch.isEmpty)
      fixes += batch
      batches += 1
    }
    while let fix = try ahead.next() { fixes.append(fix) }
    #expect(fixes == expected)
    #expect(batches > 1)
    #expect(try ahead.nextBatch() == nil)
    #expect(ahead.metadata == plain.metadata)
  }

  @Test(arguments: [true, false])
  func theFinishedReaderKeepsItsStatistics(parallel: Bool) throws {
    var text = ""
    for fix in Self.session.fixes { text += NMEAWriter.sentences(for: fix).joined() }
    text += "$GPGGA,garbage*00\r\n"
    var plain = NMEAReader(bytes: Array(text.utf8), fileName: "ride.nmea")
    _ = try plain.readAll()
    let ahead = PrefetchingFixReader(
      NMEAReader(bytes: Array(text.utf8), fileName: "ride.nmea"), parallel: parallel)
    #expect(ahead.finishedReader == nil)
    while try ahead.next() != nil {}
    let finished = try #require(ahead.finishedReader as? NMEAReader)
    #expect(finished.statistics == plain.statistics)
    #expect(finished.statistics.badChecksum + finished.statistics.malformed > 0)
  }

  @Test func droppingItEarlyStopsTheThread() throws {
    // The producer is blocked on a full queue; letting go must release it, not hang.
    for _ in 0..<20 {
      let ahead = PrefetchingFixReader(
        GPXReader(bytes: Self.gpx, fileName: "ride.gpx"), batchSize: 1, depth: 1)
      #expect(try ahead.next() != nil)
    }
  }

  @Test func onlyAFileBigEnoughGetsAThread() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let small = dir.appendingPathComponent("small.nmea")
    try Data(repeating: 0x41, count: 650).write(to: small)
    let big = dir.appendingPathComponent("big.gpx")
    try Data(repeating: 0x41, count: PrefetchingFixReader.threadThreshold).write(to: big)
    #expect(!PrefetchingFixReader.isWorthAThread(path: small.path))
    #expect(PrefetchingFixReader.isWorthAThread(path: big.path))
    // Not a regular file (a pipe, a device, a name that cannot be looked at): a thread.
    #expect(PrefetchingFixReader.isWorthAThread(path: "/dev/null"))
    #expect(PrefetchingFixReader.isWorthAThread(path: dir.appendingPathComponent("none").path))
  }

  /// Reading further ahead while the caller is busy (`readAhead`, as `analyze` does while
  /// its gate judges the fixes held for the activity guess) gives the same fixes and the
  /// same error of a file damaged midway, whether it is asked back to the usual before the
  /// end or not.
  @Test(arguments: [true, false])
  func readingAheadChangesNothing(backToUsual: Bool) throws {
    let (cut, expected, expectedError) = try Self.damaged()
    let ahead = PrefetchingFixReader(
      GPXReader(bytes: cut, fileName: "cut.gpx"), batchSize: 100, depth: 2)
    ahead.readAhead(fixes: 1000)
    var fixes: [Fix] = []
    var readError: FormatError?
    do {
      while let batch = try ahead.nextBatch() {
        fixes += batch
        if backToUsual, fixes.count >= 300 { ahead.readAhead(fixes: 0) }
      }
    } catch { readError = error }
    #expect(fixes == expected)
    #expect(expectedError != nil)
    #expect(readError?.description == expectedError?.description)
  }

  /// A channel asked to make room for more takes that many more before its producer waits,
  /// and, asked back to its capacity, makes the producer wait again.
  @Test func aChannelMakesRoomForMoreWhenAsked() {
    let channel = BoundedChannel<Int>(capacity: 1)
    channel.allow(more: 2)
    // Three puts that must not wait (on a thread of their own, so that a wait fails the
    // test instead of hanging it).
    let three = DispatchSemaphore(value: 0)
    let first = Thread {
      for k in 0..<3 { _ = channel.put(k) }
      three.signal()
    }
    first.start()
    #expect(three.wait(timeout: .now() + 5) == .success, "room for three")
    channel.allow(more: 0)
    let fourth = DispatchSemaphore(value: 0)
    let producer = Thread {
      _ = channel.put(3)
      fourth.signal()
    }
    producer.start()
    #expect(fourth.wait(timeout: .now() + 0.2) == .timedOut, "the fourth waits for room")
    // Two taken leave one, at the capacity of one: the fourth still waits.
    for k in 0..<2 { #expect(channel.take() == k) }
    #expect(fourth.wait(timeout: .now() + 0.2) == .timedOut, "two in it, room for one")
    #expect(channel.take() == 2)
    #expect(fourth.wait(timeout: .now() + 5) == .success, "room made, the fourth is put")
    #expect(channel.take() == 3)
  }
}
