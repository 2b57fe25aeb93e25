import StriderCore

/// Turns fuzzer bytes into a session configuration and a stream of fixes that a receiver,
/// a file or a bad cable could produce, hostile values included.
///
/// The first byte picks the configuration. Then each record starts with an operation byte:
/// - `0`: repeat the previous fix `n` times, `n` from the next byte; 0xFF 0xFF means a
///   flood of `flood`, once per input (a receiver stuck on one epoch);
/// - `1`: start a new track segment;
/// - `2`: a fix without a position (no-fix record);
/// - anything else: a new fix, changed from the previous one in the fields the next byte's
///   bits choose. Each changed value is a special (NaN, ±infinity, latitude 91, 1e300, ...),
///   a small step, or eight raw bytes; time steps include going backwards by years.
struct FixStreamDecoder {
  private let bytes: [UInt8]
  private var index = 0
  private var fix: Fix
  private var count = 0
  private var floodUsed = false

  /// The longest run of one repeated fix; the million-fix run is a unit test
  /// (`SessionEngineHostileStreamTests`), because at about 6 s under ASan it would eat the
  /// fuzzer's time once the corpus holds it.
  static let flood = 50_000
  /// A fix of 2024-05-01 in a park in Budapest, as the stream starts from.
  static let start = Fix(
    time: GNSSTime(secondsSince1970: 1_714_550_400),
    coordinate: Coordinate(latitude: 47.5, longitude: 19.05),
    altitude: Meters(120), horizontalAccuracy: Meters(4), verticalAccuracy: Meters(8),
    speed: MetersPerSecond(3), course: Degrees(90), mode: .threeD, satellites: 9, hdop: 0.9)

  static let specials: [Double] = [
    .nan, .infinity, -.infinity, 0, -0.0, 91, -91, 180.000_001, -181, 1e300, -1e300,
    .greatestFiniteMagnitude, .leastNonzeroMagnitude, 90, -180, 1e-300,
  ]

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    fix = Self.start
  }

  var isAtEnd: Bool { index >= bytes.count }

  mutating func byte() -> UInt8 {
    guard index < bytes.count else { return 0 }
    defer { index += 1 }
    return bytes[index]
  }

  mutating func raw() -> Double {
    var bits: UInt64 = 0
    for _ in 0..<8 { bits = bits << 8 | UInt64(byte()) }
    return Double(bitPattern: bits)
  }

  /// A new value for a field whose previous value was `old`, at steps of `scale`.
  mutating func value(_ old: Double, scale: Double) -> Double {
    let kind = byte()
    switch kind & 3 {
    case 0: return Self.specials[Int(kind >> 2) % Self.specials.count]
    case 1, 2: return old + Double(Int8(bitPattern: byte())) * scale * Double(kind >> 2 + 1)
    default: return raw()
    }
  }

  mutating func configuration() -> SessionConfiguration {
    let b = byte()
    let activity = Activity.allCases[Int(b & 3) % Activity.allCases.count]
    let units: UnitSystem = b & 4 == 0 ? .metric : .imperial
    if b & 8 != 0 { return .raw(activity: activity, units: units) }
    var configuration = SessionConfiguration(
      activity: activity, units: units, smoothFinishedTrack: b & 16 == 0)
    if b & 32 != 0 { configuration.smoother = nil }
    if b & 64 != 0 { configuration.autoPause.enabled = false }
    return configuration
  }

  /// The next batch of fixes: one, many repeats, or none at the end.
  mutating func next() -> (fix: Fix, repeats: Int)? {
    guard !isAtEnd else { return nil }
    let op = byte()
    switch op {
    case 0:
      let n = byte()
      if n == 0xFF, byte() == 0xFF, !floodUsed {
        floodUsed = true
        return (fix, Self.flood)
      }
      return (fix, Int(n))
    case 1:
      fix.segment += 1
    case 2:
      fix.coordinate = nil
      fix.mode = .noFix
      fix.time = fix.time.map { $0 + Seconds(1) }
    default:
      change(fields: byte())
    }
    count += 1
    fix.origin = FixOrigin(index: count)
    return (fix, 1)
  }

  private mutating func change(fields: UInt8) {
    var f = fix
    let coordinate = f.coordinate ?? Self.start.coordinate ?? Coordinate(latitude: 0, longitude: 0)
    if fields & 1 != 0 {
      f.coordinate = Coordinate(
        latitude: value(coordinate.latitude, scale: 1e-5),
        longitude: value(coordinate.longitude, scale: 1e-5))
    } else if f.coordinate == nil {
      f.coordinate = coordinate
    }
    f.time = time(after: f.time)
    if fields & 2 != 0 { f.altitude = Meters(value(f.altitude?.value ?? 0, scale: 1)) }
    if fields & 4 != 0 {
      f.horizontalAccuracy = byte() & 1 == 0 ? nil : Meters(value(4, scale: 1))
    }
    if fields & 8 != 0 { f.speed = MetersPerSecond(value(f.speed?.value ?? 0, scale: 0.1)) }
    if fields & 16 != 0 { f.course = Degrees(value(f.course?.value ?? 0, scale: 5)) }
    if fields & 32 != 0 {
      f.mode = FixMode.allCases[Int(byte()) % FixMode.allCases.count]
      f.provider = PositionProvider.allCases[Int(byte()) % PositionProvider.allCases.count]
    }
    if fields & 64 != 0 {
      f.verticalAccuracy = Meters(value(8, scale: 1))
      f.hdop = value(1, scale: 0.1)
      f.satellites = Int(Int8(bitPattern: byte()))
    }
    fix = f
  }

  /// The next time: usually a second on, sometimes a duplicate, a step back (by a moment or
  /// by years, as a receiver after a week-number rollover), a jump ahead, none, or garbage.
  private mutating func time(after previous: GNSSTime?) -> GNSSTime? {
    let base = previous ?? Self.start.time ?? GNSSTime(secondsSince1970: 0)
    let kind = byte()
    let year = 365.25 * 86_400
    switch kind & 7 {
    case 0, 1: return base + Seconds(1)
    case 2: return base
    case 3: return base + Seconds(Double(Int8(bitPattern: byte())) / 10)
    case 4: return base - Seconds(year * Double(kind >> 3 + 1))  // 1024 weeks is 19.6 years
    case 5: return base + Seconds(year * Double(kind >> 3 + 1))
    case 6: return kind & 8 == 0 ? nil : GNSSTime(secondsSince1970: raw())
    default: return GNSSTime(secondsSince1970: value(base.secondsSince1970, scale: 60))
    }
  }
}
