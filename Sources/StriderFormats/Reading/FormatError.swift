/// Why a file could not be read, and where.
///
/// Like swift-argument-parser's `ParserError`, it carries its input origin: the file as the
/// user named it, a one-based line and column (columns count bytes), and a cause in words.
/// `line` and `column` are 0 when the error has no position (an unreadable file).
public struct FormatError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The kind of failure, stable for scripts and tests.
  ///
  /// Said of any format, text or binary: a reader picks the code for what went wrong and
  /// says in the message how it shows in its syntax.
  public enum Code: String, Sendable {
    /// The file could not be opened or read.
    case unreadable
    /// The content is none of the formats Strider reads.
    case unknownFormat
    /// The content is another format than the reader reads: an XML document whose root is
    /// not the reader's (`<kml>` given to the GPX reader).
    case wrongFormat
    /// The bytes break the format's syntax: XML that is not well-formed, a record that
    /// cannot be decoded.
    case malformed
    /// The file ends in the middle of the document or record.
    case truncated
    /// A checksum or CRC that does not match the bytes it covers, where the format makes
    /// that fatal.
    case checksumMismatch
    /// A latitude or longitude that is missing or out of range.
    case invalidCoordinate
    /// A time that is not RFC 3339 / ISO 8601, or not a time at all.
    case invalidTime
    /// A number field that is not a number.
    case invalidNumber
    /// Markup refused on principle: DTD internal subsets, entity declarations, excessive
    /// nesting (no entity is ever expanded, so billion-laughs and XXE cannot happen).
    case forbiddenMarkup
    /// Text in an encoding the readers cannot read (UTF-16); save it as UTF-8.
    case unsupportedEncoding
  }

  public var code: Code
  public var file: String
  public var line: Int
  public var column: Int
  public var message: String

  public init(_ code: Code, file: String, line: Int = 0, column: Int = 0, message: String) {
    self.code = code
    self.file = file
    self.line = line
    self.column = column
    self.message = message
  }

  /// `FILE:LINE:COLUMN: message`, or `FILE: message` when there is no position.
  public var description: String {
    line > 0 ? "\(file):\(line):\(column): \(message)" : "\(file): \(message)"
  }
}
