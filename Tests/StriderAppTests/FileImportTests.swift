import Foundation
import StriderApp
import StriderCore
import StriderStore
import StriderTestSupport
import Testing

/// `sessions import`'s job, called in process against a store of its own: a file is kept
/// once with the figures `analyze` gives it, a second import finds it, and what is not an
/// outing is said and not kept.
@Suite struct FileImportTests {
  final class Scratch {
    let directory = NSTemporaryDirectory() + "strider-import-\(UUID().uuidString)"
    var lines: [String] = []
    deinit { try? FileManager.default.removeItem(atPath: directory) }
    func store() throws -> SessionStore {
      try SessionStore(location: StoreLocation(directory: directory))
    }
  }

  static let demo = SharedData.packageRoot.appendingPathComponent("Demo/park-walk.gpx").path

  @Test func aFileIsKeptOnceWithTheFiguresAnalyzeGivesIt() throws {
    let scratch = Scratch()
    let store = try scratch.store()
    let first = try #require(
      try FileImport.run(
        Self.demo, store: store, activity: nil, settings: UserSettings(),
        warn: { scratch.lines.append($0) }))
    guard case .imported(let session) = first.outcome else {
      Issue.record("imported: \(first.outcome)")
      return
    }
    #expect(scratch.lines.isEmpty, "\(scratch.lines)")
    #expect(first.choice.activity == session.activity)
    let analysed = try FileAnalysis(settings: UserSettings(), warn: { _ in }).analyze(Self.demo)
    let kept = try #require(session.summary)
    #expect(kept.distance == analysed.summary.distance)
    #expect(kept.moving == analysed.summary.moving)
    #expect(try store.listing(session.id).fixCount == session.fixCount)
    #expect(session.fixCount == analysed.summary.pointsIn)

    let again = try #require(
      try FileImport.run(
        Self.demo, store: store, activity: nil, settings: UserSettings(), warn: { _ in }))
    guard case .alreadyImported(let id) = again.outcome else {
      Issue.record("found again: \(again.outcome)")
      return
    }
    #expect(id == session.id)

    // What the command prints of each.
    let said = try FileImport.report(
      path: Self.demo, outcome: first.outcome, choice: first.choice, outingStarts: [],
      gapHours: 6, store: store, warn: { _ in })
    #expect(
      said.hasPrefix(
        "\(Self.demo): session \(session.id), \(session.activity.rawValue), "
          + "\(session.fixCount) fixes, "))
    let saidAgain = try FileImport.report(
      path: Self.demo, outcome: again.outcome, choice: again.choice, outingStarts: [],
      gapHours: 6, store: store, warn: { _ in })
    #expect(saidAgain == "\(Self.demo): already imported as session \(session.id)\n")
  }

  @Test func aReceiverThatNeverMovedIsSaidAndNotKeptUnlessAsked() throws {
    var points = ""
    for k in 0..<300 {
      let time = String(format: "2026-05-01T10:%02d:%02dZ", k / 60, k % 60)
      points += "<trkpt lat=\"52.5\(k % 3)\" lon=\"13.4\"><time>\(time)</time></trkpt>"
    }
    let path = NSTemporaryDirectory() + "strider-standing-\(UUID().uuidString).gpx"
    try
      ("<?xml version=\"1.0\"?><gpx version=\"1.1\" creator=\"t\"><trk><trkseg>\(points)"
      + "</trkseg></trk></gpx>").write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let scratch = Scratch()
    let store = try scratch.store()
    let refused = try FileImport.run(
      path, store: store, activity: nil, settings: UserSettings(),
      warn: { scratch.lines.append($0) })
    #expect(refused == nil)
    #expect(scratch.lines.contains { $0.contains("never moved") && $0.contains(path) })
    let kept = try FileImport.run(
      path, store: store, activity: nil, settings: UserSettings(), warn: { _ in },
      keepEmpty: true)
    guard case .imported = kept?.outcome else {
      Issue.record("kept with keepEmpty: \(String(describing: kept?.outcome))")
      return
    }
  }
}
