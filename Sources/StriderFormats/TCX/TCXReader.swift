import StriderCore

/// Reads the trackpoints of a Garmin Training Center (TCX) file as fixes, streaming.
///
/// Follows the Training Center Database v2 schema
/// (https://www8.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd): trackpoints are read
/// from `Activities/Activity/Lap/Track`, from the activities of a `MultiSportSession`
/// (`FirstSport`, `NextSport`) and from `Courses/Course/Track`. Elements are matched by local
/// name, so any namespace prefix works; unknown elements are skipped with their content. The
/// same streaming XML scanner as the GPX reader does the tokenizing, so the same rules hold:
/// no DTD internal subset, no entity expansion, a nesting limit.
///
/// Each `<Track>` element gets the next segment number, across laps and activities, as the
/// reference tools read TCX (a device starts a new Track after a timer pause or a lap).
///
/// A `<Trackpoint>` without `<Position>` (indoor rides, a watch before its first fix, a bike
/// leg with only a sensor) is kept as a time-only fix: `coordinate` nil and mode `.noFix`,
/// with its time, altitude, heart rate and cadence, so the gate records it as `no_fix`
/// instead of losing it. Positioned trackpoints have mode `.unknown`; TCX carries no
/// accuracy, so `horizontalAccuracy` stays nil. `<DistanceMeters>` becomes
/// `deviceDistance`, `<HeartRateBpm><Value>` `heartRate`, `<Cadence>` (bike, rpm) and the
/// extension's `<TPX><RunCadence>` `cadence`, `<TPX><Speed>` (m/s) `speed`.
public struct TCXReader: FixReader {
  public var format: FileFormat { .tcx }
  public private(set) var metadata = TrackMetadata()
  /// The totals of every `<Lap>` read so far, in file order; the lap being read is last.
  public private(set) var laps: [TCXLap] = []
  /// The `Sport` attribute of every `<Activity>` read so far, in file order.
  public private(set) var sports: [String] = []

  private var scanner: XMLScanner
  private var contexts: [TCXElement] = []
  private var segment = -1
  private var count = 0
  private var point = PendingTrackpoint()
  private var sport: String?
  private var textLine = 0
  private var textColumn = 0
  private var authorName: String?
  private var finished = false

  /// Reads from any chunk source; `fileName` is used in error messages.
  public init(source: some ByteChunkSource, fileName: String) {
    scanner = XMLScanner(source: source, fileName: fileName)
  }

  /// Reads TCX text already in memory.
  public init(bytes: [UInt8], fileName: String) {
    self.init(source: MemoryByteSource(bytes: bytes), fileName: fileName)
  }

  /// Whether the first bytes of a file look like TCX: the root element, after an optional
  /// byte-order mark, XML declaration, comments and processing instructions, is
  /// `TrainingCenterDatabase` (with or without a namespace prefix).
  ///
  /// False when the prefix ends before the root element's name does.
  public static func looksLike(prefix: [UInt8]) -> Bool {
    var i = prefix.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    let end = prefix.count
    while true {
      while i < end, ASCIINumber.isSpace(prefix[i]) { i += 1 }
      guard i + 1 < end, prefix[i] == UInt8(ascii: "<") else { return false }
      let next = prefix[i + 1]
      if next == UInt8(ascii: "?") || next == UInt8(ascii: "!") {
        // A declaration, processing instruction, comment or DOCTYPE: skip to its end.
        let closing: [UInt8] =
          prefix[(i + 1)...].starts(with: Array("!--".utf8))
          ? Array("-->".utf8) : [UInt8(ascii: ">")]
        guard let close = firstIndex(of: closing, in: prefix, from: i + 2) else { return false }
        i = close + closing.count
        continue
      }
      var nameEnd = i + 1
      while nameEnd < end, !ASCIINumber.isSpace(prefix[nameEnd]),
        prefix[nameEnd] != UInt8(ascii: ">"), prefix[nameEnd] != UInt8(ascii: "/")
      {
        nameEnd += 1
      }
      guard nameEnd < end else { return false }
      let name = prefix[(i + 1)..<nameEnd]
      let local = name.lastIndex(of: UInt8(ascii: ":")).map { name[($0 + 1)...] } ?? name
      return local.elementsEqual("TrainingCenterDatabase".utf8)
    }
  }

