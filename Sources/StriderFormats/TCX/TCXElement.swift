/// The TCX elements the reader acts on, by where they may appear; everything else is `other`
/// and skipped with all its descendants.
///
/// Follows the Training Center Database v2 schema
/// (https://www8.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd) and its Activity
/// Extension v2 (`TPX`), matched by local name so any namespace prefix works.
enum TCXElement {
  case root
  case activities
  case multiSportSession
  /// `<FirstSport>` or `<NextSport>` of a multi-sport session.
  case sportLeg
  case activity
  case activityID
  case courses
  case course
  case courseName
  /// `<Creator>`: the recording device.
  case creator
  case creatorName
  /// `<Author>`: the program that wrote the file.
  case author
  case authorName
  case lap
  case lapTotalTime
  case lapDistance
  case lapCalories
  case track
  case trackpoint
  case time
  case position
  case latitude
  case longitude
  case altitude
  case distance
  case heartRate
  case heartRateValue
  case cadence
  case pointExtensions
  /// `<TPX>`, the Activity Extension v2 trackpoint fields.
  case tpx
  case speed
  case runCadence
  case other

  /// Whether the reader collects the element's text.
  var isLeaf: Bool {
    switch self {
    case .activityID, .courseName, .creatorName, .authorName, .lapTotalTime, .lapDistance,
      .lapCalories, .time, .latitude, .longitude, .altitude, .distance, .heartRateValue,
      .cadence, .speed, .runCadence:
      return true
    default:
      return false
    }
  }

  /// The element a child with this local name is, inside `parent`.
  static func child(of parent: TCXElement, named name: ArraySlice<UInt8>) -> TCXElement {
    switch parent {
    case .trackpoint:
      if matches(name, "Time") { return .time }
      if matches(name, "Position") { return .position }
      if matches(name, "AltitudeMeters") { return .altitude }
      if matches(name, "DistanceMeters") { return .distance }
      if matches(name, "HeartRateBpm") { return .heartRate }
      if matches(name, "Cadence") { return .cadence }
      if matches(name, "Extensions") { return .pointExtensions }
    case .position:
      if matches(name, "LatitudeDegrees") { return .latitude }
      if matches(name, "LongitudeDegrees") { return .longitude }
    case .heartRate:
      if matches(name, "Value") { return .heartRateValue }
    case .pointExtensions:
      if matches(name, "TPX") { return .tpx }
    case .tpx:
      if matches(name, "Speed") { return .speed }
      if matches(name, "RunCadence") { return .runCadence }
    case .track:
      if matches(name, "Trackpoint") { return .trackpoint }
    case .lap:
      if matches(name, "Track") { return .track }
      if matches(name, "TotalTimeSeconds") { return .lapTotalTime }
      if matches(name, "DistanceMeters") { return .lapDistance }
      if matches(name, "Calories") { return .lapCalories }
    case .activity:
      if matches(name, "Lap") { return .lap }
      if matches(name, "Id") { return .activityID }
      if matches(name, "Creator") { return .creator }
    case .course:
      if matches(name, "Track") { return .track }
      if matches(name, "Lap") { return .lap }
      if matches(name, "Name") { return .courseName }
      if matches(name, "Creator") { return .creator }
    case .root:
      if matches(name, "Activities") { return .activities }
      if matches(name, "Courses") { return .courses }
      if matches(name, "Author") { return .author }
    case .activities:
      if matches(name, "Activity") { return .activity }
      if matches(name, "MultiSportSession") { return .multiSportSession }
    case .multiSportSession:
      if matches(name, "FirstSport") || matches(name, "NextSport") { return .sportLeg }
    case .sportLeg:
      if matches(name, "Activity") { return .activity }
    case .courses:
      if matches(name, "Course") { return .course }
    case .creator:
      if matches(name, "Name") { return .creatorName }
    case .author:
      if matches(name, "Name") { return .authorName }
    default: break
    }
    return .other
  }

  @inline(__always)
  static func matches(_ name: ArraySlice<UInt8>, _ literal: StaticString) -> Bool {
    guard name.count == literal.utf8CodeUnitCount else { return false }
    let start = literal.utf8Start
    var i = 0
    for byte in name {
      guard byte == start[i] else { return false }
      i += 1
    }
    return true
  }
}
