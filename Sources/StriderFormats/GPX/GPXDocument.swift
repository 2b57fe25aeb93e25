import StriderCore

/// What the GPX reader knows of the vocabulary: the track, its segments and points, the
/// names and type, and the fields of the `<trkpt>` being read (`GPXReader` describes the
/// mapping). `XMLElementStack` drives it.
struct GPXDocument: XMLTrackDocument {
  private(set) var metadata = TrackMetadata()
  private var segment = -1
  private var point = PendingPoint()
  private var documentName: String?
  private var trackName: String?

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
    case .time:
      point.time = try scanner.time(text, of: element, at: place)
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
        throw scanner.errorInText(
          .invalidNumber, "sat \(XMLScanner.quoted(text)) is not a whole number", at: place)
      }
      point.satellites = value
    default:
      guard let value = try scanner.number(text, of: element, at: place) else { return }
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
