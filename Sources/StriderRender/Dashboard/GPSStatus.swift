import StriderCore

/// What the dashboard says about the position source: link, fix quality, freshness, name.
///
/// The age of the last fix is computed by the event loop from its own clock and passed in,
/// so the renderer never reads a clock.
public struct GPSStatus: Sendable, Hashable {
  /// How Strider is connected to its source.
  public enum Link: String, Sendable, Hashable, CaseIterable {
    /// gpsd does not answer (not running, or the port is wrong).
    case noGPSD
    /// Connected to gpsd.
    case gpsd
    /// Reading a file (replay).
    case file
    /// The built-in simulator (demo).
    case simulator
  }

  public var link: Link
  /// The newest fix's mode; nil before any fix.
  public var fixMode: FixMode?
  /// The newest fix's horizontal accuracy, if reported.
  public var accuracy: Meters?
  /// Seconds since the newest fix, by the event loop's clock.
  public var lastFixAge: Seconds?
  /// The receiver (gpsd device, "localhost:2947") or file name, or "simulator".
  public var source: String
  /// The replay speed factor; nil when live.
  public var replaySpeed: Double?

  public init(
    link: Link, fixMode: FixMode? = nil, accuracy: Meters? = nil, lastFixAge: Seconds? = nil,
    source: String = "", replaySpeed: Double? = nil
  ) {
    self.link = link
    self.fixMode = fixMode
    self.accuracy = accuracy
    self.lastFixAge = lastFixAge
    self.source = source
    self.replaySpeed = replaySpeed
  }

  /// A fix older than this shows as stale (yellow), older than `lostAge` as lost (red).
  public static let staleAge = Seconds(3)
  public static let lostAge = Seconds(10)

  /// "no gpsd", "no fix", "3D ±4 m, 1 s ago": the fix part of the status line.
  public func fixText(units: UnitSystem, glyphs: Glyphs) -> String {
    if link == .noGPSD { return "no gpsd" }
    guard let mode = fixMode, mode != .noFix else {
      return link == .gpsd ? "connected, no fix" : "no fix"
    }
    var parts: [String] = []
    switch mode {
    case .twoD: parts.append("2D")
    case .threeD: parts.append("3D")
    case .unknown, .noFix: parts.append("fix")
    }
    if let accuracy, accuracy.isFinite, accuracy.value >= 0 {
      parts[0] += " " + glyphs.plusMinus + DisplayFormat.shortLength(accuracy, units: units)
    }
    if let age = lastFixAge, age.isFinite {
      parts.append("\(DisplayFormat.wholeSeconds(age.value)) s ago")
    }
    return parts.joined(separator: ", ")
  }

  /// Green with a fresh 3D fix, yellow for 2D, stale or waiting, red without gpsd or when
  /// fixes stopped; bold for the bad cases so monochrome terminals show them too.
  public var style: CellStyle {
    if link == .noGPSD { return CellStyle(foreground: .red, attributes: .bold) }
    guard let mode = fixMode, mode != .noFix else {
      return CellStyle(foreground: .yellow, attributes: .bold)
    }
    if let age = lastFixAge, age >= GPSStatus.lostAge {
      return CellStyle(foreground: .red, attributes: .bold)
    }
    if let age = lastFixAge, age >= GPSStatus.staleAge { return CellStyle(foreground: .yellow) }
    return mode == .twoD ? CellStyle(foreground: .yellow) : CellStyle(foreground: .green)
  }

  /// "run.gpx 30×", "gpsd localhost:2947": the source part, cut to `width` columns with the
  /// speed kept whole.
  public func sourceText(width: Int, glyphs: Glyphs) -> String {
    let speed = replaySpeed.map { " " + DisplayFormat.replaySpeed($0, glyphs: glyphs) } ?? ""
    let name = source.isEmpty ? link.rawValue : source
    let room = width - TextWidth.of(speed)
    return TextLayout.truncate(name, to: max(0, room), ellipsis: glyphs.ellipsis) + speed
  }
}
