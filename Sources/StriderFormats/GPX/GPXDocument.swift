import StriderCore

/// What the GPX reader knows of the vocabulary: the track, its segments and points, the
/// names and type, and the fields of the `<trkpt>` being read (`GPXReader` describes the
/// mapping). `XMLElementStack` drives it.
struct GPXDocument: XMLTrackDocument {
  private(set) var metadata = TrackMetadata()
  /// The number of the `<trkseg>` being read (-1 before the first).
  private(set) var segment = -1
  private var point = PendingPoint()
  private var documentName: String?
  private var trackName: String?
  /// Whether `readAhead` tries the fast path (`GPXPointScan`); tests turn it off to
  /// compare the two, and it turns itself off after many points in a row it cannot read.
  var fastPath = true
  /// Fast-path attempts in a row that left the bytes to the scanner.
  var fastMisses = 0
  /// Points the fast path read.
  var fastReads = 0

  mutating func start(_ element: GPXElement, in scanner: inout XMLScanner) throws(FormatError) {
    switch element {
    case .gpx:
      if let creator = try scanner.attribute("creator") {
        metadata.creator = String(decoding: creator.value, as: UTF8.self)
      }
    case .segment:
      segment += 1
    case .point:
      try startPoint(scanner)
    default:
      break
    }
  }

  private mutating func startPoint(_ scanner: XMLScanner) throws(FormatError) {
    point = PendingPoint()
    point.line = scanner.tagLine
    let latitude = try Self.coordinate("lat", limit: 90, noun: "latitude", in: scanner)
    let longitude = try Self.coordinate("lon", limit: 180, noun: "longitude", in: scanner)
    point.coordinate = Coordinate(latitude: latitude, longitude: longitude)
  }

  private static func coordinate(
    _ name: StaticString, limit: Double, noun: String, in scanner: XMLScanner
  ) throws(FormatError) -> Double {
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

  mutating func end(_ element: GPXElement, in scanner: inout XMLScanner) -> Fix? {
    element == .point ? point.fix(segment: segment) : nil
  }

  mutating func leaf(
    _ element: GPXElement, text: ArraySlice<UInt8>, at place: XMLTextPlace,
    in scanner: inout XMLScanner
  ) throws(FormatError) {
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
    default:
      guard !point.set(element, text: text) else { return }
      throw Self.invalid(element, text: text, at: place, in: scanner)
    }
  }

  /// The error for a point's leaf whose text `PendingPoint.set` refused.
  private static func invalid(
    _ element: GPXElement, text: ArraySlice<UInt8>, at place: XMLTextPlace, in scanner: XMLScanner
  ) -> FormatError {
    let quoted = XMLScanner.quoted(text)
    switch element {
    case .time:
      return scanner.errorInText(
        .invalidTime, "\(element.textName) \(quoted) is not an RFC 3339 date-time", at: place)
    case .satellites:
      return scanner.errorInText(.invalidNumber, "sat \(quoted) is not a whole number", at: place)
    default:
      return scanner.errorInText(
        .invalidNumber, "\(element.textName) \(quoted) is not a number", at: place)
    }
  }
}

/// The fields of the `<trkpt>` being read.
struct PendingPoint {
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

  /// Sets the field a leaf of the point holds from its text (white space trimmed); false
  /// when the text is not valid for it, for the caller to report. Empty text leaves a
  /// field as it was, except `<time>`, which it clears, and `<fix>`, which it makes
  /// `.unknown`.
  @inline(__always)
  mutating func set<Text: RandomAccessCollection<UInt8>>(_ element: GPXElement, text: Text) -> Bool
  where Text.Index == Int {
    switch element {
    case .time:
      guard !text.isEmpty else {
        time = nil
        return true
      }
      guard let value = TimestampParser.parse(text) else { return false }
      time = value
    case .fix:
      mode = Self.mode(text)
    case .satellites:
      guard !text.isEmpty else { return true }
      guard let value = ASCIINumber.integer(text) else { return false }
      satellites = value
    case .elevation, .hdop, .vdop, .speed, .course, .accuracy, .verticalAccuracy:
      guard !text.isEmpty else { return true }
      guard let value = ASCIINumber.double(text) else { return false }
      switch element {
      case .elevation: elevation = value
      case .hdop: hdop = value
      case .vdop: vdop = value
      case .speed: speed = value
      case .course: course = value
      case .accuracy: accuracy = value
      default: verticalAccuracy = value
      }
    default:
      break
    }
    return true
  }

  /// `<fix>`: `none`, `2d`, `3d`, `dgps` or `pps` in any case; anything else is `.unknown`.
  private static func mode<Text: RandomAccessCollection<UInt8>>(_ text: Text) -> FixMode
  where Text.Index == Int {
    func named(_ word: StaticString) -> Bool {
      guard text.count == word.utf8CodeUnitCount else { return false }
      var k = 0
      for byte in text {
        let lower = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
        guard lower == word.utf8Start[k] else { return false }
        k += 1
      }
      return true
    }
    if named("none") { return .noFix }
    if named("2d") { return .twoD }
    if named("3d") || named("dgps") || named("pps") { return .threeD }
    return .unknown
  }

  func fix(segment: Int) -> Fix {
    let ure = GPXReader.userEquivalentRangeError.value
    let horizontal = accuracy ?? hdop.map { $0 * ure }
    let vertical = verticalAccuracy ?? vdop.map { $0 * ure }
    return Fix(
      time: time, coordinate: coordinate, altitude: elevation.map(Meters.init),
      horizontalAccuracy: horizontal.map(Meters.init),
      verticalAccuracy: vertical.map(Meters.init), speed: speed.map(MetersPerSecond.init),
      course: course.map(Degrees.init), mode: mode, satellites: satellites, hdop: hdop,
      segment: max(segment, 0), origin: FixOrigin(line: line))
  }
}
