/// Tells UTF-16 text from the ASCII-compatible text every Strider format is read as.
///
/// Windows tools (Notepad, PowerShell's `>` before version 7) save logs as UTF-16, with or
/// without a byte-order mark (Unicode 15, section 23.8). Read byte by byte such a file is
/// NULs between the characters: an NMEA or gpsd reader would skip every line and report
/// "no fixes". Naming the encoding tells the user what to do instead.
enum UTF16Detection {
  /// How many leading bytes the check wants before it decides (fewer at the end of a file).
  static let prefixLength = 64

  /// The message every reader gives for UTF-16 input.
  static let message = "UTF-16 text is not supported; save the file as UTF-8"

  /// "UTF-16LE" or "UTF-16BE" when the bytes start with a UTF-16 byte-order mark, or are
  /// at least four characters of printable ASCII as UTF-16 without one; nil otherwise.
  static func encoding(prefix: some Collection<UInt8>) -> String? {
    let bytes = Array(prefix.prefix(prefixLength))
    if bytes.starts(with: [0xFF, 0xFE]) { return "UTF-16LE" }
    if bytes.starts(with: [0xFE, 0xFF]) { return "UTF-16BE" }
    let pairs = bytes.count / 2
    guard pairs >= 4 else { return nil }
    let low = stride(from: 0, to: pairs * 2, by: 2).map { bytes[$0] }
    let high = stride(from: 1, to: pairs * 2, by: 2).map { bytes[$0] }
    if high.allSatisfy({ $0 == 0 }), low.allSatisfy(isText) { return "UTF-16LE" }
    if low.allSatisfy({ $0 == 0 }), high.allSatisfy(isText) { return "UTF-16BE" }
    return nil
  }

  /// The error a reader throws for UTF-16 input named `file`.
  static func error(file: String, encoding: String) -> FormatError {
    FormatError(
      .unsupportedEncoding, file: file, line: 1, column: 1, message: "\(message) (\(encoding))")
  }

  private static func isText(_ byte: UInt8) -> Bool {
    (0x20...0x7E).contains(byte) || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }
}
