/// The FIT protocol's 16-bit CRC, computed four bits at a time from its sixteen-entry table.
///
/// As the FIT protocol's "CRC" section defines it (it is CRC-16/ARC: polynomial 0x8005
/// reflected, initial value 0): the 14-byte file header carries the CRC of its first 12
/// bytes, and every file ends with the CRC of all bytes before it, header included.
enum FITCRC {
  private static let table: [UInt16] = [
    0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
    0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400,
  ]

  /// The CRC after some more bytes.
  static func update(_ crc: UInt16, _ bytes: UnsafeRawBufferPointer) -> UInt16 {
    table.withUnsafeBufferPointer { t in
      var crc = crc
      for byte in bytes {
        var tmp = t[Int(crc & 0xF)]
        crc = (crc >> 4) & 0x0FFF
        crc = crc ^ tmp ^ t[Int(byte & 0xF)]
        tmp = t[Int(crc & 0xF)]
        crc = (crc >> 4) & 0x0FFF
        crc = crc ^ tmp ^ t[Int(byte >> 4)]
      }
      return crc
    }
  }
}
