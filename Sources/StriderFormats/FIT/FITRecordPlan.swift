/// How the data messages of one `record` definition are read, worked out once when the
/// definition is read: where each field Strider reads lies and its base type, so a record
/// (most of a FIT file's bytes) is decoded by fixed reads through a pointer, with no search
/// through the definition's fields, no switch on field numbers and nothing allocated.
///
/// A definition that names a field twice has no plan: its records are read field by field
/// as before (`FITReader.recordValues`), where the last of the two counts. Devices never
/// write one; hostile files may, and must read the same either way.
struct FITRecordPlan {
  /// One field: its offset after the record header and its base type (the low five bits),
  /// or `absent` when the definition has no such field, the field is narrower than its
  /// type, or its type holds no number (it then reads as nil, as `FITBaseType.value` says).
  struct Slot {
    var offset: UInt16 = 0
    var type: UInt8 = Slot.absent
    static let absent: UInt8 = 0xFF

    init() {}

    init(_ field: FITDefinition.Field) {
      offset = UInt16(field.offset)
      if let width = FITBaseType.width(field.baseType), field.size >= width {
        type = field.baseType & 0x1F
      }
    }

    @inline(always)
    func value(_ message: UnsafeRawPointer, _ bigEndian: Bool) -> Double? {
      type == Self.absent
        ? nil : FITBaseType.decoded(message + Int(offset), type: type, bigEndian: bigEndian)
    }
  }

  var bigEndian = false
  var timestamp = Slot()
  var latitude = Slot()
  var longitude = Slot()
  var altitude = Slot()
  var enhancedAltitude = Slot()
  var speed = Slot()
  var enhancedSpeed = Slot()
  var distance = Slot()
  var heartRate = Slot()
  var cadence = Slot()
  var power = Slot()
  var temperature = Slot()
  var gpsAccuracy = Slot()
  /// The offset of the compressed speed-and-distance field, when it has its three bytes.
  var compressed: UInt16?

  /// A plan with no fields (of no definition).
  init() {}

  /// The plan of a `record` definition; nil when a field number repeats.
  init?(_ definition: FITDefinition) {
    bigEndian = definition.bigEndian
    var seen = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
    for field in definition.fields {
      let bit = UInt64(1) << UInt64(field.number & 63)
      switch field.number >> 6 {
      case 0: if seen.0 & bit != 0 { return nil } else { seen.0 |= bit }
      case 1: if seen.1 & bit != 0 { return nil } else { seen.1 |= bit }
      case 2: if seen.2 & bit != 0 { return nil } else { seen.2 |= bit }
      default: if seen.3 & bit != 0 { return nil } else { seen.3 |= bit }
      }
      let slot = Slot(field)
      switch field.number {
      case FITProfile.timestamp: timestamp = slot
      case FITProfile.Record.latitude: latitude = slot
      case FITProfile.Record.longitude: longitude = slot
      case FITProfile.Record.altitude: altitude = slot
      case FITProfile.Record.enhancedAltitude: enhancedAltitude = slot
      case FITProfile.Record.speed: speed = slot
      case FITProfile.Record.enhancedSpeed: enhancedSpeed = slot
      case FITProfile.Record.distance: distance = slot
      case FITProfile.Record.heartRate: heartRate = slot
      case FITProfile.Record.cadence: cadence = slot
      case FITProfile.Record.power: power = slot
      case FITProfile.Record.temperature: temperature = slot
      case FITProfile.Record.gpsAccuracy: gpsAccuracy = slot
      case FITProfile.Record.compressedSpeedDistance:
        if field.size >= 3 { compressed = UInt16(field.offset) }
      default: break
      }
    }
  }

  /// The message's `timestamp` field, nil when absent, invalid or not a whole number of
  /// seconds that fits 32 bits.
  @inline(always)
  func time(_ message: UnsafeRawPointer) -> UInt32? {
    timestamp.value(message, bigEndian).flatMap { UInt32(exactly: $0) }
  }

  /// The values of the record at `message` (its header byte).
  @inline(always)
  func values(_ message: UnsafeRawPointer) -> FITRecordValues {
    var v = FITRecordValues()
    v.latitude = latitude.value(message, bigEndian)
    v.longitude = longitude.value(message, bigEndian)
    // The plain altitude and speed count only where the enhanced ones are absent or
    // invalid (`FITReader.recordFix`), so they are read only then.
    v.enhancedAltitude = enhancedAltitude.value(message, bigEndian)
    if v.enhancedAltitude == nil { v.altitude = altitude.value(message, bigEndian) }
    v.enhancedSpeed = enhancedSpeed.value(message, bigEndian)
    if v.enhancedSpeed == nil { v.speed = speed.value(message, bigEndian) }
    v.distance = distance.value(message, bigEndian)
    v.heartRate = heartRate.value(message, bigEndian)
    v.cadence = cadence.value(message, bigEndian)
    v.power = power.value(message, bigEndian)
    v.temperature = temperature.value(message, bigEndian)
    v.gpsAccuracy = gpsAccuracy.value(message, bigEndian)
    if let compressed {
      v.compressed = FITRecordValues.compressed(message + Int(compressed))
    }
    return v
  }
}

/// The values of one `record` message Strider reads, before scaling.
struct FITRecordValues {
  var latitude: Double?
  var longitude: Double?
  var altitude: Double?
  var enhancedAltitude: Double?
  var speed: Double?
  var enhancedSpeed: Double?
  var distance: Double?
  var heartRate: Double?
  var cadence: Double?
  var power: Double?
  var temperature: Double?
  var gpsAccuracy: Double?
  /// The compressed field's speed (1/100 m/s) and 12-bit rolling distance (1/16 m).
  var compressed: (speed: Int, distance: Int)?

  /// The compressed speed-and-distance field's three bytes at `at`: 12 bits of speed, 12
  /// of distance; nil when every byte is 0xFF (a byte array's invalid value).
  @inline(always)
  static func compressed(_ at: UnsafeRawPointer) -> (speed: Int, distance: Int)? {
    let b0 = Int(at.load(as: UInt8.self))
    let b1 = Int(at.load(fromByteOffset: 1, as: UInt8.self))
    let b2 = Int(at.load(fromByteOffset: 2, as: UInt8.self))
    guard b0 & b1 & b2 != 0xFF else { return nil }
    return (b0 | (b1 & 0x0F) << 8, b1 >> 4 | b2 << 4)
  }
}
