import Foundation
import StriderCore
import StriderSimulator
import Testing

@testable import StriderStore

/// `sessions split` and an import's split at long gaps: one stored session made several,
/// each measured as if it had been recorded alone.
@Suite struct SessionSplitTests {
  /// Two simulated runs three days apart, stored as one session (a logger left running).
  static func twoOutings(_ store: SessionStore) throws -> (id: Int64, first: [Fix], second: [Fix]) {
    func fixes(seed: UInt64, days: Double) -> [Fix] {
      Simulator.run(
        SimulationConfiguration(
          activity: .run, seed: seed,
          startTime: SimulationConfiguration.defaultStartTime + Seconds(days * 86_400),
          routeLength: Meters(2000))
      ).fixes
    }
    let first = fixes(seed: 21, days: 0)
    let second = fixes(seed: 22, days: 3)
    let configuration = SessionConfiguration(activity: .run)
    var record = SessionRecorder.record(fixes: first + second, configuration: configuration)
    record.name = "logger.gpx"
    let id = try store.save(record, configuration: configuration, source: "logger.gpx")
    return (id, first, second)
  }

  @Test func aLongGapMakesTwoSessionsEachMeasuredAlone() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    let (id, first, second) = try Self.twoOutings(store)
    try store.leaveOutOfRecords(id)
    let ends = try store.gapEnds(of: id, longerThan: Seconds(6 * 3600))
    #expect(ends == [try #require(second.first?.time)])
    #expect(try store.gapEnds(of: id, longerThan: Seconds(4 * 86_400)).isEmpty)

    let parts = try store.split(id, at: ends)
    #expect(parts.count == 2 && parts.first == id)
    let configuration = SessionConfiguration(activity: .run)
    for (part, fixes) in zip(parts, [first, second]) {
      let record = try store.record(part)
      #expect(record.fixes.map(\.fix) == fixes)
      let alone = SessionRecorder.record(fixes: fixes, configuration: configuration)
      #expect(record.summary?.distance == alone.summary?.distance)
      #expect(record.summary?.moving == alone.summary?.moving)
      #expect(try store.listing(part).startTime == fixes.first?.time)
      #expect(try store.isLeftOutOfRecords(part), "the records flag goes with each part")
    }
    #expect(try store.listing(parts[0]).name == "logger.gpx")
    #expect(try store.listing(parts[1]).name == "logger.gpx (2)")
    #expect(try store.sessions(includingSimulated: true).count == 2)
  }

  @Test func aTimeOutsideTheSessionSplitsNothingAndSaysWhy() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    let (id, first, second) = try Self.twoOutings(store)
    let before = try #require(first.first?.time) - Seconds(60)
    #expect {
      try store.split(id, at: [before])
    } throws: { error in
      guard case StoreError.cannotSplit(let which, let reason) = error else { return false }
      return which == id && reason.contains("no fix before and after")
    }
    #expect(try store.sessions(includingSimulated: true).count == 1, "nothing changed")
    #expect(try store.record(id).fixes.count == first.count + second.count)
  }

  /// Lap presses go with the part they fall in.
  @Test func lapPressesFollowTheirPart() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    let (id, first, second) = try Self.twoOutings(store)
    let inFirst = try #require(first[first.count / 2].time)
    let inSecond = try #require(second[second.count / 2].time)
    try store.pool.write { db in
      for (seq, time) in [inFirst, inSecond].enumerated() {
        try LapRow(sessionId: id, seq: seq, mark: LapMark(time: time, intensity: .active))
          .insert(db)
      }
    }
    let parts = try store.split(id, at: [try #require(second.first?.time)])
    let marks = try store.pool.read { db in
      (try LapRow.marks(of: parts[0], db), try LapRow.marks(of: parts[1], db))
    }
    #expect(marks.0.map(\.time) == [inFirst])
    #expect(marks.1.map(\.time) == [inSecond])
  }

  /// Split and merged again, the session is what it was: the same fixes in order, the same
  /// figures, its lap presses back, and one session left.
  @Test func aSplitSessionMergedAgainIsWhatItWas() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    let (id, first, second) = try Self.twoOutings(store)
    let press = try #require(second[10].time)
    try store.pool.write { db in
      try LapRow(sessionId: id, seq: 0, mark: LapMark(time: press, intensity: .active)).insert(db)
    }
    let before = try store.record(id)
    let parts = try store.split(id, at: [try #require(second.first?.time)])
    try store.leaveOutOfRecords(parts[1])
    #expect(try store.merge(parts.reversed()) == id, "the one that starts first keeps its number")
    let after = try store.record(id)
    #expect(after.fixes.map(\.fix) == first + second)
    #expect(after.summary?.distance == before.summary?.distance)
    #expect(after.summary?.moving == before.summary?.moving)
    #expect(try store.sessions(includingSimulated: true).map(\.id) == [id])
    #expect(try store.isLeftOutOfRecords(id), "left out as one of them was")
    let marks = try store.pool.read { db in try LapRow.marks(of: id, db) }
    #expect(marks.map(\.time) == [press])
  }

  @Test func oneSessionOrAnUnknownOneIsNoMerge() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    let (id, _, _) = try Self.twoOutings(store)
    #expect(throws: StoreError.cannotMerge(id: id, reason: "give two sessions or more")) {
      try store.merge([id, id])
    }
    #expect(throws: StoreError.noSuchSession(99)) { try store.merge([id, 99]) }
  }

  /// The cuts found as the fixes are read are those of the rule over the whole array:
  /// for each time, the first timed fix at or after it, when a timed fix comes before it,
  /// in order and each once; on fixes with untimed ones and times that go back.
  @Test func cutsFoundWhileReadingAreTheWholeArraysCuts() {
    func cuts(_ fixes: [Fix], at times: [GNSSTime]) -> [Int] {
      var cuts: [Int] = []
      for time in times.sorted() {
        guard let cut = fixes.firstIndex(where: { $0.time.map { $0 >= time } ?? false }),
          fixes[..<cut].contains(where: { $0.time != nil }), cut > (cuts.last ?? 0)
        else { continue }
        cuts.append(cut)
      }
      return cuts
    }
    var random = SystemRandomNumberGenerator()
    for _ in 0..<500 {
      let count = Int.random(in: 0...40, using: &random)
      var clock = 0.0
      let fixes = (0..<count).map { _ -> Fix in
        clock += Double.random(in: -20...60, using: &random)
        let timed = Int.random(in: 0..<5, using: &random) > 0
        return Fix(
          time: timed ? GNSSTime(secondsSince1970: 1e9 + clock.rounded()) : nil,
          coordinate: Coordinate(latitude: 48, longitude: 16))
      }
      let times = (0..<Int.random(in: 0...5, using: &random)).map { _ in
        GNSSTime(secondsSince1970: 1e9 + Double(Int.random(in: -100...1500, using: &random)))
      }
      var found = SessionStore.Cuts(at: times)
      for fix in fixes { found.add(fix) }
      #expect(found.indexes == cuts(fixes, at: times), "\(fixes.map(\.time)) \(times)")
      #expect(found.cutTimes == found.indexes.compactMap { fixes[$0].time })
      #expect(found.fixCount == fixes.count)
      #expect(found.firstTime == fixes.lazy.compactMap(\.time).first)
      #expect(found.lastTime == fixes.lazy.compactMap(\.time).max())
    }
  }
}
