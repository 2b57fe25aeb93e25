import StriderCore
import StriderRender
import StriderTestSupport
import Testing

/// Whole screens at fixed sizes, as golden text. Review a changed file by eye before
/// re-recording it (STRIDER_RECORD_GOLDEN=1).
@Suite struct ScreenGoldenTests {
  @Test func demoUnicode120x40() {
    assertGolden(
      Screen.render(Fixtures.demo(glyphs: .unicode), columns: 120, rows: 40).grid.text,
      named: "screen-demo-unicode-120x40")
  }

  @Test func liveUnicode120x40() {
    assertGolden(
      Screen.render(Fixtures.live(glyphs: .unicode), columns: 120, rows: 40).grid.text,
      named: "screen-live-unicode-120x40")
  }

  @Test func replayASCII80x24() {
    assertGolden(
      Screen.render(Fixtures.replay(glyphs: .ascii), columns: 80, rows: 24).grid.text,
      named: "screen-replay-ascii-80x24")
  }

  @Test func demoASCII80x24() {
    assertGolden(
      Screen.render(Fixtures.demo(glyphs: .ascii), columns: 80, rows: 24).grid.text,
      named: "screen-demo-ascii-80x24")
  }

  @Test func liveUnicode40x12() {
    assertGolden(
      Screen.render(Fixtures.live(glyphs: .unicode), columns: 40, rows: 12).grid.text,
      named: "screen-live-unicode-40x12")
  }

  @Test func replayASCII40x12() {
    assertGolden(
      Screen.render(Fixtures.replay(glyphs: .ascii), columns: 40, rows: 12).grid.text,
      named: "screen-replay-ascii-40x12")
  }

  @Test func tooSmall39x11() {
    let frame = Screen.render(Fixtures.live(glyphs: .unicode), columns: 39, rows: 11)
    #expect(frame.layout == nil)
    #expect(frame.grid.text.contains("Terminal too small (39×11)"))
    assertGolden(frame.grid.text, named: "screen-too-small-39x11")
  }

  @Test func helpOverlay80x24() {
    var state = Fixtures.replay(glyphs: .ascii)
    state.helpVisible = true
    assertGolden(
      Screen.render(state, columns: 80, rows: 24).grid.text, named: "screen-help-ascii-80x24")
  }

  @Test func helpOverlay120x40() {
    var state = Fixtures.demo(glyphs: .unicode)
    state.helpVisible = true
    assertGolden(
      Screen.render(state, columns: 120, rows: 40).grid.text, named: "screen-help-unicode-120x40")
  }

  /// Every size from the minimum to a large terminal draws without a crash, fills exactly
  /// its size and never leaves half a wide character.
  @Test(arguments: [(40, 12), (41, 13), (71, 17), (72, 18), (99, 30), (100, 30), (300, 90)])
  func everySizeDraws(columns: Int, rows: Int) {
    var profiled = ProfileScreenGoldenTests.replay(glyphs: .unicode)
    profiled.shownProfile = 2
    for state in [
      Fixtures.live(), Fixtures.replay(glyphs: .ascii), Fixtures.demo(glyphs: .unicode), profiled,
    ] {
      let frame = Screen.render(state, columns: columns, rows: rows)
      #expect(frame.grid.width == columns && frame.grid.height == rows)
      #expect(frame.layout != nil)
      let lines = frame.grid.text.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(lines.count == rows)
      #expect(lines.allSatisfy { TextWidth.of(String($0)) <= columns })
    }
  }

  /// Monochrome: no cell keeps a colour, and the state banner still stands out by its
  /// attributes.
  @Test func monochromeKeepsAttributes() {
    var state = Fixtures.demo(glyphs: .unicode)
    state.colour = false
    let grid = Screen.render(state, columns: 120, rows: 40).grid
    #expect(grid.cells.allSatisfy { $0.foreground == .default && $0.background == .default })
    #expect(grid.cells.contains { $0.attributes.contains(.reverse) })
    #expect(
      grid.text == Screen.render(Fixtures.demo(glyphs: .unicode), columns: 120, rows: 40).grid.text)
  }
}

/// The replay with its pace profile in the map's place (`p`): the profile so far, its
/// distance axis ending at the distance the dashboard shows.
@Suite struct ProfileScreenGoldenTests {
  static func replay(glyphs: Glyphs) -> ScreenState {
    var state = Fixtures.replay(glyphs: glyphs)
    for (k, fix) in Fixtures.session.fixes.prefix(Fixtures.cutoff).enumerated() {
      guard let coordinate = fix.coordinate else { continue }
      state.profiles.add(
        TrackPoint(
          time: fix.time, coordinate: coordinate, altitude: fix.altitude,
          speed: fix.speed ?? .zero),
        isPaused: false, heartRate: BeatsPerMinute(Double(130 + k % 40)))
    }
    return state
  }

  @Test(arguments: [Glyphs.unicode, .ascii])
  func paceInTheMapsPlace(glyphs: Glyphs) throws {
    var state = Self.replay(glyphs: glyphs)
    #expect(state.profileCharts.map(\.title) == ["elevation", "pace", "heart rate"])
    let firstShown = state.showNextProfile()
    let secondShown = state.showNextProfile()
    #expect(firstShown && secondShown)
    #expect(state.profile?.title == "pace")
    let text = Screen.render(state, columns: 100, rows: 30).grid.text
    #expect(text.contains("Pace") && !text.contains("Map"))
    #expect(text.contains(DisplayFormat.distance(state.snapshot.distance, units: .metric)))
    assertGolden(text, named: "screen-replay-profile-\(glyphs.kind)-100x30")
  }

  /// The map again after the last profile; no profile without data.
  @Test func cyclesBackToTheMap() {
    var state = Self.replay(glyphs: .unicode)
    for _ in 0..<3 {
      let shown = state.showNextProfile()
      #expect(shown)
    }
    #expect(state.profile?.title == "heart rate")
    let shown = state.showNextProfile()
    #expect(shown)
    #expect(state.profile == nil)
    var empty = Fixtures.replay(glyphs: .unicode)
    let none = empty.showNextProfile()
    #expect(!none)
    #expect(empty.profile == nil)
  }
}
