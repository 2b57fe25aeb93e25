/// The GPX elements the reader acts on, by where they may appear; everything else is `other`
/// and skipped with all its descendants.
enum GPXElement {
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

  /// The element a child with this local name is, inside `parent`.
  static func child(of parent: GPXElement, named name: ArraySlice<UInt8>) -> GPXElement {
    switch parent {
    case .gpx:
      if matches(name, "trk") { return .track }
      if matches(name, "metadata") { return .metadata }
      if matches(name, "name") { return .documentName }
    case .metadata:
      if matches(name, "name") { return .documentName }
    case .track:
      if matches(name, "trkseg") { return .segment }
      if matches(name, "name") { return .trackName }
      if matches(name, "type") { return .trackType }
    case .segment:
      if matches(name, "trkpt") { return .point }
    case .point:
      switch name.count {
      case 3:
        if matches(name, "ele") { return .elevation }
        if matches(name, "fix") { return .fix }
        if matches(name, "sat") { return .satellites }
      case 4:
        if matches(name, "time") { return .time }
        if matches(name, "hdop") { return .hdop }
        if matches(name, "vdop") { return .vdop }
      case 5:
        if matches(name, "speed") { return .speed }
      case 6:
        if matches(name, "course") { return .course }
      case 10:
        if matches(name, "extensions") { return .pointExtensions }
      default: break
      }
    case .pointExtensions:
      if matches(name, "accuracy") { return .accuracy }
      if matches(name, "verticalAccuracy") { return .verticalAccuracy }
      if matches(name, "speed") { return .speed }
      if matches(name, "course") { return .course }
      return .pointExtensions
    default: break
    }
    return .other
  }

  @inline(__always)
  private static func matches(_ name: ArraySlice<UInt8>, _ literal: StaticString) -> Bool {
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
