import Foundation
import StriderCore
import StriderStore
import Testing

/// A stored session read a page at a time, as a headless replay of it reads it: every fix,
/// in order, across the pages' seams, and nothing after the last.
@Suite struct StoredFixPagesTests {
  @Test func everyFixComesOnceInOrderAcrossThePages() throws {
    let directory = NSTemporaryDirectory() + "strider-pages-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let store = try SessionStore(location: StoreLocation(directory: directory))
    let start = GNSSTime(secondsSince1970: 1_714_550_400)
    let count = 23_456
    let fixes = (0..<count).map { i in
      Fix(
        time: start + Seconds(Double(i)),
        coordinate: Coordinate(latitude: 46 + Double(i) * 3e-5, longitude: 14.5),
        horizontalAccuracy: Meters(4), mode: .threeD)
    }
    let recording = try store.startRecording(
      name: "pages", origin: .imported, configuration: SessionConfiguration(activity: .ride),
      source: "test")
    for fix in fixes { try recording.append(fix) }
    _ = try recording.finish()

    var pages = StoredFixPages(store: store, id: recording.id)
    var read: [Fix] = []
    var pageCount = 0
    while let page = try pages.next() {
      pageCount += 1
      read += page
    }
    #expect(pageCount == 3)
    #expect(read.map(\.time) == fixes.map(\.time))
    #expect(try pages.next() == nil, "nothing after the last")
  }
}
