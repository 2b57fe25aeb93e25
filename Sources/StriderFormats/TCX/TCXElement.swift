/// The TCX elements the reader acts on, by where they may appear; everything else is `other`
/// and skipped with all its descendants.
///
/// Follows the Training Center Database v2 schema
/// (https://www8.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd) and its Activity
/// Extension v2 (`TPX`), matched by local name so any namespace prefix works.
enum TCXElement: XMLTrackElement {
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
  case lapIntensity
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

  static var rootName: StaticString { "TrainingCenterDatabase" }

  /// Whether the reader collects the element's text.
  var isLeaf: Bool {
    switch self {
    case .activityID, .courseName, .creatorName, .authorName, .lapTotalTime, .lapDistance,
      .lapCalories, .lapIntensity, .time, .latitude, .longitude, .altitude, .distance,
      .heartRateValue,
      .cadence, .speed, .runCadence:
      return true
    default:
      return false
    }
  }

  var textName: String {
    switch self {
    case .time: return "Time"
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
    case .lapIntensity: return "Intensity"
    default: return "value"
    }
  }

  /// The element a child with this local name is, inside `parent`.
  static func child(of parent: TCXElement, named name: ArraySlice<UInt8>) -> TCXElement {
    switch parent {
    case .trackpoint:
      if XMLName.matches(name, "Time") { return .time }
      if XMLName.matches(name, "Position") { return .position }
      if XMLName.matches(name, "AltitudeMeters") { return .altitude }
      if XMLName.matches(name, "DistanceMeters") { return .distance }
      if XMLName.matches(name, "HeartRateBpm") { return .heartRate }
      if XMLName.matches(name, "Cadence") { return .cadence }
      if XMLName.matches(name, "Extensions") { return .pointExtensions }
    case .position:
      if XMLName.matches(name, "LatitudeDegrees") { return .latitude }
      if XMLName.matches(name, "LongitudeDegrees") { return .longitude }
    case .heartRate:
      if XMLName.matches(name, "Value") { return .heartRateValue }
    case .pointExtensions:
      if XMLName.matches(name, "TPX") { return .tpx }
    case .tpx:
      if XMLName.matches(name, "Speed") { return .speed }
      if XMLName.matches(name, "RunCadence") { return .runCadence }
    case .track:
      if XMLName.matches(name, "Trackpoint") { return .trackpoint }
    case .lap:
      if XMLName.matches(name, "Track") { return .track }
      if XMLName.matches(name, "TotalTimeSeconds") { return .lapTotalTime }
      if XMLName.matches(name, "DistanceMeters") { return .lapDistance }
      if XMLName.matches(name, "Calories") { return .lapCalories }
      if XMLName.matches(name, "Intensity") { return .lapIntensity }
    case .activity:
      if XMLName.matches(name, "Lap") { return .lap }
      if XMLName.matches(name, "Id") { return .activityID }
      if XMLName.matches(name, "Creator") { return .creator }
    case .course:
      if XMLName.matches(name, "Track") { return .track }
      if XMLName.matches(name, "Lap") { return .lap }
      if XMLName.matches(name, "Name") { return .courseName }
      if XMLName.matches(name, "Creator") { return .creator }
    case .root:
      if XMLName.matches(name, "Activities") { return .activities }
      if XMLName.matches(name, "Courses") { return .courses }
      if XMLName.matches(name, "Author") { return .author }
    case .activities:
      if XMLName.matches(name, "Activity") { return .activity }
      if XMLName.matches(name, "MultiSportSession") { return .multiSportSession }
    case .multiSportSession:
      if XMLName.matches(name, "FirstSport") || XMLName.matches(name, "NextSport") {
        return .sportLeg
      }
    case .sportLeg:
      if XMLName.matches(name, "Activity") { return .activity }
    case .courses:
      if XMLName.matches(name, "Course") { return .course }
    case .creator:
      if XMLName.matches(name, "Name") { return .creatorName }
    case .author:
      if XMLName.matches(name, "Name") { return .authorName }
    default: break
    }
    return .other
  }
}
