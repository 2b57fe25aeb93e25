import Foundation
import GRDB
import StriderCore
import Testing

@testable import StriderStore

/// Issue 49: `sessions delete N --yes` deleted the session a live `run` was recording; the
/// run then failed with "FOREIGN KEY constraint failed" and the recording was gone. A
/// session a live process records is refused, as `finish` refuses it.
@Suite struct LiveSessionDeleteTests {
  static func fix(_ i: Int) -> Fix {
    Fix(
      time: GNSSTime(secondsSince1970: 1_750_000_000 + Double(i)),
      coordinate: Coordinate(latitude: 46 + Double(i) * 2.5e-5, longitude: 14.5),
      horizontalAccuracy: Meters(4), mode: .threeD)
  }

  @Test func aSessionBeingRecordedIsNotDeletedAndKeepsRecording() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    let recording = try store.startRecording(
      name: nil, origin: .live, configuration: SessionConfiguration(activity: .run),
      source: "gpsd 127.0.0.1:2947")
    for i in 0..<20 { try recording.append(Self.fix(i)) }
    try recording.flush()
    // Another command, with a store of its own, as `strider sessions delete` would be.
    let other = try temp.open()
    #expect(throws: StoreError.stillRecording(id: recording.id, pid: getpid())) {
      try other.delete(recording.id)
    }
    for i in 20..<40 { try recording.append(Self.fix(i)) }
    try recording.flush()
    #expect(try store.fixes(of: recording.id).count == 40, "the recording went on")
    #expect(try store.listing(recording.id).state == .recording)
  }

  /// A recording whose process has gone is `interrupted` business: deleting it is fine.
  @Test func aSessionWhoseRecorderDiedCanBeDeleted() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    let recording = try store.startRecording(
      name: nil, origin: .live, configuration: SessionConfiguration(activity: .run), source: nil)
    for i in 0..<20 { try recording.append(Self.fix(i)) }
    try recording.flush()
    try store.pool.write { db in
      try db.execute(sql: "UPDATE session SET ownerPid = 999999999, ownerStart = 1")
    }
    try store.delete(recording.id)
    #expect(throws: StoreError.noSuchSession(recording.id)) { try store.listing(recording.id) }
  }
}
