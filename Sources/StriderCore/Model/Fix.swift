/// One observation as the receiver reported it.
///
/// A fix is raw data: nothing in it has been judged or smoothed. Its only time is the
/// GNSS time the receiver attached to it; files without times give fixes with `time == nil`.
public struct Fix: Hashable, Sendable {
  // Stored compactly: every optional number is a Double (or Int) whose absence is one
  // reserved bit pattern, so a fix is 136 bytes instead of 232. A fix is copied several
  // times on its way through the gate, the filter and the finishing pass, and those copies
  // were a seventh of `analyze`'s time. Every value reads back exactly as it was set;
  // a NaN that a reader sets (a hostile file) stays a NaN, present, for the gate to refuse.
  @usableFromInline var timeStorage: Double
  @usableFromInline var latitudeStorage: Double
  @usableFromInline var longitudeStorage: Double
  @usableFromInline var altitudeStorage: Double
  @usableFromInline var horizontalAccuracyStorage: Double
  @usableFromInline var verticalAccuracyStorage: Double
  @usableFromInline var speedStorage: Double
  @usableFromInline var courseStorage: Double
  @usableFromInline var hdopStorage: Double
  @usableFromInline var heartRateStorage: Double
  @usableFromInline var cadenceStorage: Double
  @usableFromInline var deviceDistanceStorage: Double
  @usableFromInline var satellitesStorage: Int

  /// What kind of solution the receiver had.
  public var mode: FixMode
  /// Where the position came from: satellites, or a network (cell / Wi-Fi) guess.
  public var provider: PositionProvider
  // Whole watts and whole degrees, as FIT records them (uint16 W, sint8 °C): they fill
  // the padding after `provider`, so a fix is no larger for them.
  @usableFromInline var powerStorage: UInt16
  @usableFromInline var temperatureStorage: Int8
  /// Index of the track segment in its source; a change of segment is a gap, never a line.
  public var segment: Int
  /// Where in the source this fix was read, for error messages and exports.
  public var origin: FixOrigin

  /// When the receiver took the fix (GNSS time, UTC), if the source said.
  public var time: GNSSTime? {
    get { Fix.read(timeStorage).map(GNSSTime.init(secondsSince1970:)) }
    set { timeStorage = Fix.store(newValue?.secondsSince1970) }
  }
  /// Where, if the record has a position at all (no-fix records do not).
  public var coordinate: Coordinate? {
    get {
      Fix.isAbsent(latitudeStorage)
        ? nil : Coordinate(latitude: latitudeStorage, longitude: longitudeStorage)
    }
    set {
      latitudeStorage = Fix.store(newValue?.latitude)
      longitudeStorage = newValue?.longitude ?? 0
    }
  }
  /// Height above the ellipsoid or mean sea level, as the source gives it.
  public var altitude: Meters? {
    get { Fix.read(altitudeStorage).map(Meters.init) }
    set { altitudeStorage = Fix.store(newValue?.value) }
  }
  /// Horizontal accuracy (about one standard deviation of radial error), if reported.
  public var horizontalAccuracy: Meters? {
    get { Fix.read(horizontalAccuracyStorage).map(Meters.init) }
    set { horizontalAccuracyStorage = Fix.store(newValue?.value) }
  }
  /// Vertical accuracy, if reported.
  public var verticalAccuracy: Meters? {
    get { Fix.read(verticalAccuracyStorage).map(Meters.init) }
    set { verticalAccuracyStorage = Fix.store(newValue?.value) }
  }
  /// Speed over ground measured by the receiver (Doppler), if reported.
  public var speed: MetersPerSecond? {
    get { Fix.read(speedStorage).map(MetersPerSecond.init) }
    set { speedStorage = Fix.store(newValue?.value) }
  }
  /// Course over ground, degrees clockwise from true north, if reported.
  public var course: Degrees? {
    get { Fix.read(courseStorage).map(Degrees.init) }
    set { courseStorage = Fix.store(newValue?.value) }
  }
  /// Satellites used, if reported.
  public var satellites: Int? {
    get { satellitesStorage == Fix.absentCount ? nil : satellitesStorage }
    set { satellitesStorage = newValue ?? Fix.absentCount }
  }
  /// Horizontal dilution of precision, if reported.
  public var hdop: Double? {
    get { Fix.read(hdopStorage) }
    set { hdopStorage = Fix.store(newValue) }
  }
  /// Heart rate from a chest strap or watch, when the source carries it (TCX, GPX extensions).
  public var heartRate: BeatsPerMinute? {
    get { Fix.read(heartRateStorage).map(BeatsPerMinute.init) }
    set { heartRateStorage = Fix.store(newValue?.value) }
  }
  /// Cadence, when the source carries it.
  public var cadence: RevolutionsPerMinute? {
    get { Fix.read(cadenceStorage).map(RevolutionsPerMinute.init) }
    set { cadenceStorage = Fix.store(newValue?.value) }
  }
  /// Power from a power meter, when the source carries it (FIT). Kept in whole watts from
  /// 0 to 65534; another value reads back as absent.
  public var power: Watts? {
    get { powerStorage == Fix.absentPower ? nil : Watts(Double(powerStorage)) }
    set { powerStorage = Fix.storePower(newValue?.value) }
  }
  /// The device's thermometer, when the source carries it (FIT). Kept in whole degrees from
  /// -127 to 127 °C; another value reads back as absent.
  public var temperature: Celsius? {
    get {
      temperatureStorage == Fix.absentTemperature ? nil : Celsius(Double(temperatureStorage))
    }
    set { temperatureStorage = Fix.storeTemperature(newValue?.value) }
  }
  /// The distance the recording device itself had counted at this point (TCX), for
  /// comparison; Strider never uses it for its own figures.
  public var deviceDistance: Meters? {
    get { Fix.read(deviceDistanceStorage).map(Meters.init) }
    set { deviceDistanceStorage = Fix.store(newValue?.value) }
  }

