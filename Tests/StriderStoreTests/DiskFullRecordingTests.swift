import Foundation
import GRDB
import StriderCore
import StriderSimulator
import Testing

@testable import StriderStore

/// A disk that fills during a live run (issue 49): the recording holds its fixes in memory,
/// tries again, and writes everything when the disk takes it; one that cannot be finished is
/// marked interrupted, never left recording. The disk is stood in for by
/// `SessionRecording.injectedFailure`, which refuses the writes a test chooses.
@Suite struct DiskFullRecordingTests {
  static let fixes = Simulator.run(SimulationConfiguration(activity: .run, seed: 11)).fixes

  /// A disk that refuses `count` writes, from the moment it is armed, then takes them.
  final class FillingDisk: @unchecked Sendable {
    var refusals = 0
    var refused = 0
    let error: StoreError

    init(_ error: StoreError) { self.error = error }

    func write() -> StoreError? {
      guard refusals > 0 else { return nil }
      refusals -= 1
      refused += 1
      return error
    }
  }

  static func recording(_ store: SessionStore, disk: FillingDisk) throws -> SessionRecording {
    let recording = try store.startRecording(
      name: nil, origin: .live, configuration: SessionConfiguration(activity: .run), source: nil)
    recording.commitInterval = .zero
    recording.retryInterval = .zero
    recording.injectedFailure = { disk.write() }
    return recording
  }

  @Test(arguments: [
    StoreError.diskFull(path: "strider.sqlite"),
    .writeFailed(path: "strider.sqlite", reason: "disk I/O error"),
  ])
  func noFixIsLostWhileTheDiskRefusesWritesForAWhile(error: StoreError) throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    let disk = FillingDisk(error)
    let recording = try Self.recording(store, disk: disk)
    for fix in Self.fixes.prefix(100) { try recording.append(fix) }
    #expect(recording.writeFailure == nil)

    disk.refusals = 50
    let lap = try #require(Self.fixes[120].time)
    for (i, fix) in Self.fixes[100..<140].enumerated() {
      // Before the fix, the first refused write was thrown here and ended the recording.
      try recording.append(fix)
      if i == 20 { try recording.appendLap(LapMark(time: lap, intensity: .active)) }
    }
    #expect(recording.writeFailure == error, "the state says why nothing is written")
    #expect(recording.refusedWrites == 41)
    #expect(recording.uncommittedCount == 40, "held in memory")
    #expect(try store.listing(recording.id).fixCount == 100, "what was written is kept")

    // Room is made: the next try writes everything held, and the recording goes on.
    disk.refusals = 0
    for fix in Self.fixes[140...] { try recording.append(fix) }
    #expect(recording.writeFailure == nil)
    #expect(recording.lastHeldWritten == 41)
    #expect(recording.uncommittedCount == 0)
    let record = try recording.finish()
    #expect(try store.fixes(of: recording.id).map(\.fix) == Self.fixes, "every fix, in order")
    #expect(record.fixCount == Self.fixes.count)
    #expect(record.summary?.laps?.first?.end == lap, "the lap pressed meanwhile is kept")
    #expect(try store.listing(recording.id).state == .finished)
  }

  @Test func aSessionTheDiskStillRefusesAtTheEndIsInterruptedNotRecording() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    let disk = FillingDisk(.diskFull(path: temp.location.path))
    let recording = try Self.recording(store, disk: disk)
    for fix in Self.fixes.prefix(100) { try recording.append(fix) }
    disk.refusals = .max
    for fix in Self.fixes[100..<150] { try recording.append(fix) }
    #expect(throws: StoreError.diskFull(path: temp.location.path)) { try recording.finish() }
    #expect(recording.uncommittedCount == 50)
    #expect(recording.markInterrupted())
    let listing = try store.listing(recording.id)
    #expect(listing.state == .interrupted)
    #expect(listing.fixCount == 100)
    // `sessions finish` sums up what was kept.
    #expect(try store.finish(recording.id).fixCount == 100)
  }

  @Test func holdingIsBoundedAndThenTheDisksErrorEndsTheRecording() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    let disk = FillingDisk(.diskFull(path: temp.location.path))
    let recording = try Self.recording(store, disk: disk)
    recording.holdLimit = 20
    disk.refusals = .max
    for fix in Self.fixes.prefix(20) { try recording.append(fix) }
    #expect(throws: StoreError.diskFull(path: temp.location.path)) {
      try recording.append(Self.fixes[20])
    }
  }

  @Test func aFailureThatCannotPassStillEndsTheRecording() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    let failure = StoreError.corrupt(path: temp.location.path, reason: "test")
    let disk = FillingDisk(failure)
    let recording = try Self.recording(store, disk: disk)
    disk.refusals = 1
    #expect(throws: failure) { try recording.append(Self.fixes[0]) }
    #expect(recording.writeFailure == nil)
  }

  @Test func anIOErrorFromSQLiteIsAWriteThatMayPass() {
    let error = DatabaseError(resultCode: .SQLITE_IOERR, message: "disk I/O error")
    let store = StoreError.from(error, path: "/x/strider.sqlite")
    #expect(store.mayPass, "\(store)")
    #expect(StoreError.from(DatabaseError(resultCode: .SQLITE_FULL), path: "/x").mayPass)
    #expect(!StoreError.from(DatabaseError(resultCode: .SQLITE_CORRUPT), path: "/x").mayPass)
  }
}
