import StriderCore

/// Writes fixes as a GPX 1.1 track (https://www.topografix.com/GPX/1/1/).
///
/// One `<trk>` with the metadata's name and type; a new `<trkseg>` whenever `Fix.segment`
/// changes. GPX 1.1 has no speed, course or accuracy in metres, so those go into the point's
/// `<extensions>` in Strider's namespace `urn:strider:gpx:1` (`strider:speed` m/s,
/// `strider:course` degrees, `strider:accuracy` and `strider:verticalAccuracy` metres),
/// which `GPXReader` reads back.
public struct GPXWriter {
  /// Strider's extension namespace.
  public static let namespace = "urn:strider:gpx:1"
  /// Garmin's track point extension, which most tools read heart rate and cadence from.
  public static let trackPointExtension =
    "http://www.garmin.com/xmlschemas/TrackPointExtension/v1"

  /// How much of each fix a point carries.
  public enum Style: Sendable {
    /// Everything Strider knows, to the precision the data has (`Precision`): positions to
    /// about a centimetre, metres to the centimetre, speeds to 0.01 m/s.
    case full
    /// Position (7 decimals, about 1 cm), elevation (0.1 m) and time (whole seconds), one
    /// line per point: what most watch and phone exports hold, at about 100 bytes a point.
    case plain
  }

  /// Writes the fixes; with `verdicts` (one per fix) each point also carries the gate's
  /// verdict as `strider:verdict` (`accepted` or the rejection reason).
  public static func write(
    _ fixes: [Fix], verdicts: [Verdict]? = nil, metadata: TrackMetadata,
    time: GNSSTime? = nil, style: Style = .full, to stream: inout some TextOutputStream
  ) {
    var track = Track(metadata: metadata, time: time, style: style, to: &stream)
    for (index, fix) in fixes.enumerated() {
      track.write(fix, verdict: verdicts?[index], to: &stream)
    }
    track.end(to: &stream)
  }

  /// A GPX file written a point at a time, so a track of any length is written from a
  /// database cursor without being held: the header when made, then each point, then `end`.
  public struct Track {
    let style: Style
    private var currentSegment: Int?

    /// Writes everything before the first point.
    public init(
      metadata: TrackMetadata, time: GNSSTime? = nil, style: Style = .full,
      to stream: inout some TextOutputStream
    ) {
      self.style = style
      let creator = escaped(metadata.creator ?? "Strider")
      stream.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
      stream.write(
        "<gpx version=\"1.1\" creator=\"\(creator)\" xmlns=\"http://www.topografix.com/GPX/1/1\""
          + " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\""
          + " xsi:schemaLocation=\"http://www.topografix.com/GPX/1/1"
          + " http://www.topografix.com/GPX/1/1/gpx.xsd\""
          + " xmlns:gpxtpx=\"\(trackPointExtension)\""
          + " xmlns:strider=\"\(namespace)\">\n")
      if metadata.name != nil || metadata.note != nil || time != nil {
        stream.write("  <metadata>\n")
        if let name = metadata.name { stream.write("    <name>\(escaped(name))</name>\n") }
        if let note = metadata.note { stream.write("    <desc>\(escaped(note))</desc>\n") }
        if let time, time.fitsRFC3339 {
          stream.write("    <time>\(time.iso8601)</time>\n")
        }
        stream.write("  </metadata>\n")
      }
      stream.write("  <trk>\n")
      if let name = metadata.name { stream.write("    <name>\(escaped(name))</name>\n") }
      if let type = metadata.typeText ?? metadata.declaredActivity?.rawValue {
        stream.write("    <type>\(escaped(type))</type>\n")
      }
    }

    /// Writes one point (none for a fix without a valid position), opening a new
    /// `<trkseg>` when the segment changes.
    public mutating func write(
      _ fix: Fix, verdict: Verdict? = nil, to stream: inout some TextOutputStream
    ) {
      guard let coordinate = fix.coordinate, coordinate.isValid else { return }
      if fix.segment != currentSegment {
        if currentSegment != nil { stream.write("    </trkseg>\n") }
        stream.write("    <trkseg>\n")
        currentSegment = fix.segment
      }
      switch style {
      case .full: writePoint(fix, at: coordinate, verdict: verdict, to: &stream)
      case .plain: writePlainPoint(fix, at: coordinate, to: &stream)
      }
    }

    /// Closes the last segment, the track and the file.
    public func end(to stream: inout some TextOutputStream) {
      if currentSegment != nil { stream.write("    </trkseg>\n") }
      stream.write("  </trk>\n</gpx>\n")
    }
  }

