/// The FIT protocol's base types: how wide a field's value is, how it is signed, and which
/// bit pattern means "invalid" (the protocol's "Base Types" table).
///
/// A field holding its type's invalid value was not measured, so it reads as nil, as does a
/// field narrower than its type or of an unknown type (skipped by size, never fatal). A
/// field wider than its type is an array; its first element is read.
enum FITBaseType {
  /// The value of a numeric field at `pointer`, nil when invalid, a string or unknown.
  @inline(__always)
  static func value(
    _ pointer: UnsafeRawPointer, size: Int, type: UInt8, bigEndian: Bool
  ) -> Double? {
    guard let width = width(type), size >= width else { return nil }
    return decoded(pointer, type: type, bigEndian: bigEndian)
  }

  /// The width in bytes of a numeric base type, nil for a string (0x07) and for types the
  /// protocol does not define.
  @inline(__always)
  static func width(_ type: UInt8) -> Int? {
    switch type & 0x1F {
    case 0x00, 0x01, 0x02, 0x0A, 0x0D: 1
    case 0x03, 0x04, 0x0B: 2
    case 0x05, 0x06, 0x08, 0x0C: 4
    case 0x09, 0x0E, 0x0F, 0x10: 8
    default: nil
    }
  }

  /// The value of a field of numeric base type `type` at `pointer`, whose `width` bytes
  /// the caller has checked are there; nil when it is the type's invalid value.
  @inline(always)
  static func decoded(_ pointer: UnsafeRawPointer, type: UInt8, bigEndian: Bool) -> Double? {
    switch type & 0x1F {
    case 0x00, 0x02, 0x0D:  // enum, uint8, byte
      let v = pointer.load(as: UInt8.self)
      return v == 0xFF ? nil : Double(v)
    case 0x01:  // sint8
      let v = pointer.load(as: Int8.self)
      return v == 0x7F ? nil : Double(v)
    case 0x0A:  // uint8z
      let v = pointer.load(as: UInt8.self)
      return v == 0 ? nil : Double(v)
    case 0x03:  // sint16
      let v = Int16(bitPattern: u16(pointer, bigEndian))
      return v == 0x7FFF ? nil : Double(v)
    case 0x04:  // uint16
      let v = u16(pointer, bigEndian)
      return v == 0xFFFF ? nil : Double(v)
    case 0x0B:  // uint16z
      let v = u16(pointer, bigEndian)
      return v == 0 ? nil : Double(v)
    case 0x05:  // sint32
      let v = Int32(bitPattern: u32(pointer, bigEndian))
      return v == 0x7FFF_FFFF ? nil : Double(v)
    case 0x06:  // uint32
      let v = u32(pointer, bigEndian)
      return v == 0xFFFF_FFFF ? nil : Double(v)
    case 0x0C:  // uint32z
      let v = u32(pointer, bigEndian)
      return v == 0 ? nil : Double(v)
    case 0x08:  // float32
      let bits = u32(pointer, bigEndian)
      let v = Float(bitPattern: bits)
      return bits == 0xFFFF_FFFF || !v.isFinite ? nil : Double(v)
    case 0x09:  // float64
      let bits = u64(pointer, bigEndian)
      let v = Double(bitPattern: bits)
      return bits == UInt64.max || !v.isFinite ? nil : v
    case 0x0E:  // sint64
      let v = Int64(bitPattern: u64(pointer, bigEndian))
      return v == Int64.max ? nil : Double(v)
    case 0x0F:  // uint64
      let v = u64(pointer, bigEndian)
      return v == UInt64.max ? nil : Double(v)
    case 0x10:  // uint64z
      let v = u64(pointer, bigEndian)
      return v == 0 ? nil : Double(v)
    default:  // string (0x07) and types the protocol does not define
      return nil
    }
  }

  @inline(__always)
  static func u16(_ p: UnsafeRawPointer, _ bigEndian: Bool) -> UInt16 {
    let v = p.loadUnaligned(as: UInt16.self)
    return bigEndian ? UInt16(bigEndian: v) : UInt16(littleEndian: v)
  }

  @inline(__always)
  static func u32(_ p: UnsafeRawPointer, _ bigEndian: Bool) -> UInt32 {
    let v = p.loadUnaligned(as: UInt32.self)
    return bigEndian ? UInt32(bigEndian: v) : UInt32(littleEndian: v)
  }

  @inline(__always)
  static func u64(_ p: UnsafeRawPointer, _ bigEndian: Bool) -> UInt64 {
    let v = p.loadUnaligned(as: UInt64.self)
    return bigEndian ? UInt64(bigEndian: v) : UInt64(littleEndian: v)
  }
}
