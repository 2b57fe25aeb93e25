import Foundation
import GRDB
import StriderCore
import StriderSimulator
import Testing

@testable import StriderStore

private let run = Simulator.run(SimulationConfiguration(activity: .run, seed: 7, faults: .all))

/// SHA-256 against the test vectors of FIPS 180-4's examples (and one spanning blocks), so
/// the hand-written hash is the standard one.
@Suite struct SHA256Tests {
  @Test(arguments: [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
    (
      String(repeating: "a", count: 1000),
      "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"
    ),
  ])
  func matchesTheStandardVectors(input: String, expected: String) {
    var hash = SHA256()
    hash.update(Array(input.utf8))
    #expect(hash.finalize() == expected)
  }

  @Test func feedingInPiecesGivesTheSameDigest() {
    let bytes = (0..<777).map { UInt8(truncatingIfNeeded: $0 &* 37) }
    var whole = SHA256()
    whole.update(bytes)
    var pieces = SHA256()
    for start in stride(from: 0, to: bytes.count, by: 63) {
      pieces.update(bytes[start..<min(start + 63, bytes.count)])
    }
    #expect(whole.finalize() == pieces.finalize())
  }
}

@Suite struct ImportIdentityTests {
  static let configuration = SessionConfiguration(activity: .run)

  @Test func theDigestSeesTimesPositionsAndOrderOnly() {
    let fixes = Array(run.fixes.prefix(200))
    let digest = FixStreamDigest.of(fixes)
    #expect(digest.count == 64)
    var otherFields = fixes
    otherFields[10].altitude = Meters(9999)
    otherFields[11].horizontalAccuracy = nil
    #expect(FixStreamDigest.of(otherFields) == digest, "elevation and accuracy are not identity")
    var moved = fixes
    moved[50].coordinate?.latitude += 1e-6
    #expect(FixStreamDigest.of(moved) != digest, "11 cm north is another track")
    var later = fixes
    later[50].time = later[50].time.map { $0 + Seconds(0.01) }
    #expect(FixStreamDigest.of(later) != digest)
    #expect(FixStreamDigest.of(fixes.reversed()) != digest)
    #expect(FixStreamDigest.of(fixes.dropLast()) != digest)
    var untimed = fixes
    untimed[3].time = nil
    #expect(FixStreamDigest.of(untimed) != digest)
  }

  @Test func hostileNumbersHashWithoutTrapping() {
    var fix = run.fixes[0]
    var digests: Set<String> = []
    for value in [
      Double.nan, .infinity, -.infinity, 1e300, -1e300, .greatestFiniteMagnitude, 0, -0.0,
    ] {
      fix.time = GNSSTime(secondsSince1970: value)
      fix.coordinate = Coordinate(latitude: value, longitude: value)
      digests.insert(FixStreamDigest.of([fix]))
    }
    // Both zeros are one value, and the largest double scaled to milliseconds is infinite.
    #expect(digests.count == 6, "\(digests.count) digests")
  }

  @Test func theSameFixesAreKeptOnceAndDifferentOnesAlways() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    let fixes = Array(run.fixes.prefix(300))
    let first = try store.importSession(
      fixes: fixes, name: "track.gpx", configuration: Self.configuration, source: "a/track.gpx")
    guard case .imported(let record) = first, let id = record.id else {
      Issue.record("first import: \(first)")
      return
    }
    let again = try store.importSession(
      fixes: fixes, name: "other-name.gpx.gz", configuration: Self.configuration, source: "b")
    guard case .alreadyImported(let existing) = again else {
      Issue.record("second import: \(again)")
      return
    }
    #expect(existing == id)
    // Same name, same count, same start: different content all the same.
    var changed = fixes
    changed[299].coordinate?.longitude += 0.001
    let third = try store.importSession(
      fixes: changed, name: "track.gpx", configuration: Self.configuration, source: "a/track.gpx")
    guard case .imported = third else {
      Issue.record("changed content: \(third)")
      return
    }
    #expect(try store.sessions().count == 2)
  }

  @Test func aSessionImportedBeforeDigestsIsRecognisedAndGetsItsDigest() throws {
    let temp = TemporaryStore()
    try FileManager.default.createDirectory(
      atPath: temp.directory, withIntermediateDirectories: true)
    let fixes = Array(run.fixes.prefix(400))
    let record = SessionRecorder.record(fixes: fixes, configuration: Self.configuration)
    let id = try {
      let queue = try DatabaseQueue(path: temp.location.path)
      try Schema.migrator.migrate(queue, upTo: "v2: finished track")
      return try queue.write { db in
        try OlderSchema.insertFinished(record, configuration: Self.configuration, db)
      }
    }()
    let store = try temp.open()
    let outcome = try store.importSession(
      fixes: fixes, name: "renamed.nmea", configuration: Self.configuration, source: nil)
    guard case .alreadyImported(let existing) = outcome else {
      Issue.record("\(outcome)")
      return
    }
    #expect(existing == id)
    let kept = try store.pool.read { db in
      try String.fetchOne(
        db, sql: "SELECT contentDigest FROM session WHERE id = ?", arguments: [id])
    }
    #expect(kept == FixStreamDigest.of(fixes), "the computed digest is kept for next time")
  }

  /// A file without fixes (waypoints only) has no content to compare: its name stands in,
  /// as the name-based check did, so two such files are two imports and one is one.
  @Test func filesWithoutFixesAreToldApartByName() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    var outcomes: [String] = []
    for name in ["waypoints.gpx", "other.gpx", "waypoints.gpx"] {
      switch try store.importSession(
        fixes: [], name: name, configuration: Self.configuration, source: nil)
      {
      case .imported(let record): outcomes.append("imported \(record.id ?? 0)")
      case .alreadyImported(let id): outcomes.append("already \(id)")
      case .nothingAccepted, .neverMoved: outcomes.append("not kept")
      }
    }
    #expect(outcomes == ["imported 1", "imported 2", "already 1"])
  }
}
