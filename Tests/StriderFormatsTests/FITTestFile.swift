/// Builds small FIT files byte by byte, following the published FIT protocol, so the reader
/// is tested on layouts the shared files do not show (big-endian, redefinitions, chained
/// files, compressed timestamps, damage at every byte).
///
/// Its CRC is computed bit by bit (CRC-16/ARC), independently of the reader's table.
struct FITTestFile {
  /// The data records: definition and data messages with their record headers.
  var data: [UInt8] = []

  /// Field numbers, sizes and base types of a `record` with everything the reader uses.
  static let recordFields: [(UInt8, UInt8, UInt8)] = [
    (253, 4, 0x86), (0, 4, 0x85), (1, 4, 0x85), (2, 2, 0x84), (3, 1, 0x02), (4, 1, 0x02),
    (5, 4, 0x86), (6, 2, 0x84), (31, 1, 0x02), (73, 4, 0x86), (78, 4, 0x86), (7, 2, 0x84),
  ]

  /// A file header: 14 bytes with its CRC (or 12 bytes), protocol 2.0, profile 21.40.
  static func header(dataSize: Int, size: Int = 14, headerCRC: UInt16? = nil) -> [UInt8] {
    var bytes: [UInt8] = [UInt8(size), 0x20, 0x5C, 0x08] + le32(UInt32(dataSize))
    bytes += Array(".FIT".utf8)
    if size >= 14 { bytes += le16(headerCRC ?? crc(bytes)) }
    return bytes + [UInt8](repeating: 0, count: max(0, size - 14))
  }

  /// The whole file: header, data, file CRC (or `fileCRC` when given, to damage it).
  func bytes(headerSize: Int = 14, fileCRC: UInt16? = nil) -> [UInt8] {
    let body = Self.header(dataSize: data.count, size: headerSize) + data
    return body + Self.le16(fileCRC ?? Self.crc(body))
  }

  mutating func define(
    local: UInt8, global: UInt16, fields: [(UInt8, UInt8, UInt8)],
    developer: [(UInt8, UInt8, UInt8)]? = nil, bigEndian: Bool = false
  ) {
    data += [0x40 | (developer == nil ? 0 : 0x20) | local, 0, bigEndian ? 1 : 0]
    data += bigEndian ? Self.be16(global) : Self.le16(global)
    data.append(UInt8(fields.count))
    for (number, size, type) in fields { data += [number, size, type] }
    if let developer {
      data.append(UInt8(developer.count))
      for (number, size, index) in developer { data += [number, size, index] }
    }
  }

  mutating func message(local: UInt8, _ bytes: [UInt8]) {
    data += [local] + bytes
  }

  mutating func compressed(local: UInt8, offset: UInt8, _ bytes: [UInt8]) {
    data += [0x80 | local << 5 | offset] + bytes
  }

  /// A `record` as `recordFields` lays it out.
  static func record(
    time: UInt32, latitude: Int32, longitude: Int32, altitude: UInt16 = 0xFFFF,
    heartRate: UInt8 = 0xFF, cadence: UInt8 = 0xFF, distance: UInt32 = 0xFFFF_FFFF,
    speed: UInt16 = 0xFFFF, accuracy: UInt8 = 0xFF, enhancedSpeed: UInt32 = 0xFFFF_FFFF,
    enhancedAltitude: UInt32 = 0xFFFF_FFFF, bigEndian: Bool = false
  ) -> [UInt8] {
    let e16 = bigEndian ? be16 : le16
    let e32 = bigEndian ? be32 : le32
    return e32(time) + e32(UInt32(bitPattern: latitude)) + e32(UInt32(bitPattern: longitude))
      + e16(altitude) + [heartRate, cadence] + e32(distance) + e16(speed) + [accuracy]
      + e32(enhancedSpeed) + e32(enhancedAltitude) + e16(250)
  }

  static func crc(_ bytes: [UInt8]) -> UInt16 {
    var crc: UInt16 = 0
    for byte in bytes {
      crc ^= UInt16(byte)
      for _ in 0..<8 { crc = crc & 1 != 0 ? crc >> 1 ^ 0xA001 : crc >> 1 }
    }
    return crc
  }

  static func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
  static func be16(_ v: UInt16) -> [UInt8] { le16(v).reversed() }
  static func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(v >> (8 * $0) & 0xFF) } }
  static func be32(_ v: UInt32) -> [UInt8] { le32(v).reversed() }
}
