import StriderCore

/// The receiver as `cgps` shows it: the fix, its position and UTC time, the DOPs, and the
/// satellites in view with their signal, drawn in the map's place in `strider run` (`g`).
///
/// ```
/// ┌─ GPS ────────────────────────────────────────────────────┐
/// │ Fix    3D fix         UTC    2024-05-01 07:58:12         │
/// │ Lat    55.797020° N   Lon    3.569021° W                 │
/// │ Alt    36.7 m         Speed  11.5 km/h      Track  222°  │
/// │ DOP    H 0.94  V 1.13  P 1.47                            │
/// │ Sats   3 used of 6 seen                                  │
/// │                                                          │
/// │ GNSS    PRN  Elev  Azim  SNR           Use               │
/// │ GP 30    30   48°  221°   51 ████████  Y                 │
/// │ GL 3     67   64°   12°   38 ██████░░  Y                 │
/// │ SB 133  133   27°  154°    0 ░░░░░░░░  N                 │
/// ```
///
/// Satellites are listed used first, then by signal (the ones a fix leans on), and cut to
/// the rows there are with a last row saying how many more. The signal bar fills at 50 dB-Hz
/// (a strong signal under open sky) and is left out on narrow panels.
public struct GPSPanel: Sendable {
  public var sky: SkyView?
  public var fix: Fix?
  public var units: UnitSystem
  public var glyphs: Glyphs

  /// What the panel says before gpsd's first SKY report.
  public static let waitingText = "waiting for gpsd's satellite report (SKY)"
  /// A signal this strong (dB-Hz) fills the bar.
  static let fullSignal = 50.0
  static let barWidth = 8

  /// Draws the panel in a box titled "GPS" over the whole grid.
  public func draw(into grid: inout Grid) {
    guard let inner = grid.beginPanel(title: "GPS", glyphs: glyphs, widerThan: 4)
    else { return }
    let x = inner.x + 1
    let width = inner.width - 2
    var row = inner.y
    for line in summaryLines(width: width) where row < inner.maxY {
      grid.write(line, column: x, row: row, maxWidth: width)
      row += 1
    }
    row += 1
    guard row < inner.maxY else { return }
    guard let sky else {
      grid.write(Self.waitingText, column: x, row: row, style: .dim, maxWidth: width)
      return
    }
    drawTable(sky.satellites, column: x, width: width, rows: row..<inner.maxY, into: &grid)
  }

  // MARK: The fix and the DOPs

  /// The summary, a line per group of fields; a group wider than the panel is broken
  /// between its fields, so a narrow terminal cuts no value in half.
  private func summaryLines(width: Int) -> [String] {
    let time = fix?.time ?? sky?.time
    var groups: [[String]] = [
      [field("Fix", modeText)] + (time.map { [field("UTC", utcText($0))] } ?? []),
      [
        field("Lat", coordinateText(fix?.coordinate?.latitude, positive: "N", negative: "S")),
        field("Lon", coordinateText(fix?.coordinate?.longitude, positive: "E", negative: "W")),
      ],
    ]
    var motion = [field("Alt", fix?.altitude.map { lengthText($0) } ?? "-")]
    if let speed = fix?.speed, speed.isFinite {
      motion.append(field("Speed", DisplayFormat.speed(speed, units: units)))
    }
    if let course = fix?.course, course.isFinite {
      motion.append(field("Track", CueText.fixed(course.value, decimals: 0) + degree))
    }
    groups.append(motion)
    let dop = sky?.dop ?? SkyView.DilutionOfPrecision()
    let dops = [("H", dop.horizontal), ("V", dop.vertical), ("P", dop.position)]
      .compactMap { name, value in value.map { "\(name) " + CueText.fixed($0, decimals: 2) } }
    groups.append([field("DOP", dops.isEmpty ? "-" : dops.joined(separator: "  "))])
    let counts = sky.map { "\($0.usedCount) used of \($0.seenCount) seen" } ?? "-"
    groups.append([field("Sats", counts)])
    var lines: [String] = []
    for group in groups {
      var line = ""
      for field in group {
        if !line.isEmpty, TextWidth.of((line + field).trimmingTrailingSpaces) > width {
          lines.append(line.trimmingTrailingSpaces)
          line = ""
        }
        line += field
      }
      lines.append(line.trimmingTrailingSpaces)
    }
    return lines
  }

  /// "Fix    3D fix        ": a label and its value padded to a column (a longer value
  /// stays whole and pushes the next field along).
  private func field(_ label: String, _ value: String) -> String {
    let room = max(0, 14 - TextWidth.of(value))
    return TextLayout.padRight(label, to: 7) + value + String(repeating: " ", count: room) + " "
  }

  private var modeText: String {
    guard let fix else { return "no fix yet" }
    switch fix.mode {
    case .threeD: return "3D fix"
    case .twoD: return "2D fix"
    case .noFix: return "no fix"
    case .unknown: return fix.coordinate == nil ? "no fix" : "fix"
    }
  }

