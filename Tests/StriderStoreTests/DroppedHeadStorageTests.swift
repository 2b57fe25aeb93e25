import Foundation
import StriderCore
import Testing

@testable import StriderStore

/// A burst of far-off fixes at a session's head, dropped once the session moves away from
/// it (issue 48), is stored as rejected: the summary, the fixes' verdicts and an export of
/// the accepted fixes agree.
@Suite struct DroppedHeadStorageTests {
  /// Ten fixes 800 m off, then three minutes running north at 3 m/s.
  static let fixes: [Fix] = {
    let start = GNSSTime(secondsSince1970: 1_700_000_000)
    let plane = LocalTangentPlane(origin: Coordinate(latitude: 48.2, longitude: 16.37))
    func fix(_ i: Int, east: Double, north: Double, accuracy: Double) -> Fix {
      Fix(
        time: start + Seconds(Double(i)),
        coordinate: plane.unproject(PlanePoint(east: east, north: north)),
        horizontalAccuracy: Meters(accuracy), mode: .threeD)
    }
    let burst = (0..<10).map { fix($0, east: 560 + Double($0 % 3) * 4, north: -570, accuracy: 30) }
    let run = (10..<190).map { fix($0, east: 0, north: 3 * Double($0 - 10), accuracy: 5) }
    return burst + run
  }()

  @Test func theRecordKeepsTheHeadAsRejected() {
    let record = SessionRecorder.record(
      fixes: Self.fixes, configuration: SessionConfiguration(activity: .run))
    let verdicts = record.fixes.map(\.verdict)
    #expect(verdicts.prefix(10).allSatisfy { $0 == .rejected(.implausibleSpeed) })
    #expect(verdicts.dropFirst(10).allSatisfy { $0 == .accepted })
    #expect(record.summary?.rejected[.implausibleSpeed] == 10)
    #expect(record.summary?.pointsAccepted == 180)
  }

  @Test func aStreamedImportStoresTheHeadAsRejected() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    let outcome = try store.importSession(
      fixes: Self.fixes, name: "burst.gpx", configuration: SessionConfiguration(activity: .run))
    guard case .imported(let imported) = outcome else {
      Issue.record("\(outcome)")
      return
    }
    let kept = try store.record(imported.id)
    let verdicts = kept.fixes.map(\.verdict)
    #expect(verdicts.count == Self.fixes.count)
    #expect(verdicts.prefix(10).allSatisfy { $0 == .rejected(.implausibleSpeed) })
    #expect(verdicts.dropFirst(10).allSatisfy { $0 == .accepted })
    #expect(kept.summary?.rejected[.implausibleSpeed] == 10)
  }
}
