import StriderCore

/// Strider's numbers as the FIT profile stores them: scaled, offset and rounded into their
/// base type, or the base type's invalid value when a number does not fit (never a trap,
/// never a wrapped value that reads back as something else).
enum FITValue {
  static let invalid8: UInt8 = 0xFF
  static let invalid16: UInt16 = 0xFFFF
  static let invalid32: UInt32 = 0xFFFF_FFFF
  static let invalidS32 = Int32.max
  static let invalidS8 = Int8.max

  /// A `date_time`: whole seconds since the FIT epoch (1989-12-31T00:00:00Z), rounded down;
  /// nil before the epoch or past 2126, when the 32 bits run out.
  static func time(_ time: GNSSTime) -> UInt32? {
    let seconds = (time.secondsSince1970 - FITProfile.epochOffset).rounded(.down)
    guard seconds.isFinite, seconds >= 0, seconds < Double(invalid32) else { return nil }
    return UInt32(seconds)
  }

  /// Degrees as semicircles (2^31 to 180 degrees); longitude 180 is written as -180, the
  /// same meridian, which the signed 32 bits can hold.
  static func semicircles(_ degrees: Double) -> Int32? {
    guard degrees.isFinite else { return nil }
    var value = (degrees / FITProfile.degreesPerSemicircle).rounded()
    if value == 2_147_483_648 { value = -2_147_483_648 }
    guard let semicircles = Int32(exactly: value), semicircles != invalidS32 else { return nil }
    return semicircles
  }

  /// `(value + offset) * scale` rounded into an unsigned 32-bit field, or its invalid value.
  static func u32(_ value: Double?, scale: Double, offset: Double = 0) -> UInt32 {
    guard let value else { return invalid32 }
    let stored = ((value + offset) * scale).rounded()
    guard stored.isFinite, stored >= 0, stored < Double(invalid32) else { return invalid32 }
    return UInt32(stored)
  }

  /// `(value + offset) * scale` rounded into an unsigned 16-bit field, or its invalid value.
  static func u16(_ value: Double?, scale: Double = 1, offset: Double = 0) -> UInt16 {
    guard let value else { return invalid16 }
    let stored = ((value + offset) * scale).rounded()
    guard stored.isFinite, stored >= 0, stored < Double(invalid16) else { return invalid16 }
    return UInt16(stored)
  }

  /// A whole number in an unsigned 8-bit field (heart rate, cadence), or its invalid value.
  static func u8(_ value: Double?) -> UInt8 {
    guard let value else { return invalid8 }
    let stored = value.rounded()
    guard stored.isFinite, stored >= 0, stored < Double(invalid8) else { return invalid8 }
    return UInt8(stored)
  }

  /// A whole number in a signed 8-bit field (temperature), or its invalid value (127).
  static func s8(_ value: Double?) -> Int8 {
    guard let value else { return invalidS8 }
    let stored = value.rounded()
    guard stored.isFinite, stored >= -128, stored < Double(invalidS8) else { return invalidS8 }
    return Int8(stored)
  }

  /// Seconds as a `total_*_time` field stores them (scale 1000), clamped at zero: a
  /// duration is never negative.
  static func duration(_ seconds: Double) -> UInt32 {
    u32(seconds.isFinite ? max(0, seconds) : nil, scale: 1000)
  }

  /// The profile's `sport` value of an activity.
  static func sport(_ activity: Activity) -> UInt8 {
    switch activity {
    case .run: 1
    case .ride: 2
    case .walk: 11
    case .swim: 5
    case .hike: 17
    case .drive: 24  // the profile's `driving`
    }
  }
}
