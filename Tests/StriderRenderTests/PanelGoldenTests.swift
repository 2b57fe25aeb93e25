import StriderCore
import StriderTestSupport
import Testing

@testable import StriderRender

/// Each panel on its own at a fixed size, in both glyph sets.
@Suite struct PanelGoldenTests {
  static let glyphSets: [Glyphs] = [.unicode, .ascii]

  private func render(_ columns: Int, _ rows: Int, _ draw: (inout Grid) -> Void) -> String {
    var grid = Grid(width: columns, height: rows)
    draw(&grid)
    return grid.text
  }

  @Test(arguments: glyphSets)
  func dashboard(glyphs: Glyphs) {
    let panel = Dashboard(
      snapshot: Fixtures.snapshot, activity: .run, units: .metric, state: .running,
      heartRate: BeatsPerMinute(152), gps: Fixtures.gps, glyphs: glyphs)
    assertGolden(
      render(34, panel.preferredHeight) { panel.draw(into: &$0) },
      named: "dashboard-run-\(glyphs.kind)")
  }

  @Test func dashboardRideImperialShort() {
    var snapshot = Fixtures.snapshot
    snapshot.distance = Meters(18_234)
    let panel = Dashboard(
      snapshot: snapshot, activity: .ride, units: .imperial, state: .paused,
      gps: GPSStatus(link: .noGPSD, source: "localhost:2947"), glyphs: .unicode)
    assertGolden(render(30, 9) { panel.draw(into: &$0) }, named: "dashboard-ride-imperial-short")
  }

  @Test func dashboardCompact() {
    let panel = Dashboard(
      snapshot: Fixtures.snapshot, activity: .run, units: .metric, state: .autoPaused,
      gps: Fixtures.gps, glyphs: .unicode)
    assertGolden(render(40, 3) { panel.drawCompact(into: &$0) }, named: "dashboard-compact")
  }

  @Test(arguments: glyphSets)
  func cueLog(glyphs: Glyphs) {
    let panel = CueLog(cues: Fixtures.cues, glyphs: glyphs, utcOffset: Seconds(7200))
    assertGolden(render(60, 10) { panel.draw(into: &$0) }, named: "cues-\(glyphs.kind)")
  }

  @Test(arguments: glyphSets)
  func splitsTable(glyphs: Glyphs) {
    let panel = SplitsTable(
      snapshot: Fixtures.snapshot, activity: .run, units: .metric, glyphs: glyphs)
    assertGolden(render(30, 8) { panel.draw(into: &$0) }, named: "splits-\(glyphs.kind)")
  }

  @Test func splitsTableScrollsToNewest() {
    var snapshot = Fixtures.snapshot
    snapshot.splits = (1...12).map { Fixtures.split($0, 300 + Double($0)) }
    let panel = SplitsTable(snapshot: snapshot, activity: .ride, units: .metric, glyphs: .ascii)
    assertGolden(render(30, 7) { panel.draw(into: &$0) }, named: "splits-ride-scrolled")
  }

  @Test(arguments: glyphSets)
  func filterLab(glyphs: Glyphs) {
    let panel = FilterLabPanel(state: Fixtures.lab, units: .metric, glyphs: glyphs)
    assertGolden(
      render(36, panel.preferredHeight) { panel.draw(into: &$0) }, named: "lab-\(glyphs.kind)")
  }

  @Test(arguments: glyphSets)
  func progressBar(glyphs: Glyphs) {
    let bar = ProgressBar(
      progress: ReplayProgress(position: Seconds(1540), total: Seconds(2100), speed: 30),
      glyphs: glyphs)
    assertGolden(render(60, 1) { bar.draw(into: &$0) }, named: "progress-\(glyphs.kind)")
  }

  @Test(arguments: [200, 80, 40, 12])
  func statusLine(width: Int) {
    let line = StatusLine(glyphs: .unicode, showsReplayKeys: true, showsLabKeys: true)
    let text = render(width, 1) { line.draw(into: &$0) }
    #expect(text.hasPrefix("q quit"))
    #expect(TextWidth.of(text) <= width)
    assertGolden(text, named: "status-\(width)")
  }

  @Test(arguments: glyphSets)
  func map(glyphs: Glyphs) {
    for drawing in MapOptions.Drawing.allCases where glyphs.hasBraille || drawing == .ascii {
      for thick in [false, true] {
        let map = RouteMap(
          route: Fixtures.route(), options: MapOptions(drawing: drawing, thick: thick),
          glyphs: glyphs)
        let name = "map-\(glyphs.kind)-\(map.options.effectiveDrawing(for: glyphs))"
        assertGolden(
          render(60, 20) { map.draw(into: &$0) }, named: name + (thick ? "-thick" : ""))
      }
    }
  }
}
