import StriderCore
import StriderTestSupport
import Testing

@testable import StriderRender

/// `sessions show --plot`'s profiles: a climb and a descent with a stop in the middle, in
/// both glyph sets, and what is left out.
@Suite struct ProfileChartTests {
  /// A 10 km hill: up to 200 m at 5 km, down again; nothing recorded from 6 to 7 km.
  static let hill: [ProfileChart.Sample] = stride(from: 0.0, through: 10_000, by: 50).compactMap {
    distance in
    guard distance < 6_000 || distance >= 7_000 else { return nil }
    return ProfileChart.Sample(distance: distance, value: 200 - abs(distance - 5_000) / 25)
  }

  @Test(arguments: [Glyphs.unicode, .ascii])
  func aHillWithAGap(glyphs: Glyphs) {
    let chart = ProfileChart(title: "elevation", samples: Self.hill, glyphs: glyphs) {
      "\(Int($0.rounded())) m"
    }
    let text = chart.lines(width: 48, height: 5) { "\(Int($0 / 1000)) km" }.joined(separator: "\n")
    assertGolden(text + "\n", named: "profile-hill-\(glyphs.kind)")
  }

  /// A pace drawn from speeds: the faster stretch is higher, labelled with its pace.
  @Test func aFasterStretchIsHigher() {
    let samples = (0..<100).map { i in
      ProfileChart.Sample(distance: Double(i) * 50, value: i < 50 ? 2.5 : 4.0)
    }
    let chart = ProfileChart(title: "pace", samples: samples, glyphs: .ascii) { speed in
      DisplayFormat.pace(Pace(1000 / speed), activity: .run, units: .metric)
    }
    let lines = chart.lines(width: 40, height: 3) { "\(Int($0)) m" }
    #expect(lines.count == 5, "title, three rows, axis: \(lines)")
    let slow = String(repeating: ".", count: 15)
    let fast = String(repeating: "#", count: 16)
    // The column where the pace changes holds both halves: halfway up, under the top row.
    #expect(
      lines[1] == "4:10 /km " + String(repeating: " ", count: 16) + fast.dropLast(), "\(lines)")
    #expect(lines[2] == "         " + String(repeating: " ", count: 15) + ":" + fast.dropLast())
    #expect(lines[3] == "6:40 /km " + slow + fast, "the slow half at the lowest level: \(lines)")
  }

  @Test func nothingToDrawOrNoRoomIsNoChart() {
    let empty = ProfileChart(title: "heart rate", samples: [], glyphs: .unicode) { "\($0)" }
    #expect(empty.lines(width: 80, height: 6) { "\($0)" }.isEmpty)
    let narrow = ProfileChart(title: "elevation", samples: Self.hill, glyphs: .unicode) {
      "\(Int($0)) m"
    }
    #expect(narrow.lines(width: 12, height: 6) { "\($0)" }.isEmpty)
  }
}
