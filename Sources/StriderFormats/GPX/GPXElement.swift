/// The GPX elements the reader acts on, by where they may appear; everything else is `other`
/// and skipped with all its descendants.
enum GPXElement: XMLTrackElement {
  case gpx
  case metadata
  /// `<metadata><name>` (GPX 1.1) or `<gpx><name>` (GPX 1.0).
  case documentName
  case track
  case trackName
  case trackType
  case segment
  case point
  case elevation
  case time
  case hdop
  case vdop
  case fix
  case satellites
  case speed
  case course
  /// `<trkpt><extensions>` and anything inside it, searched for our own fields.
  case pointExtensions
  /// `strider:accuracy`: horizontal accuracy in metres.
  case accuracy
  /// `strider:verticalAccuracy`: vertical accuracy in metres.
  case verticalAccuracy
  case other

  static var root: Self { .gpx }
  static var rootName: StaticString { "gpx" }

  /// Whether the reader collects the element's text.
  var isLeaf: Bool {
    switch self {
    case .documentName, .trackName, .trackType, .elevation, .time, .hdop, .vdop, .fix,
      .satellites, .speed, .course, .accuracy, .verticalAccuracy:
      return true
    default:
      return false
    }
  }

  var textName: String {
    switch self {
    case .elevation: return "ele"
    case .time: return "time"
    case .hdop: return "hdop"
    case .vdop: return "vdop"
    case .speed: return "speed"
    case .course: return "course"
    case .accuracy: return "accuracy"
    case .verticalAccuracy: return "verticalAccuracy"
    default: return "value"
    }
  }

  /// The element a child with this local name is, inside `parent`.
  static func child(of parent: GPXElement, named name: ArraySlice<UInt8>) -> GPXElement {
    element(childOf: parent, named: name)
  }

  /// `child(of:named:)` for any bytes (the fast path reads names from its buffer pointer).
  @inline(__always)
  static func element<Name: RandomAccessCollection<UInt8>>(
    childOf parent: GPXElement, named name: Name
  ) -> GPXElement where Name.Index == Int {
    switch parent {
    case .gpx:
      if XMLName.matches(name, "trk") { return .track }
      if XMLName.matches(name, "metadata") { return .metadata }
      if XMLName.matches(name, "name") { return .documentName }
    case .metadata:
      if XMLName.matches(name, "name") { return .documentName }
    case .track:
      if XMLName.matches(name, "trkseg") { return .segment }
      if XMLName.matches(name, "name") { return .trackName }
      if XMLName.matches(name, "type") { return .trackType }
    case .segment:
      if XMLName.matches(name, "trkpt") { return .point }
    case .point:
      switch name.count {
      case 3:
        if XMLName.matches(name, "ele") { return .elevation }
        if XMLName.matches(name, "fix") { return .fix }
        if XMLName.matches(name, "sat") { return .satellites }
      case 4:
        if XMLName.matches(name, "time") { return .time }
        if XMLName.matches(name, "hdop") { return .hdop }
        if XMLName.matches(name, "vdop") { return .vdop }
      case 5:
        if XMLName.matches(name, "speed") { return .speed }
      case 6:
        if XMLName.matches(name, "course") { return .course }
      case 10:
        if XMLName.matches(name, "extensions") { return .pointExtensions }
      default: break
      }
    case .pointExtensions:
      if XMLName.matches(name, "accuracy") { return .accuracy }
      if XMLName.matches(name, "verticalAccuracy") { return .verticalAccuracy }
      if XMLName.matches(name, "speed") { return .speed }
      if XMLName.matches(name, "course") { return .course }
      return .pointExtensions
    default: break
    }
    return .other
  }
}
