import StriderRender
import Testing

@Suite struct GridTests {
  @Test func writeClipsAtTheRightEdgeAndCountsColumns() {
    var grid = Grid(width: 5, height: 2)
    let written = grid.write("abcdefgh", column: 2, row: 0)
    #expect(grid.text == "  abc\n")
    #expect(written == 3)
    grid.write("xyz", column: -2, row: 1)
    #expect(grid.text == "  abc\nz")
    grid.write("nothing", column: 0, row: 5)
    grid.write("nothing", column: 0, row: -1)
    #expect(grid.text == "  abc\nz")
  }

  @Test func writeHonoursMaxWidth() {
    var grid = Grid(width: 10, height: 1)
    grid.write("abcdef", column: 1, row: 0, maxWidth: 3)
    #expect(grid.text == " abc")
  }

  @Test func wideCharactersTakeTwoColumnsAndNeverOverflow() {
    var grid = Grid(width: 5, height: 1)
    // Two wide CJK characters fill four columns; the third cannot fit in the last one.
    let written = grid.write("日本語", column: 0, row: 0)
    #expect(written == 4)
    #expect(grid.text == "日本")
    #expect(grid[1, 0].isContinuation)
    #expect(!grid[4, 0].isContinuation && grid[4, 0].character == " ")
    #expect(TextWidth.of(grid.text) <= 5)
  }

  @Test func emojiAndCombiningMarks() {
    #expect(TextWidth.of("🏃") == 2)
    #expect(TextWidth.of("é") == 1)  // e + U+0301 is one grapheme in one cell
    #expect(TextWidth.of("\u{2764}\u{FE0F}") == 2)
    #expect(TextWidth.of("●○■⠿─") == 5)
    var grid = Grid(width: 4, height: 1)
    grid.write("e\u{301}🏃x", column: 0, row: 0)
    #expect(grid.text == "e\u{301}🏃x")
    #expect(grid[0, 0].character == "e\u{301}")
  }

  @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
    var grid = Grid(width: 6, height: 1)
    grid.write("日本", column: 0, row: 0)
    grid.put("x", column: 1, row: 0)  // the right half of 日
    #expect(grid.text == " x本")
    grid.put("y", column: 2, row: 0)  // the left half of 本
    #expect(grid.text == " xy")
    #expect(!grid.cells.contains { $0.isContinuation })
  }

  @Test func controlCharactersAreNotDrawn() {
    var grid = Grid(width: 6, height: 1)
    grid.write("a\u{7}b\nc", column: 0, row: 0)
    #expect(grid.text == "ab c")
  }

  @Test func textTrimsTrailingSpaces() {
    var grid = Grid(width: 8, height: 3)
    grid.write("ab  ", column: 0, row: 1)
    #expect(grid.text == "\nab\n")
  }

  @Test func boxesInBothGlyphSets() {
    var unicode = Grid(width: 12, height: 3)
    unicode.drawBox(unicode.bounds, glyphs: .unicode, title: "Title")
    #expect(unicode.text == "┌─ Title ──┐\n│          │\n└──────────┘")
    var ascii = Grid(width: 12, height: 3)
    ascii.drawBox(ascii.bounds, glyphs: .ascii, title: "A very long title")
    #expect(ascii.text == "+- A very~-+\n|          |\n+----------+")
  }

  @Test func fillAndRegions() {
    var grid = Grid(width: 6, height: 3)
    grid.fill(GridRect(x: 4, y: 1, width: 10, height: 10), with: "#")
    #expect(grid.text == "\n    ##\n    ##")
    grid.withRegion(GridRect(x: 1, y: 0, width: 3, height: 2)) { region in
      #expect(region.width == 3 && region.height == 2)
      region.write("abcdef", column: 0, row: 1)
    }
    #expect(grid.text == "\n abc##\n    ##")
  }

  @Test func pastingCutsWideCharactersAtTheEdges() {
    var part = Grid(width: 3, height: 1)
    part.write("a日", column: 0, row: 0)
    var grid = Grid(width: 4, height: 1)
    grid.paste(part, column: 2, row: 0)  // 日 would straddle the right edge
    #expect(grid.text == "  a")
    grid.paste(part, column: -2, row: 0)  // only the right half of 日 would be visible
    #expect(grid.text == "  a")
    grid.paste(part, column: -1, row: 0)  // 日 whole, "a" cut off
    #expect(grid.text == "日a")
    #expect(grid.cells.filter { $0.isContinuation }.count == 1)
  }

  @Test func changesAreOnlyTheCellsThatDiffer() {
    var before = Grid(width: 10, height: 4)
    before.write("hello", column: 0, row: 0)
    var after = before
    #expect(after.changes(from: before).isEmpty)
    after.write("help", column: 0, row: 0)  // only the fourth letter changes
    after.put("x", column: 9, row: 3, style: .bold)
    let changes = after.changes(from: before)
    // "help" over "hello" changes only the fourth cell; the "o" stays.
    #expect(changes.map { [$0.column, $0.row] } == [[3, 0], [9, 3]])
    #expect(changes[0].cell.character == "p")
    #expect(changes[1].cell.attributes == .bold)
  }

  @Test func aStyleChangeIsAChange() {
    var before = Grid(width: 3, height: 1)
    before.write("abc", column: 0, row: 0)
    var after = Grid(width: 3, height: 1)
    after.write("abc", column: 0, row: 0, style: CellStyle(foreground: .red))
    #expect(after.changes(from: before).count == 3)
  }

  @Test func everyCellChangesAfterAResize() {
    let before = Grid(width: 10, height: 4)
    let after = Grid(width: 12, height: 4)
    #expect(after.changes(from: before).count == 48)
    #expect(Grid(width: 10, height: 3).changes(from: before).count == 30)
  }

  @Test func withoutColourKeepsCharactersAndAttributes() {
    var grid = Grid(width: 3, height: 1)
    grid.write("abc", column: 0, row: 0, style: CellStyle(foreground: .red, attributes: .bold))
    let mono = grid.withoutColour()
    #expect(mono.text == grid.text)
    #expect(mono[0, 0].foreground == .default && mono[0, 0].attributes == .bold)
  }

  @Test func wrapAndTruncate() {
    #expect(
      TextLayout.wrap("Distance 5.00 kilometres. Time 26 minutes", width: 12) == [
        "Distance", "5.00", "kilometres.", "Time 26", "minutes",
      ])
    #expect(TextLayout.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
    #expect(TextLayout.wrap("日本語テキスト", width: 5) == ["日本", "語テ", "キス", "ト"])
    #expect(TextLayout.truncate("hello world", to: 6, ellipsis: "…") == "hello…")
    #expect(TextLayout.truncate("日本語", to: 5, ellipsis: "…") == "日本…")
    #expect(TextLayout.truncate("hi", to: 6, ellipsis: "…") == "hi")
  }
}
