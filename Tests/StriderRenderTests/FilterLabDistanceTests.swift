import StriderCore
import Testing

@testable import StriderRender

/// The filter lab's distance rows stay readable and honest on a faulted stream: no
/// thousandfold multiple of a few hundred metres, no percentage of a few metres.
@Suite struct FilterLabDistanceTests {
  func rows(raw: Double, filtered: Double, truth: Double?) -> [String] {
    let state = FilterLabState(
      rawDistance: Meters(raw), filteredDistance: Meters(filtered),
      truthDistance: truth.map(Meters.init))
    let panel = FilterLabPanel(state: state, units: .metric, glyphs: .unicode)
    var grid = Grid(width: 36, height: panel.preferredHeight)
    panel.draw(into: &grid)
    return grid.text.split(separator: "\n").map(String.init).filter {
      $0.contains("Raw") || $0.contains("Filtered") || $0.contains("Truth")
    }
  }

  @Test func aRawTrackThatJumpedToAnotherCitySaysJumps() {
    let lines = rows(raw: 782_000, filtered: 180, truth: 172)
    #expect(lines.count == 3)
    #expect(lines[0].contains("782 km") && lines[0].contains("jumps"), "\(lines[0])")
    #expect(!lines[0].contains("×"), "no multiple: \(lines[0])")
    #expect(lines[1].contains("+4.7%"), "\(lines[1])")
  }

  @Test func noErrorWhileTheTruthIsAFewMetres() {
    let lines = rows(raw: 60, filtered: 20, truth: 12)
    #expect(!lines[0].contains("%") && !lines[0].contains("jumps"), "\(lines[0])")
    #expect(!lines[1].contains("%"), "\(lines[1])")
  }

  @Test(
    arguments: [
      (1050.0, 1000.0, "+5.0%"), (9990, 1000, "+899.0%"), (10_000, 1000, "jumps"),
      (500, 99, ""), (500, nil, ""), (.infinity, 1000, ""),
    ] as [(Double, Double?, String)])
  func errorText(distance: Double, truth: Double?, expected: String) {
    #expect(FilterLabPanel.errorText(Meters(distance), truth: truth.map(Meters.init)) == expected)
  }
}
