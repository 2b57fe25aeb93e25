/// One observation as the receiver reported it.
///
/// A fix is raw data: nothing in it has been judged or smoothed. Its only time is the
/// GNSS time the receiver attached to it; files without times give fixes with `time == nil`.
public struct Fix: Hashable, Sendable {
  /// When the receiver took the fix (GNSS time, UTC), if the source said.
  public var time: GNSSTime?
  /// Where, if the record has a position at all (no-fix records do not).
  public var coordinate: Coordinate?
  /// Height above the ellipsoid or mean sea level, as the source gives it.
  public var altitude: Meters?
  /// Horizontal accuracy (about one standard deviation of radial error), if reported.
  public var horizontalAccuracy: Meters?
  /// Vertical accuracy, if reported.
  public var verticalAccuracy: Meters?
  /// Speed over ground measured by the receiver (Doppler), if reported.
  public var speed: MetersPerSecond?
  /// Course over ground, degrees clockwise from true north, if reported.
  public var course: Degrees?
  /// What kind of solution the receiver had.
  public var mode: FixMode
  /// Where the position came from: satellites, or a network (cell / Wi-Fi) guess.
  public var provider: PositionProvider
  /// Satellites used, if reported.
  public var satellites: Int?
  /// Horizontal dilution of precision, if reported.
  public var hdop: Double?
  /// Heart rate from a chest strap or watch, when the source carries it (TCX, GPX extensions).
  public var heartRate: BeatsPerMinute?
  /// Cadence, when the source carries it.
  public var cadence: RevolutionsPerMinute?
  /// The distance the recording device itself had counted at this point (TCX), for
  /// comparison; Strider never uses it for its own figures.
  public var deviceDistance: Meters?
  /// Index of the track segment in its source; a change of segment is a gap, never a line.
  public var segment: Int
  /// Where in the source this fix was read, for error messages and exports.
  public var origin: FixOrigin

  public init(
    time: GNSSTime?,
    coordinate: Coordinate?,
    altitude: Meters? = nil,
    horizontalAccuracy: Meters? = nil,
    verticalAccuracy: Meters? = nil,
    speed: MetersPerSecond? = nil,
    course: Degrees? = nil,
    mode: FixMode = .unknown,
    provider: PositionProvider = .gnss,
    satellites: Int? = nil,
    hdop: Double? = nil,
    heartRate: BeatsPerMinute? = nil,
    cadence: RevolutionsPerMinute? = nil,
    deviceDistance: Meters? = nil,
    segment: Int = 0,
    origin: FixOrigin = FixOrigin()
  ) {
    self.time = time
    self.coordinate = coordinate
    self.altitude = altitude
    self.horizontalAccuracy = horizontalAccuracy
    self.verticalAccuracy = verticalAccuracy
    self.speed = speed
    self.course = course
    self.mode = mode
    self.provider = provider
    self.satellites = satellites
    self.hdop = hdop
    self.heartRate = heartRate
    self.cadence = cadence
    self.deviceDistance = deviceDistance
    self.segment = segment
    self.origin = origin
  }
}

/// The receiver's solution type.
public enum FixMode: String, Hashable, Sendable, Codable, CaseIterable {
  /// The record says there is no position (gpsd mode 1, GPX `<fix>none</fix>`).
  case noFix = "none"
  /// A horizontal position without a trustworthy altitude.
  case twoD = "2d"
  /// A full three-dimensional solution.
  case threeD = "3d"
  /// The source does not say (most GPX files); judged by the other fields.
  case unknown
}

/// What produced a position.
public enum PositionProvider: String, Hashable, Sendable, Codable, CaseIterable {
  case gnss
  /// A cell-tower or Wi-Fi estimate handed on as a fix.
  case network
  /// Dead reckoning or an estimate the source marks as not measured.
  case estimated
}

/// Where a fix was read: its order in the stream and, for text sources, its line.
public struct FixOrigin: Hashable, Sendable, Codable {
  /// Zero-based position of the fix in the stream it came from.
  public var index: Int
  /// One-based line in the source text, when there is one.
  public var line: Int?

  public init(index: Int = 0, line: Int? = nil) {
    self.index = index
    self.line = line
  }
}
