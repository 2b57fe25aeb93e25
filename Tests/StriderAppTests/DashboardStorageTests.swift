import StriderCore
import StriderRender
import StriderSimulator
import StriderSources
import Testing

@testable import StriderApp

/// A live recording whose disk refuses its writes (issue 49): the status line says the fixes
/// are kept in memory until they are written, a passing note does not hide that for good,
/// and a cue is spoken when it starts and when it ends.
@Suite struct DashboardStorageTests {
  static let fixes = Simulator.run(SimulationConfiguration(activity: .run, seed: 5)).fixes

  static func spoken(_ commands: [DashboardCommand]) -> [String] {
    commands.compactMap {
      if case .say(let cue) = $0 { return cue.text }
      return nil
    }
  }

  @Test func theStatusLineAndACueSayTheFixesWaitInMemoryUntilWritten() throws {
    var model = DashboardModel(
      kind: .live, configuration: SessionConfiguration(activity: .run), sourceLabel: "gpsd",
      controls: SourceControls(link: .gpsd))
    for (i, fix) in Self.fixes.prefix(60).enumerated() {
      _ = model.handle(.fix(fix), now: Double(i))
    }
    let held = model.handle(.storage(.holding(held: 3, reason: "disk full")), now: 60)
    #expect(Self.spoken(held) == [CueText.storageHeld])
    let note = "Disk full: 3 fixes in memory"
    #expect(model.tick(now: 61).message == note)
    let grid = model.render(columns: 120, rows: 40)
    let screen = try #require(grid).text
    #expect(screen.contains(note), "\(screen)")

    // Each retry updates the count, without speaking again.
    let again = model.handle(.storage(.holding(held: 8, reason: "disk full")), now: 65)
    #expect(Self.spoken(again).isEmpty)
    let later = "Disk full: 8 fixes in memory"
    #expect(model.tick(now: 65).message == later)
    // A passing note (a lap) shows, then the storage note comes back.
    model.show("Lap 1", now: 66)
    #expect(model.tick(now: 67).message == "Lap 1")
    #expect(model.tick(now: 66 + DashboardModel.messageSeconds).message == later)

    let written = model.handle(.storage(.written(count: 9)), now: 80)
    #expect(Self.spoken(written) == [CueText.storageWritten])
    #expect(model.tick(now: 80).message == "Saved again: 9 held fixes written")
    #expect(model.tick(now: 80 + DashboardModel.messageSeconds).message == nil)
  }
}