  fileprivate static func writePoint(
    _ fix: Fix, at coordinate: Coordinate, verdict: Verdict?,
    to stream: inout some TextOutputStream
  ) {
    // Built as bytes and written once a point: a dozen interpolated strings a point were
    // most of a GPX export's time.
    var point: [UInt8] = []
    point.reserveCapacity(512)
    func text(_ text: String) { point.append(contentsOf: text.utf8) }
    func element(_ name: String, _ value: (inout [UInt8]) -> Void) {
      text("        <\(name)>")
      value(&point)
      text("</\(name)>\n")
    }
    text("      <trkpt lat=\"")
    appendDecimal(coordinate.latitude, places: Precision.degreePlaces, to: &point)
    text("\" lon=\"")
    appendDecimal(longitude(coordinate.longitude), places: Precision.degreePlaces, to: &point)
    text("\">\n")
    if let altitude = fix.altitude, altitude.value.isFinite {
      element("ele") { appendDecimal(altitude.value, places: Precision.metrePlaces, to: &$0) }
    }
    if let time = fix.time, time.fitsRFC3339 {
      element("time") { time.writeISO8601(to: &$0) }
    }
    switch fix.mode {
    case .noFix: text("        <fix>none</fix>\n")
    case .twoD: text("        <fix>2d</fix>\n")
    case .threeD: text("        <fix>3d</fix>\n")
    case .unknown: break
    }
    // GPX 1.1's <sat> is a nonNegativeInteger: a negative count is left out.
    if let satellites = fix.satellites, satellites >= 0 {
      element("sat") { FixedDecimal.writeDigits(UInt64(satellites), to: &$0) }
    }
    if let hdop = fix.hdop, hdop.isFinite {
      element("hdop") { appendDecimal(hdop, places: Precision.dopPlaces, to: &$0) }
    }
    // A value that is not a number has no text in GPX: it is left out, never written as 0.
    let extensions: [(name: String, value: Double?, places: Int)] = [
      ("speed", fix.speed?.value, Precision.speedPlaces),
      ("course", fix.course?.value, Precision.coursePlaces),
      ("accuracy", fix.horizontalAccuracy?.value, Precision.metrePlaces),
      ("verticalAccuracy", fix.verticalAccuracy?.value, Precision.metrePlaces),
    ]
    let written = extensions.contains { $0.value?.isFinite == true }
    let heartRate = fix.heartRate.flatMap { wholeNumber($0.value, in: 1...255) }
    let cadence = fix.cadence.flatMap { wholeNumber($0.value, in: 0...254) }
    if written || verdict != nil || heartRate != nil || cadence != nil {
      text("        <extensions>\n")
      if heartRate != nil || cadence != nil {
        text("          <gpxtpx:TrackPointExtension>\n")
        if let heartRate { text("            <gpxtpx:hr>\(heartRate)</gpxtpx:hr>\n") }
        if let cadence { text("            <gpxtpx:cad>\(cadence)</gpxtpx:cad>\n") }
        text("          </gpxtpx:TrackPointExtension>\n")
      }
      for (name, value, places) in extensions {
        guard let value, value.isFinite else { continue }
        text("          <strider:\(name)>")
        appendDecimal(value, places: places, to: &point)
        text("</strider:\(name)>\n")
      }
      if let verdict {
        let reason = verdict.reason?.rawValue ?? "accepted"
        text("          <strider:verdict>\(reason)</strider:verdict>\n")
      }
      text("        </extensions>\n")
    }
    text("      </trkpt>\n")
    stream.write(String(decoding: point, as: UTF8.self))
  }

  /// `value` rounded to `places` decimals, as `decimal(_:places:)` writes it.
  static func appendDecimal(_ value: Double, places: Int, to out: inout [UInt8]) {
    if let figure = FixedDecimal(value, places: places) {
      figure.write(to: &out)
    } else {
      out.append(contentsOf: decimal(value, places: places).utf8)
    }
  }

  fileprivate static func writePlainPoint(
    _ fix: Fix, at coordinate: Coordinate, to stream: inout some TextOutputStream
  ) {
    stream.write(
      "      <trkpt lat=\"\(fixed(coordinate.latitude, places: 7))\""
        + " lon=\"\(fixed(longitude(coordinate.longitude), places: 7))\">")
    if let altitude = fix.altitude, altitude.value.isFinite {
      stream.write("<ele>\(fixed(altitude.value, places: 1))</ele>")
    }
    if let time = fix.time, time.fitsRFC3339 {
      let second = GNSSTime(secondsSince1970: time.secondsSince1970.rounded())
      stream.write("<time>\(second.iso8601)</time>")
    }
    stream.write("</trkpt>\n")
  }

  /// The precision the exports write each kind of figure to: what a receiver measures, and
  /// no more (16 decimals of a degree are a tenth of a nanometre). A file read back gives
  /// the same session: positions within a centimetre, speeds within a millimetre a second.
  public enum Precision {
    /// 7 decimals of a degree: about a centimetre.
    public static let degreePlaces = 7
    /// Centimetres: altitudes, accuracies, distances.
    public static let metrePlaces = 2
    /// 0.001 m/s: 0.01 would be enough for any receiver, but a speed a device wrote from
    /// whole km/h (0.555556 m/s) then reads back 0.004 m/s off, which is enough to move a
    /// sparse track's learnt noise (gb-skyreal.gpx read back 6 % longer).
    public static let speedPlaces = 3
    /// 0.1 degree.
    public static let coursePlaces = 1
    /// Dilutions of precision, as receivers print them.
    public static let dopPlaces = 2

