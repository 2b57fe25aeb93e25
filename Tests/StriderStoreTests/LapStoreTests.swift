import Foundation
import GRDB
import StriderCore
import StriderSimulator
import Testing

@testable import StriderStore

/// Lap presses kept as they happen, measured on the finished track when the session is
/// finished (and again when it is finished anew), and deleted with the session.
@Suite struct LapStoreTests {
  static let fixes = Simulator.run(SimulationConfiguration(activity: .run, seed: 3)).fixes

  @Test func lapsPressedWhileRecordingReachTheSummary() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    let configuration = SessionConfiguration(activity: .run)
    let recording = try store.startRecording(
      name: nil, origin: .live, configuration: configuration, source: nil)
    let first = try #require(Self.fixes[300].time)
    let second = try #require(Self.fixes[700].time)
    for (i, fix) in Self.fixes.enumerated() {
      try recording.append(fix)
      if i == 300 { try recording.appendLap(LapMark(time: first, intensity: .active)) }
      if i == 700 { try recording.appendLap(LapMark(time: second, intensity: .rest)) }
    }
    let end = try #require(Self.fixes.compactMap(\.time).max())
    try recording.appendLap(LapMark(time: end, intensity: .rest))
    let record = try recording.finish()
    let laps = try #require(record.summary?.laps)
    #expect(laps.map(\.end) == [first, second, try #require(record.summary?.end?.time)])
    #expect(laps.map(\.intensity) == [.active, .rest, .rest], "the closing mark's intensity")
    let sum = laps.reduce(0) { $0 + $1.distance.value }
    #expect(abs(sum - (record.summary?.distance.value ?? 0)) < 0.5, "\(sum)")
    // Kept with the summary, and measured again the same when finished anew.
    #expect(try store.record(recording.id).summary?.laps == laps)
    #expect(try store.finish(recording.id).summary?.laps == laps)
    try store.delete(recording.id)
    let left = try store.pool.read { db in
      try Int.fetchOne(db, sql: "SELECT count(*) FROM lap") ?? -1
    }
    #expect(left == 0)
  }

  @Test func theLapTableRefusesAnUnknownIntensity() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    let recording = try store.startRecording(
      name: nil, origin: .live, configuration: SessionConfiguration(activity: .run), source: nil)
    #expect(throws: DatabaseError.self) {
      try store.pool.write { db in
        try db.execute(
          sql: "INSERT INTO lap VALUES (?, 0, 0, 'sprint')", arguments: [recording.id])
      }
    }
  }
}
