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
    switch type & 0x1F {
    case 0x00, 0x02, 0x0D:  // enum, uint8, byte
      guard size >= 1 else { return nil }
      let v = pointer.load(as: UInt8.self)
      return v == 0xFF ? nil : Double(v)
    case 0x01:  // sint8
      guard size >= 1 else { return nil }
      let v = pointer.load(as: Int8.self)
      return v == 0x7F ? nil : Double(v)
    case 0x0A:  // uint8z
      guard size >= 1 else { return nil }
      let v = pointer.load(as: UInt8.self)
      return v == 0 ? nil : Double(v)
    case 0x03:  // sint16
      guard size >= 2 else { return nil }
      let v = Int16(bitPattern: u16(pointer, bigEndian))
      return v == 0x7FFF ? nil : Double(v)
    case 0x04:  // uint16
      guard size >= 2 else { return nil }
      let v = u16(pointer, bigEndian)
      return v == 0xFFFF ? nil : Double(v)
    case 0x0B:  // uint16z
      guard size >= 2 else { return nil }
      let v = u16(pointer, bigEndian)
      return v == 0 ? nil : Double(v)
    case 0x05:  // sint32
      guard size >= 4 else { return nil }
      let v = Int32(bitPattern: u32(pointer, bigEndian))
      return v == 0x7FFF_FFFF ? nil : Double(v)
    case 0x06:  // uint32
      guard size >= 4 else { return nil }
      let v = u32(pointer, bigEndian)
      return v == 0xFFFF_FFFF ? nil : Double(v)
    case 0x0C:  // uint32z
      guard size >= 4 else { return nil }
      let v = u32(pointer, bigEndian)
      return v == 0 ? nil : Double(v)
    case 0x08:  // float32
      guard size >= 4 else { return nil }
      let bits = u32(pointer, bigEndian)
      let v = Float(bitPattern: bits)
      return bits == 0xFFFF_FFFF || !v.isFinite ? nil : Double(v)
    case 0x09:  // float64
      guard size >= 8 else { return nil }
      let bits = u64(pointer, bigEndian)
      let v = Double(bitPattern: bits)
      return bits == UInt64.max || !v.isFinite ? nil : v
    case 0x0E:  // sint64
      guard size >= 8 else { return nil }
      let v = Int64(bitPattern: u64(pointer, bigEndian))
      return v == Int64.max ? nil : Double(v)
    case 0x0F:  // uint64
      guard size >= 8 else { return nil }
      let v = u64(pointer, bigEndian)
      return v == UInt64.max ? nil : Double(v)
    case 0x10:  // uint64z
      guard size >= 8 else { return nil }
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
