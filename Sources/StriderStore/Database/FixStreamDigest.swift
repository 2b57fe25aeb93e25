import StriderCore

/// The identity of an imported file by what it says, not by how it is written: a SHA-256 of
/// its fixes' times and positions, in order.
///
/// Two files are the same import when they hold the same track, whatever their name, their
/// compression or their line ends; two different tracks never are, even under one name with
/// the same start. Times are rounded to the millisecond and positions to 1e-7 degree (about
/// a centimetre) before hashing, so that a reader's float rounding cannot tell copies apart;
/// a fix without a time or a position counts, as the absence, so dropping one changes the
/// digest. The other fields (elevation, accuracy, heart rate) do not: a file is the same
/// track when it puts the same points at the same times.
public struct FixStreamDigest: Sendable {
  private var hash = SHA256()
  public private(set) var count = 0

  /// Names the encoding, so that a future change of it cannot match an old digest.
  private static let version = Array("strider fix stream v1\n".utf8)

  public init() { hash.update(Self.version) }

  /// The digest of a whole stream; `nameIfEmpty` as for `finalize`.
  public static func of<Fixes: Sequence<Fix>>(_ fixes: Fixes, nameIfEmpty: String? = nil)
    -> String
  {
    var digest = FixStreamDigest()
    for fix in fixes { digest.add(fix) }
    return digest.finalize(nameIfEmpty: nameIfEmpty)
  }

  public mutating func add(_ fix: Fix) {
    count += 1
    // SQLite keeps a NaN as NULL: a NaN time or coordinate counts as none, so the digest
    // of fixes read back from the store is the digest of the fixes that were stored.
    let time = fix.time?.secondsSince1970 ?? .nan
    let coordinate = fix.coordinate.flatMap {
      $0.latitude.isNaN || $0.longitude.isNaN ? nil : $0
    }
    // One flag byte, then up to three rounded values as the little-endian bits of doubles
    // (rounding a double never traps, as an `Int64` conversion of 1e300 would; adding 0
    // makes both zeros one): at most 25 bytes, hashed without allocating.
    var record: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    var size = 1
    withUnsafeMutableBytes(of: &record) { bytes in
      func put(_ value: Double, scale: Double) {
        let bits = ((value * scale).rounded() + 0).bitPattern.littleEndian
        bytes.storeBytes(of: bits, toByteOffset: size, as: UInt64.self)
        size += 8
      }
      bytes[0] = (time.isNaN ? 0 : 1) | (coordinate == nil ? 0 : 2)
      if !time.isNaN { put(time, scale: 1e3) }
      if let coordinate {
        put(coordinate.latitude, scale: 1e7)
        put(coordinate.longitude, scale: 1e7)
      }
    }
    withUnsafeBytes(of: &record) { hash.update(UnsafeRawBufferPointer(rebasing: $0[0..<size])) }
  }

  /// The digest as 64 hexadecimal digits. A stream without fixes (a file of waypoints only)
  /// has no content to tell it from another, so its name stands in: such files are one
  /// import only under one name, as before digests.
  public mutating func finalize(nameIfEmpty name: String? = nil) -> String {
    if count == 0, let name { hash.update(Array("no fixes, named \(name)".utf8)) }
    return hash.finalize()
  }
}