  private var degree: String { glyphs.kind == .unicode ? "°" : "" }

  private func coordinateText(_ value: Double?, positive: String, negative: String) -> String {
    guard let value, value.isFinite else { return "-" }
    return CueText.fixed(abs(value), decimals: 6) + degree + " "
      + (value < 0 ? negative : positive)
  }

  private func lengthText(_ length: Meters) -> String {
    guard length.isFinite else { return "-" }
    let feet = units == .imperial
    let value = feet ? length.value / 0.3048 : length.value
    return CueText.fixed(value, decimals: feet ? 0 : 1) + (feet ? " ft" : " m")
  }

  /// "2024-05-01 07:58:12": UTC, as gpsd gives it.
  private func utcText(_ time: GNSSTime) -> String {
    guard time.isRepresentable, time.secondsSince1970.isFinite else { return "-" }
    let c = time.civil
    func two(_ n: Int) -> String { (n < 10 ? "0" : "") + "\(n)" }
    return "\(c.year)-\(two(c.month))-\(two(c.day)) \(two(c.hour)):\(two(c.minute)):"
      + two(c.second)
  }

  // MARK: The satellites

  /// Used first, then the strongest, then by PRN, so the order holds still between reports.
  static func ordered(_ satellites: [SkyView.Satellite]) -> [SkyView.Satellite] {
    satellites.sorted { a, b in
      if a.used != b.used { return a.used }
      let sa = a.signal ?? -1
      let sb = b.signal ?? -1
      if sa != sb { return sa > sb }
      return a.prn < b.prn
    }
  }

  private func drawTable(
    _ satellites: [SkyView.Satellite], column x: Int, width: Int, rows: Range<Int>,
    into grid: inout Grid
  ) {
    guard let headerRow = rows.first else { return }
    let showsBar = width >= 42
    grid.write(
      cells(
        gnss: "GNSS", prn: "PRN", elevation: "Elev", azimuth: "Azim", signal: "SNR",
        bar: showsBar ? "" : nil, used: "Use"),
      column: x, row: headerRow, style: .dim, maxWidth: width)
    let room = rows.count - 1
    guard room > 0 else { return }
    if satellites.isEmpty {
      grid.write(
        "no satellites in view", column: x, row: headerRow + 1, style: .dim, maxWidth: width)
      return
    }
    let all = Self.ordered(satellites)
    let shown = all.count > room ? Array(all.prefix(room - 1)) : all
    var row = headerRow + 1
    for satellite in shown {
      let bar = showsBar ? signalBar(satellite.signal) : nil
      let style: CellStyle = satellite.used ? .plain : .dim
      grid.write(text(satellite, bar: bar), column: x, row: row, style: style, maxWidth: width)
      row += 1
    }
    if shown.count < all.count {
      let more = glyphs.ellipsis.isEmpty ? "..." : glyphs.ellipsis
      grid.write(
        "\(more) \(all.count - shown.count) more", column: x, row: row, style: .dim,
        maxWidth: width)
    }
  }

  private func text(_ satellite: SkyView.Satellite, bar: String?) -> String {
    var gnss = satellite.system?.code ?? ""
    if let svid = satellite.svid { gnss += (gnss.isEmpty ? "" : " ") + "\(svid)" }
    func angle(_ value: Degrees?) -> String {
      guard let value, value.isFinite else { return "-" }
      return CueText.fixed(value.value, decimals: 0) + degree
    }
    let signal = satellite.signal.map { CueText.fixed($0, decimals: 0) } ?? "-"
    return cells(
      gnss: gnss, prn: "\(satellite.prn)", elevation: angle(satellite.elevation),
      azimuth: angle(satellite.azimuth), signal: signal, bar: bar,
      used: satellite.used ? "Y" : "N")
  }

  /// One table row: the columns padded, the bar (when shown) between signal and use.
  private func cells(
    gnss: String, prn: String, elevation: String, azimuth: String, signal: String,
    bar: String?, used: String
  ) -> String {
    TextLayout.padRight(gnss, to: 6) + TextLayout.padLeft(prn, to: 5)
      + TextLayout.padLeft(elevation, to: 6) + TextLayout.padLeft(azimuth, to: 6)
      + TextLayout.padLeft(signal, to: 5)
      + (bar.map { " " + TextLayout.padRight($0, to: Self.barWidth) } ?? "") + "  " + used
  }

  /// The signal as a bar of `barWidth` cells, full at `fullSignal` dB-Hz.
  private func signalBar(_ signal: Double?) -> String {
    guard let signal, signal.isFinite else {
      return String(repeating: glyphs.barEmpty, count: Self.barWidth)
    }
    let fraction = min(1, max(0, signal / Self.fullSignal))
    let full = Int((fraction * Double(Self.barWidth)).rounded())
    return String(repeating: glyphs.barFull, count: full)
      + String(repeating: glyphs.barEmpty, count: Self.barWidth - full)
  }
}

extension String {
  /// The text without the spaces padding its end.
  fileprivate var trimmingTrailingSpaces: String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
