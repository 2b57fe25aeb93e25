import StriderCore
import StriderRender
import Testing

/// Issue 17's screen items without a terminal: ASCII only under the ASCII glyphs, and a
/// finished replay saying what comes next.
@Suite struct FirstHourRenderTests {
  /// Whatever a panel or a file name holds, the ASCII glyph set draws seven-bit ASCII.
  @Test(arguments: [(80, 24), (120, 40), (40, 12), (39, 11)])
  func asciiGlyphsDrawOnlyASCII(columns: Int, rows: Int) {
    var state = Fixtures.demo(glyphs: .ascii)
    state.gps.source = "Ühe jooks × 東京.gpx"
    state.message = "Speed 30× … ±"
    state.replay = ReplayProgress(position: Seconds(60), total: Seconds(600), speed: 30)
    let text = Screen.render(state, columns: columns, rows: rows).grid.text
    let wide = text.unicodeScalars.filter { !$0.isASCII }
    #expect(wide.isEmpty, "\(String(String.UnicodeScalarView(wide)))\n\(text)")
  }

  @Test func aFinishedReplaySaysWhatComesNextOnTheBarAndTheMap() {
    var state = Fixtures.replay(glyphs: .unicode)
    state.sessionState = .finished
    state.replay = ReplayProgress(
      position: Seconds(2100), total: Seconds(2100), speed: 30, isFinished: true)
    let lines = Screen.render(state, columns: 120, rows: 40).grid.text.split(separator: "\n")
    #expect(lines.contains { $0.contains("100%") && $0.contains(ReplayProgress.nextSteps) })
    #expect(lines.contains { $0.contains("■ finish") && $0.contains(ReplayProgress.nextSteps) })
  }

  @Test func aReplayUnderWaySaysNothingOfTheEnd() {
    let text = Screen.render(Fixtures.replay(glyphs: .unicode), columns: 120, rows: 40).grid.text
    #expect(!text.contains(ReplayProgress.nextSteps))
  }
}
