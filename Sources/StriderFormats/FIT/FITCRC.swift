/// The FIT protocol's 16-bit CRC.
///
/// As the FIT protocol's "CRC" section defines it (CRC-16/ARC: polynomial 0x8005 reflected,
/// initial value 0): the 14-byte file header carries the CRC of its first 12 bytes, and
/// every file ends with the CRC of all bytes before it, header included. The protocol
/// computes it four bits at a time from a sixteen-entry table; the same steps, run once on
/// each byte value, give a 256-entry table that takes a byte at a time, and a second table
/// takes two bytes a step.
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

  /// `pairTable[i]` is the CRC of byte `i` then a zero byte, from 0. By linearity the CRC
  /// after two bytes is `byteTable[x >> 8] ^ pairTable[x & 0xFF]`, with `x` the CRC xor the
  /// two bytes (little-endian): two independent lookups a step instead of two in a chain,
  /// which is what bounds a table CRC's speed.
  static let pairTable: [UInt16] = byteTable.map { $0 >> 8 ^ byteTable[Int($0 & 0xFF)] }

  /// The CRC after some more bytes.
  static func update(_ crc: UInt16, _ bytes: UnsafeRawBufferPointer) -> UInt16 {
    byteTable.withUnsafeBufferPointer { one in
      pairTable.withUnsafeBufferPointer { two in
        var crc = crc
        var i = 0
        let count = bytes.count
        while i + 1 < count {
          let x = crc ^ (UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8)
          crc = one[Int(x >> 8)] ^ two[Int(x & 0xFF)]
          i += 2
        }
        if i < count {
          crc = crc >> 8 ^ one[Int(UInt8(truncatingIfNeeded: crc) ^ bytes[i])]
        }
        return crc
      }
    }
  }
}