  private static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    var i = start
    while i + needle.count <= bytes.count {
      if bytes[i..<(i + needle.count)].elementsEqual(needle) { return i }
      i += 1
    }
    return nil
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
        if metadata.creator == nil { metadata.creator = authorName }
        return nil
      }
    }
  }

  // MARK: - Elements

  private mutating func startElement() throws(FormatError) {
    let element: TCXElement
    if let parent = contexts.last {
      element = TCXElement.child(of: parent, named: scanner.localName)
    } else {
      guard TCXElement.matches(scanner.localName, "TrainingCenterDatabase") else {
        throw scanner.error(
          .unknownFormat,
          "the root element is <\(scanner.qualifiedName)>, not <TrainingCenterDatabase>",
          inTagAt: scanner.nameStart)
      }
      element = .root
    }
    contexts.append(element)
    switch element {
    case .activity:
      let value = try scanner.attribute("Sport").map {
        String(decoding: ASCIINumber.trimmed($0.value), as: UTF8.self)
      }
      sport = value
      if let value {
        sports.append(value)
        if metadata.typeText == nil, !value.isEmpty {
          metadata.typeText = value
          metadata.declaredActivity = TrackMetadata.activity(fromTypeText: value)
        }
      }
    case .course:
      sport = nil
    case .lap:
      try startLap()
    case .track:
      segment += 1
    case .trackpoint:
      point = PendingTrackpoint()
      point.line = scanner.tagLine
    case .position:
      point.hasPosition = true
      point.positionPlace = scanner.position(inTagAt: scanner.nameStart)
    default:
      if element.isLeaf {
        scanner.beginText()
        (textLine, textColumn) = scanner.currentPosition
      }
    }
  }

  private mutating func startLap() throws(FormatError) {
    var lap = TCXLap(sport: sport)
    if let start = try scanner.attribute("StartTime") {
      guard let time = TimestampParser.parse(start.value) else {
        throw scanner.error(
          .invalidTime,
          "lap StartTime \(XMLScanner.quoted(start.value)) is not an RFC 3339 date-time",
          inTagAt: start.index)
      }
      lap.startTime = time
    }
    laps.append(lap)
  }

  private mutating func endElement() throws(FormatError) -> Fix? {
    guard let element = contexts.popLast() else { return nil }
    if element.isLeaf {
      scanner.captureText = false
      try finishLeaf(element)
      return nil
    }
    switch element {
    case .position:
      guard point.latitude != nil, point.longitude != nil else {
        let missing = point.latitude == nil ? "LatitudeDegrees" : "LongitudeDegrees"
        throw scanner.error(
          .invalidCoordinate, "<Position> has no <\(missing)>", line: point.positionPlace.line,
          column: point.positionPlace.column)
      }
      return nil
    case .trackpoint:
      let fix = point.fix(segment: max(segment, 0), index: count)
      count += 1
      return fix
    default:
      return nil
    }
  }

  private mutating func finishLeaf(_ element: TCXElement) throws(FormatError) {
    let text = ASCIINumber.trimmed(scanner.text[...])
    switch element {
    case .activityID, .courseName:
      if metadata.name == nil, !text.isEmpty {
        metadata.name = String(decoding: text, as: UTF8.self)
      }
    case .creatorName:
      if metadata.creator == nil, !text.isEmpty {
        metadata.creator = String(decoding: text, as: UTF8.self)
      }
    case .authorName:
      if authorName == nil, !text.isEmpty { authorName = String(decoding: text, as: UTF8.self) }
    case .time:
      guard !text.isEmpty else { return }
      guard let time = TimestampParser.parse(text) else {
        throw textError(
          .invalidTime, "Time \(XMLScanner.quoted(text)) is not an RFC 3339 date-time")
      }
      point.time = time
    default:
      guard !text.isEmpty else { return }
      guard let value = ASCIINumber.double(text) else {
        throw textError(
          .invalidNumber, "\(Self.name(of: element)) \(XMLScanner.quoted(text)) is not a number")
      }
      try store(value, text: text, in: element)
    }
  }

  private mutating func store(_ value: Double, text: ArraySlice<UInt8>, in element: TCXElement)
    throws(FormatError)
  {
    switch element {
    case .latitude:
      guard abs(value) <= 90 else {
        throw textError(
          .invalidCoordinate, "latitude \(XMLScanner.snippet(text)) is outside -90...90")
      }
      point.latitude = value
    case .longitude:
      guard abs(value) <= 180 else {
        throw textError(
          .invalidCoordinate, "longitude \(XMLScanner.snippet(text)) is outside -180...180")
      }
      point.longitude = value
    case .altitude: point.altitude = value
    case .distance: point.distance = value
    case .heartRateValue: point.heartRate = value
    case .cadence: point.cadence = value
    case .runCadence: point.runCadence = value
    case .speed: point.speed = value
    case .lapTotalTime: updateLap { $0.totalTime = Seconds(value) }
    case .lapDistance: updateLap { $0.distance = Meters(value) }
    case .lapCalories: updateLap { $0.calories = Kilocalories(value) }
    default: break
    }
  }

  private mutating func updateLap(_ change: (inout TCXLap) -> Void) {
    guard !laps.isEmpty else { return }
    change(&laps[laps.count - 1])
  }

  /// An error at the first non-blank byte of the current element's text.
  private func textError(_ code: FormatError.Code, _ message: String) -> FormatError {
    scanner.errorInText(code, message, textLine: textLine, textColumn: textColumn)
  }

  private static func name(of element: TCXElement) -> String {
    switch element {
    case .latitude: return "LatitudeDegrees"
    case .longitude: return "LongitudeDegrees"
    case .altitude: return "AltitudeMeters"
    case .distance, .lapDistance: return "DistanceMeters"
    case .heartRateValue: return "HeartRateBpm"
    case .cadence: return "Cadence"
    case .runCadence: return "RunCadence"
    case .speed: return "Speed"
    case .lapTotalTime: return "TotalTimeSeconds"
    case .lapCalories: return "Calories"
    default: return "value"
    }
  }

}

/// The fields of the `<Trackpoint>` being read.
private struct PendingTrackpoint {
  var line = 0
  var time: GNSSTime?
  var hasPosition = false
  var positionPlace = (line: 0, column: 0)
  var latitude: Double?
  var longitude: Double?
  var altitude: Double?
  var distance: Double?
  var heartRate: Double?
  var cadence: Double?
  var runCadence: Double?
  var speed: Double?

  func fix(segment: Int, index: Int) -> Fix {
    var coordinate: Coordinate?
    if hasPosition, let latitude, let longitude {
      coordinate = Coordinate(latitude: latitude, longitude: longitude)
    }
    return Fix(
      time: time, coordinate: coordinate, altitude: altitude.map(Meters.init),
      speed: speed.map(MetersPerSecond.init), mode: coordinate == nil ? .noFix : .unknown,
      heartRate: heartRate.map(BeatsPerMinute.init),
      cadence: (cadence ?? runCadence).map(RevolutionsPerMinute.init),
      deviceDistance: distance.map(Meters.init), segment: segment,
      origin: FixOrigin(index: index, line: line))
  }
}
