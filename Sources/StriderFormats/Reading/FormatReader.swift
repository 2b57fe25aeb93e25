import StriderCore

/// A reader that a file format registers in `FormatRegistry`: what the format is called,
/// how a file of it is recognised, and how its reader opens.
///
/// Sniffing, `analyze`, `sessions import`, `replay` and the fuzz targets all open files
/// through these requirements (`FixFileReader.open`), so the path the tests take is the one
/// users take. Modelled on swift-argument-parser's subcommand list: a format is a type in a
/// list, not a case in a switch.
public protocol FormatReader: FixReader, SendableMetatype {
  /// The format's name, as `analyze` prints it.
  static var format: FileFormat { get }
  /// The format's name for people, in help texts ("gpsd JSON").
  static var title: String { get }
  /// File name extensions, lower case without the dot, that name the format when the
  /// content does not say (`.gz` is taken off first).
  static var extensions: [String] { get }
  /// Why a file of this format may hold no fixes, for the warning about an empty file.
  static var emptyFileNote: String { get }
  /// Whether a file's first bytes (up to `FixFileReader.sniffLength`, fewer at the end of a
  /// short file) are this format's. Asked in `FormatRegistry.readers` order, so it may
  /// assume no earlier format claimed them; it must not claim another format's files.
  static func looksLike(prefix: [UInt8]) -> Bool
  /// The reader of a file's bytes, already inflated when the file was compressed.
  static func open(source: some ByteChunkSource, file: SourceFile) -> any FixReader
}

extension FormatReader {
  public var format: FileFormat { Self.format }
  public static var emptyFileNote: String { "no fixes in the file" }
}

/// A format reader made from a file's bytes and name alone, as GPX, TCX, FIT and gpsd JSON
/// are: its reading of bytes in memory and its `open` follow from that one initializer.
public protocol NamedSourceReader: FormatReader {
  init(source: some ByteChunkSource, fileName: String)
}

extension NamedSourceReader {
  /// Reads a file already in memory.
  public init(bytes: [UInt8], fileName: String) {
    self.init(source: MemoryByteSource(bytes: bytes), fileName: fileName)
  }

  public static func open(source: some ByteChunkSource, file: SourceFile) -> any FixReader {
    Self(source: source, fileName: file.name)
  }
}

/// The file a reader reads, as far as a reader may need it besides its bytes.
public struct SourceFile: Sendable, Equatable {
  /// The path as the user gave it, used in error messages.
  public var name: String
  /// When the file was last written, if known: the date of a log that gives none.
  public var modificationTime: GNSSTime?

  public init(name: String, modificationTime: GNSSTime? = nil) {
    self.name = name
    self.modificationTime = modificationTime
  }
}
