import StriderCore

/// Reads the track points of a GPX 1.0 or 1.1 file as fixes, streaming.
///
/// Follows the GPX 1.1 schema (https://www.topografix.com/GPX/1/1/) and the 1.0 fields it
/// dropped (`<speed>` in m/s, `<course>` in degrees). Elements are matched by local name, so
/// any namespace prefix works; waypoints, routes, metadata other than the name, and unknown
/// extensions are skipped. Each `<trkseg>` in the file gets the next segment number, across
/// tracks.
///
/// Accuracy: GPX gives dilutions of precision, not metres. `horizontalAccuracy` is
/// `hdop × 5 m` and `verticalAccuracy` is `vdop × 5 m`, taking 5 m as the user-equivalent
/// range error of a consumer receiver; an `accuracy` (or `verticalAccuracy`) element in the
/// point's extensions, as Strider writes them in `urn:strider:gpx:1`, is in metres and wins.
/// `<fix>`: `none` → `.noFix`, `2d` → `.twoD`, `3d`/`dgps`/`pps` → `.threeD`, absent or
/// anything else → `.unknown`.
public struct GPXReader: FixReader {
  /// The assumed user-equivalent range error that turns a DOP into metres.
  public static let userEquivalentRangeError = Meters(5)

  public var format: FileFormat { .gpx }
  public private(set) var metadata = TrackMetadata()

  private var scanner: XMLScanner
  private var contexts: [GPXElement] = []
  private var segment = -1
  private var count = 0
  private var point = PendingPoint()
  private var textLine = 0
  private var textColumn = 0
  private var documentName: String?
  private var trackName: String?
  private var finished = false

  /// Reads from any chunk source; `fileName` is used in error messages.
  public init(source: some ByteChunkSource, fileName: String) {
    scanner = XMLScanner(source: source, fileName: fileName)
  }

  /// Reads GPX text already in memory.
  public init(bytes: [UInt8], fileName: String) {
    self.init(source: MemoryByteSource(bytes: bytes), fileName: fileName)
  }

  public mutating func next() throws(FormatError) -> Fix? {
    guard !finished else { return nil }
    while true {
      switch try scanner.next() {
      case .startTag:
        try startElement()
      case .endTag:
        if let fix = try endElement() { return fix }
      case .end:
        finished = true
        return nil
      }
    }
  }

  // MARK: - Elements

  private mutating func startElement() throws(FormatError) {
    let element: GPXElement
    if let parent = contexts.last {
      element = GPXElement.child(of: parent, named: scanner.localName)
    } else {
      guard scanner.localName.elementsEqual("gpx".utf8) else {
        throw scanner.error(
          .notGPX, "the root element is <\(scanner.qualifiedName)>, not <gpx>",
          inTagAt: scanner.nameStart)
      }
      element = .gpx
      if let creator = try scanner.attribute("creator") {
        metadata.creator = String(decoding: creator.value, as: UTF8.self)
      }
    }
    contexts.append(element)
    switch element {
    case .segment:
      segment += 1
    case .point:
      try startPoint()
    default:
      if element.isLeaf {
        scanner.beginText()
        (textLine, textColumn) = scanner.currentPosition
      }
    }
  }

  private mutating func startPoint() throws(FormatError) {
    point = PendingPoint()
    point.line = scanner.tagLine
    let latitude = try coordinate("lat", limit: 90, noun: "latitude")
    let longitude = try coordinate("lon", limit: 180, noun: "longitude")
    point.coordinate = Coordinate(latitude: latitude, longitude: longitude)
  }

  private func coordinate(_ name: StaticString, limit: Double, noun: String) throws(FormatError)
    -> Double
  {
    guard let attribute = try scanner.attribute(name) else {
      throw scanner.error(
        .invalidCoordinate, "<\(scanner.qualifiedName)> has no \(name) attribute",
        inTagAt: scanner.nameStart)
    }
    guard let value = ASCIINumber.double(attribute.value) else {
      throw scanner.error(
        .invalidNumber, "\(name) \(XMLScanner.quoted(attribute.value)) is not a number",
        inTagAt: attribute.index)
    }
    guard abs(value) <= limit else {
      throw scanner.error(
        .invalidCoordinate,
        "\(noun) \(XMLScanner.snippet(attribute.value)) is outside \(-Int(limit))...\(Int(limit))",
        inTagAt: attribute.index)
    }
    return value
  }

