import StriderCore

/// What the TCX reader knows of the vocabulary: activities, laps, tracks and the fields of
/// the `<Trackpoint>` being read (`TCXReader` describes the mapping). `XMLElementStack`
/// drives it.
struct TCXDocument: XMLTrackDocument {
  private(set) var metadata = TrackMetadata()
  private(set) var laps: [TCXLap] = []
  private(set) var sports: [String] = []
  private var segment = -1
  /// A lap was pressed: its first `<Track>` goes on with the segment before, where its
  /// first point follows the last one read within `lapContinuity`.
  private var lapOpened = false
  private var trackAfterLap = false
  private var lastTime: GNSSTime?
  /// The longest time between the last point of a lap and the first of the next that is
  /// still one stretch: a lap is a button pressed (or an automatic lap), not a pause,
  /// which a device writes as a new `<Track>` inside the lap.
  static let lapContinuity = Seconds(30)
  private var point = PendingTrackpoint()
  private var sport: String?
  private var authorName: String?

  mutating func finish() {
    if metadata.creator == nil { metadata.creator = authorName }
  }

  mutating func start(_ element: TCXElement, in scanner: inout XMLScanner) throws(FormatError) {
    switch element {
    case .activity:
      lastTime = nil
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
      lapOpened = true
    case .track:
      if lapOpened {
        trackAfterLap = true
      } else {
        segment += 1
      }
      lapOpened = false
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

  mutating func end(_ element: TCXElement, in scanner: inout XMLScanner) throws(FormatError) -> Fix?
  {
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
      if trackAfterLap {
        trackAfterLap = false
        let follows =
          if let last = lastTime, let time = point.time, segment >= 0 {
            time >= last && time - last <= TCXDocument.lapContinuity
          } else { false }
        if !follows { segment += 1 }
      }
      if let time = point.time { lastTime = time }
      return point.fix(segment: max(segment, 0))
    default:
      return nil
    }
  }

  mutating func leaf(
    _ element: TCXElement, text: ArraySlice<UInt8>, at place: XMLTextPlace,
    in scanner: inout XMLScanner
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
      if let time = try scanner.time(text, of: element, at: place) { point.time = time }
    case .lapIntensity:
      // The schema's Intensity_t: "Active" or "Resting"; anything else is said nothing of.
      let value = String(decoding: ASCIINumber.trimmed(text), as: UTF8.self)
      let intensity: LapIntensity? =
        value == "Resting" ? .rest : value == "Active" ? .active : nil
      updateLap { $0.intensity = intensity }
    default:
      guard let value = try scanner.number(text, of: element, at: place) else { return }
      try store(value, text: text, in: element, at: place, in: scanner)
    }
  }

  private mutating func store(
    _ value: Double, text: ArraySlice<UInt8>, in element: TCXElement, at place: XMLTextPlace,
    in scanner: XMLScanner
  ) throws(FormatError) {
    switch element {
    case .latitude, .longitude:
      let (limit, noun) = element == .latitude ? (90, "latitude") : (180, "longitude")
      guard abs(value) <= Double(limit) else {
        throw scanner.errorInText(
          .invalidCoordinate, "\(noun) \(XMLScanner.snippet(text)) is outside -\(limit)...\(limit)",
          at: place)
      }
      if element == .latitude { point.latitude = value } else { point.longitude = value }
    case .altitude: point.altitude = value
    case .distance: point.distance = value
    // 255, an unsigned byte's all ones, is FIT's "no reading", which converters carry into
    // TCX for a watch without its strap: no heart beats that fast.
    case .heartRateValue: point.heartRate = value == 255 ? nil : value
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

  func fix(segment: Int) -> Fix {
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
      origin: FixOrigin(line: line))
  }
}
