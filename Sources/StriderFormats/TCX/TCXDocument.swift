import StriderCore

/// What the TCX reader knows of the vocabulary: activities, laps, tracks and the fields of
/// the `<Trackpoint>` being read (`TCXReader` describes the mapping). `XMLElementStack`
/// drives it.
struct TCXDocument: XMLTrackDocument {
  private(set) var metadata = TrackMetadata()
  private(set) var laps: [TCXLap] = []
  private(set) var sports: [String] = []
  private var segment = -1
  private var count = 0
  private var point = PendingTrackpoint()
  private var sport: String?
  private var authorName: String?

  mutating func finish() {
    if metadata.creator == nil { metadata.creator = authorName }
  }

  mutating func start(_ element: TCXElement, in scanner: XMLScanner) throws(FormatError) {
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
      try startLap(scanner)
    case .track:
      segment += 1
    case .trackpoint:
      point = PendingTrackpoint()
      point.line = scanner.tagLine
    case .position:
      point.hasPosition = true
      point.positionPlace = scanner.position(inTagAt: scanner.nameStart)
    default:
      break
    }
  }

  private mutating func startLap(_ scanner: XMLScanner) throws(FormatError) {
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

  mutating func end(_ element: TCXElement, in scanner: XMLScanner) throws(FormatError) -> Fix? {
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

  mutating func leaf(
    _ element: TCXElement, text: ArraySlice<UInt8>, at place: XMLTextPlace, in scanner: XMLScanner
  ) throws(FormatError) {
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
        throw scanner.errorInText(
          .invalidTime, "Time \(XMLScanner.quoted(text)) is not an RFC 3339 date-time", at: place)
      }
      point.time = time
    default:
      guard !text.isEmpty else { return }
      guard let value = ASCIINumber.double(text) else {
        throw scanner.errorInText(
          .invalidNumber, "\(Self.name(of: element)) \(XMLScanner.quoted(text)) is not a number",
          at: place)
      }
      try store(value, text: text, in: element, at: place, in: scanner)
    }
  }

  private mutating func store(
    _ value: Double, text: ArraySlice<UInt8>, in element: TCXElement, at place: XMLTextPlace,
    in scanner: XMLScanner
  ) throws(FormatError) {
    switch element {
    case .latitude:
      guard abs(value) <= 90 else {
        throw scanner.errorInText(
          .invalidCoordinate, "latitude \(XMLScanner.snippet(text)) is outside -90...90",
          at: place)
      }
      point.latitude = value
    case .longitude:
      guard abs(value) <= 180 else {
        throw scanner.errorInText(
          .invalidCoordinate, "longitude \(XMLScanner.snippet(text)) is outside -180...180",
          at: place)
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
