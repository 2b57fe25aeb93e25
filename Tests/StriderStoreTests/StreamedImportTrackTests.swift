import Foundation
import StriderCore
import StriderSimulator
import Testing

@testable import StriderStore

/// The streamed import writes the finished track as the engine hands it out, batch by
/// batch; what it keeps must be the track the engine would have held whole.
@Suite struct StreamedImportTrackTests {
  /// A 190 km simulated ride (about 25,000 fixes: the finished track crosses two batch
  /// boundaries) imported into a fresh store, and the record the engine gives of its fixes
  /// measured whole. The store lives as long as `temp`.
  static func importedRide(seed: UInt64) throws -> (
    temp: TemporaryStore, store: SessionStore, imported: FinishedSession, whole: SessionRecord
  ) {
    let ride = Simulator.run(
      SimulationConfiguration(activity: .ride, seed: seed, routeLength: Meters(190_000)))
    let fixes = ride.fixes
    #expect(fixes.count > 2 * SessionStore.batchRows)
    let configuration = SessionConfiguration(activity: .ride)
    let whole = SessionRecorder.record(fixes: fixes, configuration: configuration)
    let temp = TemporaryStore()
    let store = try temp.open()
    let outcome = try store.importSession(
      fixes: fixes, name: "ride.gpx", configuration: configuration)
    guard case .imported(let imported) = outcome else {
      throw ImportRefused(outcome: "\(outcome)")
    }
    return (temp, store, imported, whole)
  }

  struct ImportRefused: Error, CustomStringConvertible {
    var outcome: String
    var description: String { "the import was refused: \(outcome)" }
  }

  @Test func aTrackLongerThanSeveralBatchesIsKeptPointForPoint() throws {
    let (temp, store, imported, whole) = try Self.importedRide(seed: 11)
    defer { _ = temp }
    let kept = try store.record(imported.id)
    #expect(kept.summary?.distance == whole.summary?.distance)
    #expect(kept.finishedTrack.points.count == whole.finishedTrack.points.count)
    #expect(kept.finishedTrack.points == whole.finishedTrack.points)
    #expect(
      try store.bestEfforts(of: imported.id)
        == BestEfforts.of(whole.finishedTrack, activity: .ride))
    #expect(try !store.displayTrack(of: imported.id).isEmpty)
  }

  /// `sessions finish` (and edit, split, merge) measures a stored session again reading its
  /// fixes and writing its tracks a batch at a time, in one transaction: what it keeps is
  /// what the engine gives measuring the fixes whole, and what the import kept.
  @Test func aSessionLongerThanSeveralBatchesIsMeasuredAgainAsItWasMeasuredWhole() throws {
    let (temp, store, imported, whole) = try Self.importedRide(seed: 12)
    defer { _ = temp }
    let drawn = try store.displayTrack(of: imported.id)
    let efforts = try store.bestEfforts(of: imported.id)
    let again = try store.finish(imported.id)
    #expect(again.fixCount == whole.fixes.count)
    #expect(again.summary == whole.summary)
    let kept = try store.record(imported.id)
    #expect(kept.summary == whole.summary)
    #expect(kept.fixes.map(\.verdict) == whole.fixes.map(\.verdict))
    #expect(kept.track == whole.track)
    #expect(kept.events == whole.events)
    #expect(kept.finishedTrack.points.count == whole.finishedTrack.points.count)
    #expect(kept.finishedTrack.points == whole.finishedTrack.points)
    #expect(try store.displayTrack(of: imported.id) == drawn)
    #expect(try store.bestEfforts(of: imported.id) == efforts)
    #expect(try store.integrityProblems() == nil)
  }
}
