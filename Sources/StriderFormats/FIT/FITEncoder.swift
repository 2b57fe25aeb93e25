/// Lays out FIT definition and data messages (little-endian, architecture 0) and passes
/// them to an export stream in chunks, counting the bytes and computing the file CRC.
///
/// As the published FIT protocol defines a file: a 14-byte header (header size, protocol
/// and profile versions, the size of the data records, ".FIT", the CRC of the first 12
/// bytes), the data records, then the CRC of every byte before it. The header needs the data
/// size before the data, so `FITWriter` runs its messages through an encoder that only
/// counts (`counting`), then through one that writes: the file streams out in the memory of
/// one chunk, whatever its length.
struct FITEncoder {
  /// A field of a definition message: its number in the profile and its base type (the
  /// protocol's base type byte: 0x86 is uint32, 0x85 sint32).
  struct Field {
    var number: UInt8
    var baseType: UInt8

    /// The base type's width in bytes.
    var size: UInt8 {
      switch baseType & 0x1F {
      case 0x00, 0x01, 0x02, 0x0A, 0x0D: 1
      case 0x03, 0x04, 0x0B: 2
      case 0x05, 0x06, 0x08, 0x0C: 4
      default: 8
      }
    }

    static func enumeration(_ number: UInt8) -> Field { Field(number: number, baseType: 0x00) }
    static func uint8(_ number: UInt8) -> Field { Field(number: number, baseType: 0x02) }
    static func sint8(_ number: UInt8) -> Field { Field(number: number, baseType: 0x01) }
    static func uint16(_ number: UInt8) -> Field { Field(number: number, baseType: 0x84) }
    static func sint32(_ number: UInt8) -> Field { Field(number: number, baseType: 0x85) }
    static func uint32(_ number: UInt8) -> Field { Field(number: number, baseType: 0x86) }
  }

  /// Protocol version 2.0, as the header's byte gives it (major in the high nibble).
  static let protocolVersion: UInt8 = 0x20
  /// Profile version 21.40 (the version times 100).
  static let profileVersion: UInt16 = 2140
  static let headerSize = 14
  /// Chunks this large go to the stream.
  static let chunk = 1 << 16

  /// Only count the bytes: the first of the two passes.
  let counting: Bool
  /// Bytes of data records so far.
  private(set) var dataSize = 0
  /// The CRC of the header and the data records written so far.
  private(set) var crc: UInt16 = 0
  private var pending: [UInt8] = []

  init(counting: Bool) {
    self.counting = counting
    pending.reserveCapacity(Self.chunk + 256)
  }

  /// The 14-byte file header of a file whose data records are `dataSize` bytes; nil when
  /// the size does not fit the header's 32 bits.
  static func header(dataSize: Int) -> [UInt8]? {
    guard let size = UInt32(exactly: dataSize) else { return nil }
    var bytes: [UInt8] = [UInt8(headerSize), protocolVersion]
    append16(profileVersion, to: &bytes)
    append32(size, to: &bytes)
    bytes += Array(".FIT".utf8)
    let crc = bytes.withUnsafeBytes { FITCRC.update(0, $0) }
    append16(crc, to: &bytes)
    return bytes
  }

  /// Writes the header, starting the file CRC.
  mutating func writeHeader(_ header: [UInt8], to stream: inout some ExportStream) {
    if !counting {
      crc = header.withUnsafeBytes { FITCRC.update(0, $0) }
      stream.write(bytes: header)
    }
  }

  /// A definition message: local message `local` now holds `global` with these fields.
  mutating func define(local: UInt8, global: UInt16, fields: [Field]) {
    pending += [0x40 | (local & 0x0F), 0, 0]
    Self.append16(global, to: &pending)
    pending.append(UInt8(fields.count))
    for field in fields { pending += [field.number, field.size, field.baseType] }
  }

  /// Starts a data message of local message `local`; its fields follow in definition order.
  mutating func begin(local: UInt8) { pending.append(local & 0x0F) }

  mutating func u8(_ value: UInt8) { pending.append(value) }
  mutating func s8(_ value: Int8) { pending.append(UInt8(bitPattern: value)) }
  mutating func u16(_ value: UInt16) { Self.append16(value, to: &pending) }
  mutating func u32(_ value: UInt32) { Self.append32(value, to: &pending) }
  mutating func s32(_ value: Int32) { Self.append32(UInt32(bitPattern: value), to: &pending) }

  /// Passes a full chunk on; call between messages.
  mutating func flushIfFull(to stream: inout some ExportStream) {
    if pending.count >= Self.chunk { flush(to: &stream) }
  }

  /// Passes everything pending on.
  mutating func flush(to stream: inout some ExportStream) {
    dataSize += pending.count
    if !counting {
      crc = pending.withUnsafeBytes { FITCRC.update(crc, $0) }
      stream.write(bytes: pending)
    }
    pending.removeAll(keepingCapacity: true)
  }

  /// Ends the file with its CRC.
  mutating func finish(to stream: inout some ExportStream) {
    flush(to: &stream)
    guard !counting else { return }
    var bytes: [UInt8] = []
    Self.append16(crc, to: &bytes)
    stream.write(bytes: bytes)
  }

  static func append16(_ value: UInt16, to bytes: inout [UInt8]) {
    bytes.append(UInt8(truncatingIfNeeded: value))
    bytes.append(UInt8(truncatingIfNeeded: value >> 8))
  }

  static func append32(_ value: UInt32, to bytes: inout [UInt8]) {
    for shift in stride(from: 0, to: 32, by: 8) {
      bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift)))
    }
  }
}