  // Inlinable: a reader that makes millions of fixes (FIT, issue 18) builds each in place,
  // instead of a call that stores eighteen arguments one by one and copies the result.
  @inlinable
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
    power: Watts? = nil,
    temperature: Celsius? = nil,
    deviceDistance: Meters? = nil,
    segment: Int = 0,
    origin: FixOrigin = FixOrigin()
  ) {
    timeStorage = Fix.store(time?.secondsSince1970)
    latitudeStorage = Fix.store(coordinate?.latitude)
    longitudeStorage = coordinate?.longitude ?? 0
    altitudeStorage = Fix.store(altitude?.value)
    horizontalAccuracyStorage = Fix.store(horizontalAccuracy?.value)
    verticalAccuracyStorage = Fix.store(verticalAccuracy?.value)
    speedStorage = Fix.store(speed?.value)
    courseStorage = Fix.store(course?.value)
    hdopStorage = Fix.store(hdop)
    heartRateStorage = Fix.store(heartRate?.value)
    cadenceStorage = Fix.store(cadence?.value)
    deviceDistanceStorage = Fix.store(deviceDistance?.value)
    satellitesStorage = satellites ?? Fix.absentCount
    self.mode = mode
    self.provider = provider
    powerStorage = Fix.storePower(power?.value)
    temperatureStorage = Fix.storeTemperature(temperature?.value)
    self.segment = segment
    self.origin = origin
  }

  /// The bit pattern that stands for "not reported": a quiet NaN with a payload no
  /// arithmetic produces (0/0 and parsed "nan" give an empty payload). A binary source that
  /// wrote exactly these bits reads as absent, which is as safe as refusing it.
  @inlinable static var absentBits: UInt64 { 0x7FF8_5354_5249_4445 }
  @inlinable static var absent: Double { Double(bitPattern: absentBits) }
  /// `satellites` not reported (a count no receiver gives).
  @inlinable static var absentCount: Int { Int.min }

  @inlinable static var absentPower: UInt16 { UInt16.max }
  @inlinable static var absentTemperature: Int8 { Int8.min }

  @inlinable static func storePower(_ watts: Double?) -> UInt16 {
    guard let watts, watts.isFinite else { return absentPower }
    let whole = watts.rounded()
    return whole >= 0 && whole < Double(absentPower) ? UInt16(whole) : absentPower
  }

  @inlinable static func storeTemperature(_ degrees: Double?) -> Int8 {
    guard let degrees, degrees.isFinite else { return absentTemperature }
    let whole = degrees.rounded()
    return whole > Double(absentTemperature) && whole <= 127 ? Int8(whole) : absentTemperature
  }

  @inline(__always) private static func isAbsent(_ x: Double) -> Bool {
    x.bitPattern == absentBits
  }
  @inline(__always) private static func read(_ x: Double) -> Double? {
    isAbsent(x) ? nil : x
  }
  @inlinable @inline(__always) static func store(_ x: Double?) -> Double { x ?? absent }

  public static func == (lhs: Fix, rhs: Fix) -> Bool {
    lhs.time == rhs.time && lhs.coordinate == rhs.coordinate && lhs.altitude == rhs.altitude
      && lhs.horizontalAccuracy == rhs.horizontalAccuracy
      && lhs.verticalAccuracy == rhs.verticalAccuracy && lhs.speed == rhs.speed
      && lhs.course == rhs.course && lhs.mode == rhs.mode && lhs.provider == rhs.provider
      && lhs.satellites == rhs.satellites && lhs.hdop == rhs.hdop
      && lhs.heartRate == rhs.heartRate && lhs.cadence == rhs.cadence
      && lhs.powerStorage == rhs.powerStorage && lhs.temperatureStorage == rhs.temperatureStorage
      && lhs.deviceDistance == rhs.deviceDistance && lhs.segment == rhs.segment
      && lhs.origin == rhs.origin
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(time)
    hasher.combine(coordinate)
    hasher.combine(altitude)
    hasher.combine(horizontalAccuracy)
    hasher.combine(verticalAccuracy)
    hasher.combine(speed)
    hasher.combine(course)
    hasher.combine(mode)
    hasher.combine(provider)
    hasher.combine(satellites)
    hasher.combine(hdop)
    hasher.combine(heartRate)
    hasher.combine(cadence)
    hasher.combine(powerStorage)
    hasher.combine(temperatureStorage)
    hasher.combine(deviceDistance)
    hasher.combine(segment)
    hasher.combine(origin)
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
  /// One-based line in the source text, when there is one (0: none; an optional would
  /// take a second word in every fix).
  private var lineStorage: Int

  /// One-based line in the source text, when there is one.
  public var line: Int? {
    get { lineStorage > 0 ? lineStorage : nil }
    set { lineStorage = max(0, newValue ?? 0) }
  }

  public init(index: Int = 0, line: Int? = nil) {
    self.index = index
    lineStorage = max(0, line ?? 0)
  }

  private enum CodingKeys: String, CodingKey { case index, line }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      index: try container.decode(Int.self, forKey: .index),
      line: try container.decodeIfPresent(Int.self, forKey: .line))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(index, forKey: .index)
    try container.encodeIfPresent(line, forKey: .line)
  }
}
