/// The FIT protocol's 16-bit CRC.
///
/// As the FIT protocol's "CRC" section defines it (CRC-16/ARC: polynomial 0x8005 reflected,
/// initial value 0): the 14-byte file header carries the CRC of its first 12 bytes, and
/// every file ends with the CRC of all bytes before it, header included. The protocol
/// computes it four bits at a time from a sixteen-entry table; the same steps, run once on
/// each byte value, give a 256-entry table that takes a byte at a time, and seven more
/// tables take eight bytes a step.
enum FITCRC {
  /// The protocol's table, one entry per four bits.
  static let nibbleTable: [UInt16] = [
    0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
    0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400,
  ]

  /// The protocol's step: the CRC after one more byte, a nibble at a time.
  static func nibbleUpdate(_ crc: UInt16, _ byte: UInt8) -> UInt16 {
    var crc = crc
    var tmp = nibbleTable[Int(crc & 0xF)]
    crc = (crc >> 4) & 0x0FFF
    crc = crc ^ tmp ^ nibbleTable[Int(byte & 0xF)]
    tmp = nibbleTable[Int(crc & 0xF)]
    crc = (crc >> 4) & 0x0FFF
    return crc ^ tmp ^ nibbleTable[Int(byte >> 4)]
  }

  /// `byteTable[i]` is the CRC of byte `i` from 0: the CRC being linear, the CRC after a
  /// byte is `crc >> 8 ^ byteTable[(crc ^ byte) & 0xFF]`.
  static let byteTable: [UInt16] = (0..<256).map { nibbleUpdate(0, UInt8($0)) }

  /// `sliceTables[256 * k + i]` is the CRC of byte `i` then `k` zero bytes, from 0. By
  /// linearity the CRC after eight bytes is the xor of eight lookups, the first two bytes
  /// xored with the CRC: eight independent lookups a step instead of a chain of eight
  /// ("slicing-by-8"), which is what bounds a table CRC's speed. The decoder folds long runs
  /// of bytes at once, so most bytes go this way.
  static let sliceTables: [UInt16] = {
    var tables = byteTable
    for k in 1..<8 {
      for i in 0..<256 {
        let previous = tables[256 * (k - 1) + i]
        tables.append(previous >> 8 ^ byteTable[Int(previous & 0xFF)])
      }
    }
    return tables
  }()

  /// The CRC after some more bytes.
  static func update(_ crc: UInt16, _ bytes: UnsafeRawBufferPointer) -> UInt16 {
    sliceTables.withUnsafeBufferPointer { t in
      var crc = crc
      var i = 0
      let count = bytes.count
      while i + 8 <= count {
        let x = crc ^ (UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8)
        crc =
          t[7 * 256 + Int(x & 0xFF)] ^ t[6 * 256 + Int(x >> 8)]
          ^ t[5 * 256 + Int(bytes[i + 2])] ^ t[4 * 256 + Int(bytes[i + 3])]
          ^ t[3 * 256 + Int(bytes[i + 4])] ^ t[2 * 256 + Int(bytes[i + 5])]
          ^ t[256 + Int(bytes[i + 6])] ^ t[Int(bytes[i + 7])]
        i += 8
      }
      while i < count {
        crc = crc >> 8 ^ t[Int(UInt8(truncatingIfNeeded: crc) ^ bytes[i])]
        i += 1
      }
      return crc
    }
  }
}
