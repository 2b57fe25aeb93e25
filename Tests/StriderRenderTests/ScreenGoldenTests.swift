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
    for state in [
      Fixtures.live(), Fixtures.replay(glyphs: .ascii), Fixtures.demo(glyphs: .unicode),
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
