/// What a definition message says a local message number's data messages hold: the global
/// message, the byte order, and where each field Strider reads lies.
///
/// Only the fields the reader uses are kept (`FITProfile.uses`); the rest, and every
/// developer field, count only towards `size`, so they are skipped by size.
struct FITDefinition: Sendable {
  /// One field of a data message: its number in the profile, its width and base type, and
  /// its offset after the record header.
  struct Field: Sendable {
    var number: UInt8
    var size: Int
    var baseType: UInt8
    var offset: Int
  }

  /// The global message number (`record` is 20, `session` 18).
  var global: UInt16
  /// Architecture 1: multi-byte values are big-endian.
  var bigEndian: Bool
  /// Bytes of a data message after its one-byte header, developer fields included.
  var size: Int
  /// The fields Strider reads, in message order.
  var fields: [Field]

  /// The value of field `number`, nil when absent or invalid.
  @inline(__always)
  func value(_ number: UInt8, in message: UnsafeRawPointer) -> Double? {
    for field in fields where field.number == number {
      return FITBaseType.value(
        message + field.offset, size: field.size, type: field.baseType, bigEndian: bigEndian)
    }
    return nil
  }
}

/// What the decoder's quick path needs of a local message number: whether it is defined,
/// the bytes of its data messages after their header, and for a `record` the plan of its
/// fields. Plain values: reading one per message copies no array and retains nothing.
struct FITMessagePlan {
  var defined = false
  var size = 0
  /// Whether the data messages are records read through `record`.
  var planned = false
  var record = FITRecordPlan()
}
