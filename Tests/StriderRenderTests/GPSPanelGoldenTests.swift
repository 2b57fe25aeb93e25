import StriderCore
import StriderTestSupport
import Testing

@testable import StriderRender

/// The GPS panel of `strider run` (`g`): a receiver's fix, DOPs and satellites.
@Suite struct GPSPanelGoldenTests {
  /// Six satellites as a u-blox receiver on GPS, GLONASS and SBAS reports them; one without
  /// a position yet (no elevation or azimuth) and one with no signal.
  static let sky = SkyView(
    time: GNSSTime(year: 2024, month: 5, day: 1, hour: 7, minute: 58, second: 12),
    satellites: [
      .init(
        prn: 7, system: .gps, svid: 7, elevation: Degrees(15), azimuth: Degrees(310),
        signal: 29, used: false),
      .init(
        prn: 5, system: .gps, svid: 5, elevation: Degrees(31), azimuth: Degrees(86),
        signal: 45, used: true),
      .init(
        prn: 133, system: .sbas, svid: 133, elevation: Degrees(27), azimuth: Degrees(154),
        signal: 0, used: false),
      .init(
        prn: 67, system: .glonass, svid: 3, elevation: Degrees(64), azimuth: Degrees(12),
        signal: 38, used: true),
      .init(prn: 13, signal: 22, used: false),
      .init(
        prn: 30, system: .gps, svid: 30, elevation: Degrees(48), azimuth: Degrees(221),
        signal: 51, used: true),
    ],
    dop: SkyView.DilutionOfPrecision(horizontal: 0.94, vertical: 1.13, position: 1.47),
    usedCount: 3, seenCount: 6)

  static let fix = Fix(
    time: GNSSTime(year: 2024, month: 5, day: 1, hour: 7, minute: 58, second: 12),
    coordinate: Coordinate(latitude: 55.797019833, longitude: -3.569020667),
    altitude: Meters(36.7), speed: MetersPerSecond(3.2), course: Degrees(221.5), mode: .threeD)

  private func render(_ panel: GPSPanel, _ columns: Int, _ rows: Int) -> String {
    var grid = Grid(width: columns, height: rows)
    panel.draw(into: &grid)
    return grid.text
  }

  @Test(arguments: [Glyphs.unicode, .ascii])
  func satellites(glyphs: Glyphs) {
    let panel = GPSPanel(sky: Self.sky, fix: Self.fix, units: .metric, glyphs: glyphs)
    assertGolden(render(panel, 60, 16), named: "gps-panel-\(glyphs.kind)")
  }

  /// Connected, before gpsd's first SKY and first fix: the panel says what it waits for.
  @Test func waiting() {
    let panel = GPSPanel(sky: nil, fix: nil, units: .metric, glyphs: .unicode)
    assertGolden(render(panel, 60, 10), named: "gps-panel-waiting")
  }

  /// The compact map's size: every value whole, a pair of fields broken between them where
  /// it would not fit (the UTC date and the longitude were cut in half), so the summary
  /// takes the rows.
  @Test func narrowAndShort() {
    let panel = GPSPanel(sky: Self.sky, fix: Self.fix, units: .imperial, glyphs: .ascii)
    assertGolden(render(panel, 40, 10), named: "gps-panel-narrow")
  }

  /// Narrow but taller: no signal bar, and the list cut with a count of the rest.
  @Test func narrowAndTaller() {
    let panel = GPSPanel(sky: Self.sky, fix: Self.fix, units: .imperial, glyphs: .ascii)
    assertGolden(render(panel, 40, 15), named: "gps-panel-narrow-taller")
  }

  /// Used satellites first, strongest first; the unused after them, also by signal.
  @Test func order() {
    let panel = GPSPanel(sky: Self.sky, fix: Self.fix, units: .metric, glyphs: .ascii)
    let text = render(panel, 60, 16)
    let prns = ["30", "5", "67", "7", "13", "133"].map { prn in
      text.split(separator: "\n").firstIndex { line in
        line.split(separator: " ").dropFirst().contains { $0 == prn }
      }
    }
    #expect(prns.compactMap { $0 } == prns.compactMap { $0 }.sorted())
    #expect(prns.allSatisfy { $0 != nil })
  }

  /// Any size, down to nothing, draws without a crash and within the grid.
  @Test func everySizeDraws() {
    for columns in 0...45 {
      for rows in 0...12 {
        for sky in [Self.sky, nil] {
          var grid = Grid(width: columns, height: rows)
          GPSPanel(sky: sky, fix: Self.fix, units: .metric, glyphs: .unicode).draw(into: &grid)
          #expect(grid.width == columns && grid.height == rows)
        }
      }
    }
  }

  /// `g` on a live screen: the panel in the map's place, `g gps` in the status line.
  @Test func liveScreen() {
    var state = Fixtures.live(glyphs: .unicode)
    state.showsGPSPanel = true
    state.sky = Self.sky
    state.newestFix = Self.fix
    assertGolden(
      Screen.render(state, columns: 120, rows: 40).grid.text,
      named: "screen-live-gps-unicode-120x40")
    for (columns, rows) in [(40, 12), (72, 18), (300, 90)] {
      let frame = Screen.render(state, columns: columns, rows: rows)
      #expect(frame.grid.text.contains("GPS"), "\(columns)x\(rows)")
    }
  }
}