    public static func degrees(_ value: Double) -> String { decimal(value, places: degreePlaces) }
    public static func metres(_ value: Double) -> String { decimal(value, places: metrePlaces) }
    public static func speed(_ value: Double) -> String { decimal(value, places: speedPlaces) }
    public static func course(_ value: Double) -> String { decimal(value, places: coursePlaces) }
    public static func dop(_ value: Double) -> String { decimal(value, places: dopPlaces) }
  }

  /// `value` rounded to `places` decimals, trailing zeros kept off.
  static func fixed(_ value: Double, places: Int) -> String {
    guard value.isFinite else { return "0" }
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let units = (value * scale).rounded()
    guard abs(units) < 9e18 else { return decimal(value) }
    let magnitude = Int64(abs(units))
    let divisor = Int64(scale)
    var text = String(magnitude / divisor)
    var fraction = String(magnitude % divisor)
    if places > 0 {
      fraction = String(repeating: "0", count: places - fraction.count) + fraction
      while fraction.hasSuffix("0") { fraction.removeLast() }
      if !fraction.isEmpty { text += "." + fraction }
    }
    return units < 0 ? "-" + text : text
  }

  /// `value` rounded to a whole number when it lies in `range`, else nil: the check that
  /// keeps `Int(_:)` from trapping on a hostile heart rate of 1e19 or NaN.
  public static func wholeNumber(_ value: Double, in range: ClosedRange<Int>) -> Int? {
    let rounded = value.rounded()
    guard rounded >= Double(range.lowerBound), rounded <= Double(range.upperBound) else {
      return nil
    }
    return Int(rounded)
  }

  private static func element(
    _ name: String, _ value: String, to stream: inout some TextOutputStream
  ) {
    stream.write("        <\(name)>\(value)</\(name)>\n")
  }

  /// A longitude in GPX's range, -180 (inclusive) to 180 (exclusive): the engine takes
  /// 0–360 as some receivers give it (`Coordinate.isValid`), the format does not, and a
  /// reader must not refuse what Strider wrote.
  public static func longitude(_ value: Double) -> Double {
    guard value < -180 || value >= 180 else { return value }
    return value - 360 * ((value + 180) / 360).rounded(.down)
  }

  /// `value` rounded to `places` decimals, written as `decimal` writes: for figures whose
  /// last digits mean nothing (a time of 2227.7000000476837 s is 2227.7 s).
  static func decimal(_ value: Double, places: Int) -> String {
    if let figure = FixedDecimal(value, places: places) { return figure.text() }
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    return decimal(rounded.isFinite ? rounded : value)
  }

  /// The shortest text that reads back as the same double, without an exponent (XML
  /// Schema decimals have none).
  static func decimal(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let text = value.description
    // A byte scan: `contains("e")` finds Foundation's substring search here, a few hundred
    // instructions a byte, on every number of every point (issue 14's slow fuzz input).
    if !text.utf8.contains(UInt8(ascii: "e")) {
      return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
    // Tiny or huge magnitudes: fixed notation with twelve decimals is ample for GPS data.
    let negative = value < 0
    let scaled = (abs(value) * 1e12).rounded()
    guard scaled < 9e18 else { return (negative ? "-" : "") + spelledOut(abs(value)) }
    let units = Int64(scaled)
    var fraction = String(units % 1_000_000_000_000)
    fraction = String(repeating: "0", count: 12 - fraction.count) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    let whole = String(units / 1_000_000_000_000)
    let body = fraction.isEmpty ? whole : whole + "." + fraction
    return negative && body != "0" ? "-" + body : body
  }

  /// A large finite magnitude (at least about 9e6) in plain digits: the shortest digits
  /// that read back as the same double (`description`), with the exponent written out as
  /// zeros. Up to 309 digits for `Double.greatestFiniteMagnitude`, but never a trap: a
  /// hostile `<ele>1e19</ele>` exports as what it said.
  static func spelledOut(_ magnitude: Double) -> String {
    let text = magnitude.description
    guard let e = text.firstIndex(of: "e"), let exponent = Int(text[text.index(after: e)...])
    else { return text.hasSuffix(".0") ? String(text.dropLast(2)) : text }
    let mantissa = text[..<e].split(separator: ".", omittingEmptySubsequences: false)
    let whole = mantissa[0]
    let digits = whole + (mantissa.count > 1 ? mantissa[1] : "")
    let point = whole.count + exponent
    guard point < digits.count else {
      return String(digits) + String(repeating: "0", count: point - digits.count)
    }
    return String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
  }

  /// Text as XML 1.0 character data. The markup characters become entities; the characters
  /// XML 1.0 cannot hold at all, even as references (C0 controls other than tab, line feed
  /// and carriage return, U+FFFE and U+FFFF), become U+FFFD: a session named after a file
  /// whose name holds a BEL or an ESC still exports as well-formed GPX.
  static func escaped(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
      case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": out += "\u{FFFD}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
