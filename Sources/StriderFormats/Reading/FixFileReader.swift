/// Opens recorded files and tells their formats apart, with the readers in
/// `FormatRegistry`: the one path every command, test and fuzz target opens files by.
public enum FixFileReader {
  /// How many leading bytes sniffing looks at (fewer when the file is shorter).
  public static let sniffLength = 64 * 1024

  /// Opens a file, sniffing the format by content first and extension second.
  ///
  /// Unknown content with an unknown extension is a `.unknownFormat` error whose message
  /// lists the supported formats. A gzip file is inflated as it is read, and sniffed by
  /// what it holds and its name without `.gz`; one compressed twice is a `.wrongFormat`
  /// error that says so. UTF-16 text is an `.unsupportedEncoding`
  /// error whatever the format, so the user learns to save it as UTF-8 rather than that it
  /// holds no fixes.
  public static func open(
    path: String, progress: ReadProgress? = nil
  ) throws(FormatError) -> any FixReader {
    let file = try FileByteSource(path: path, progress: progress)
    return try open(
      source: file, file: SourceFile(name: path, modificationTime: file.modificationTime))
  }

  /// Opens bytes from any source as the file `file` names, as `open(path:)` opens a file.
  public static func open(
    source: some ByteChunkSource, file: SourceFile
  ) throws(FormatError) -> any FixReader {
    var nameForExtension = file.name
    var (first, rest) = try prefix(of: AnyByteChunkSource(source), count: 2)
    if GzipByteSource.isGzip(prefix: Array(first.prefix(2))) {
      let inflated = GzipByteSource(
        source: PrefixedChunkSource(first: first, rest: rest), fileName: file.name)
      (first, rest) = try prefix(of: AnyByteChunkSource(inflated), count: sniffLength)
      if GzipByteSource.isGzip(prefix: Array(first.prefix(2))) {
        // Said as it is, not as "unexpected text before the root element" of its GPX.
        throw FormatError(
          .wrongFormat, file: file.name,
          message: "gzip-compressed twice (the gzip holds another gzip); decompress it once "
            + "(gunzip -c FILE > TRACK.gz) and read TRACK.gz")
      }
      if nameForExtension.lowercased().hasSuffix(".gz") {
        nameForExtension = String(nameForExtension.dropLast(3))
      }
    } else if first.count < sniffLength {
      var more: [UInt8]
      (more, rest) = try prefix(of: rest, count: sniffLength - first.count)
      first += more
    }
    if let encoding = UTF16Detection.encoding(prefix: first) {
      throw UTF16Detection.error(file: file.name, encoding: encoding)
    }
    let sniffed = Array(first.prefix(sniffLength))
    guard let reader = readerType(prefix: sniffed, fileName: nameForExtension) else {
      let what = first.isEmpty ? "the file is empty" : "not a recognised GPS track format"
      let supported = FileFormat.readable.map(\.rawValue).joined(separator: ", ")
      throw FormatError(
        .unknownFormat, file: file.name, message: "\(what); supported formats: \(supported)")
    }
    return reader.open(source: PrefixedChunkSource(first: first, rest: rest), file: file)
  }

  /// The format of a file from its first bytes, else from its extension; nil when neither
  /// says.
  ///
  /// Each registered reader is asked in turn whether the bytes are its format
  /// (`FormatReader.looksLike`); when none claims them, the extension decides.
  public static func sniff(prefix: [UInt8], fileName: String) -> FileFormat? {
    readerType(prefix: prefix, fileName: fileName)?.format
  }

  private static func readerType(prefix: [UInt8], fileName: String) -> (any FormatReader.Type)? {
    if let byContent = FormatRegistry.readers.first(where: { $0.looksLike(prefix: prefix) }) {
      return byContent
    }
    guard let dot = fileName.lastIndex(of: "."), !fileName[dot...].contains("/") else {
      return nil
    }
    let suffix = fileName[fileName.index(after: dot)...].lowercased()
    return FormatRegistry.readers.first { $0.extensions.contains(suffix) }
  }

  /// The first `count` bytes of `source` (fewer when it ends first), and the rest of it.
  ///
  /// Gathered over as many chunks as it takes, so a pipe or a small-chunked source is
  /// sniffed on the same bytes as a file read in one chunk.
  private static func prefix(
    of source: AnyByteChunkSource, count: Int
  ) throws(FormatError) -> ([UInt8], AnyByteChunkSource) {
    var source = source
    var bytes: [UInt8] = []
    while bytes.count < count, let chunk = try source.nextChunk() {
      bytes += chunk
    }
    return (bytes, source)
  }

  /// Why a file of this format may hold no fixes, for the warning about an empty file.
  public static func emptyFileNote(_ format: FileFormat) -> String {
    FormatRegistry.reader(for: format)?.emptyFileNote ?? "no fixes in the file"
  }
}

/// A chunk already read (for sniffing) followed by the rest of a source.
struct PrefixedChunkSource<Rest: ByteChunkSource>: ByteChunkSource {
  private var first: ArraySlice<UInt8>?
  private var rest: Rest

  /// `first` is handed on as it is: copying the sniffed megabyte again was a fifth of
  /// opening a file.
  init(first: [UInt8], rest: Rest) {
    self.first = first.isEmpty ? nil : first[...]
    self.rest = rest
  }

  mutating func nextChunk() throws(FormatError) -> ArraySlice<UInt8>? {
    if let chunk = first {
      first = nil
      return chunk
    }
    return try rest.nextChunk()
  }
}

/// Any byte source behind one concrete type, so a file and an inflating wrapper can be
/// chosen at run time and still feed the generic readers.
struct AnyByteChunkSource: ByteChunkSource {
  private var base: any ByteChunkSource

  init(_ base: any ByteChunkSource) { self.base = base }

  mutating func nextChunk() throws(FormatError) -> ArraySlice<UInt8>? {
    try base.nextChunk()
  }
}