  private mutating func endElement() throws(FormatError) -> Fix? {
    guard let element = contexts.popLast() else { return nil }
    if element.isLeaf {
      scanner.captureText = false
      try finishLeaf(element)
      return nil
    }
    guard element == .point else { return nil }
    let fix = point.fix(segment: segment, index: count)
    count += 1
    return fix
  }

  private mutating func finishLeaf(_ element: GPXElement) throws(FormatError) {
    let text = ASCIINumber.trimmed(scanner.text[...])
    switch element {
    case .documentName:
      documentName = text.isEmpty ? nil : String(decoding: text, as: UTF8.self)
      if trackName == nil { metadata.name = documentName }
    case .trackName:
      if trackName == nil, !text.isEmpty {
        trackName = String(decoding: text, as: UTF8.self)
        metadata.name = trackName
      }
    case .trackType:
      if metadata.typeText == nil, !text.isEmpty {
        let type = String(decoding: text, as: UTF8.self)
        metadata.typeText = type
        metadata.declaredActivity = TrackMetadata.activity(fromTypeText: type)
      }
    case .time:
      guard !text.isEmpty else {
        point.time = nil
        return
      }
      guard let time = TimestampParser.parse(text) else {
        throw textError(
          .invalidTime, "time \(XMLScanner.quoted(text)) is not an RFC 3339 date-time")
      }
      point.time = time
    case .fix:
      switch String(decoding: text, as: UTF8.self).lowercased() {
      case "none": point.mode = .noFix
      case "2d": point.mode = .twoD
      case "3d", "dgps", "pps": point.mode = .threeD
      default: point.mode = .unknown
      }
    case .satellites:
      guard !text.isEmpty else { return }
      guard let value = ASCIINumber.integer(text) else {
        throw textError(.invalidNumber, "sat \(XMLScanner.quoted(text)) is not a whole number")
      }
      point.satellites = value
    default:
      guard !text.isEmpty else { return }
      guard let value = ASCIINumber.double(text) else {
        throw textError(
          .invalidNumber, "\(Self.name(of: element)) \(XMLScanner.quoted(text)) is not a number")
      }
      switch element {
      case .elevation: point.elevation = value
      case .hdop: point.hdop = value
      case .vdop: point.vdop = value
      case .speed: point.speed = value
      case .course: point.course = value
      case .accuracy: point.accuracy = value
      case .verticalAccuracy: point.verticalAccuracy = value
      default: break
      }
    }
  }

  /// An error at the first non-blank byte of the current element's text.
  private func textError(_ code: FormatError.Code, _ message: String) -> FormatError {
    scanner.errorInText(code, message, textLine: textLine, textColumn: textColumn)
  }

  private static func name(of element: GPXElement) -> String {
    switch element {
    case .elevation: return "ele"
    case .hdop: return "hdop"
    case .vdop: return "vdop"
    case .speed: return "speed"
    case .course: return "course"
    case .accuracy: return "accuracy"
    case .verticalAccuracy: return "verticalAccuracy"
    default: return "value"
    }
  }

}

/// The fields of the `<trkpt>` being read.
private struct PendingPoint {
  var line = 0
  var coordinate: Coordinate?
  var elevation: Double?
  var time: GNSSTime?
  var hdop: Double?
  var vdop: Double?
  var mode = FixMode.unknown
  var satellites: Int?
  var speed: Double?
  var course: Double?
  var accuracy: Double?
  var verticalAccuracy: Double?

  func fix(segment: Int, index: Int) -> Fix {
    let ure = GPXReader.userEquivalentRangeError.value
    let horizontal = accuracy ?? hdop.map { $0 * ure }
    let vertical = verticalAccuracy ?? vdop.map { $0 * ure }
    return Fix(
      time: time, coordinate: coordinate, altitude: elevation.map(Meters.init),
      horizontalAccuracy: horizontal.map(Meters.init),
      verticalAccuracy: vertical.map(Meters.init), speed: speed.map(MetersPerSecond.init),
      course: course.map(Degrees.init), mode: mode, satellites: satellites, hdop: hdop,
      segment: max(segment, 0), origin: FixOrigin(index: index, line: line))
  }
}
