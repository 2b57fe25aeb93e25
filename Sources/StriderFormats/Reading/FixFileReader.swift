/// Opens recorded files and tells their formats apart.
public enum FixFileReader {
  /// How many leading bytes `sniff` looks at.
  public static let sniffLength = 64 * 1024

  /// Opens a file, sniffing the format by content first and extension second.
  ///
  /// Unknown content with an unknown extension is a `.unknownFormat` error whose message
  /// lists the supported formats; so is a known format that has no reader yet. UTF-16 text
  /// is an `.unsupportedEncoding` error whatever the format, so the user learns to save it
  /// as UTF-8 rather than that it holds no fixes.
  public static func open(path: String) throws(FormatError) -> any FixReader {
    let file = try FileByteSource(path: path)
    var first = try file.nextChunk() ?? []
    var source = AnyByteChunkSource(file)
    var nameForExtension = path
    if GzipByteSource.isGzip(prefix: Array(first.prefix(2))) {
      let inflated = GzipByteSource(
        source: PrefixedChunkSource(first: first, rest: source), fileName: path)
      first = try inflated.nextChunk() ?? []
      source = AnyByteChunkSource(inflated)
      if nameForExtension.lowercased().hasSuffix(".gz") {
        nameForExtension = String(nameForExtension.dropLast(3))
      }
    }
    if let encoding = UTF16Detection.encoding(prefix: first) {
      throw UTF16Detection.error(file: path, encoding: encoding)
    }
    let supported = FileFormat.readable.map(\.rawValue).joined(separator: ", ")
    let prefix = Array(first.prefix(sniffLength))
    guard let format = sniff(prefix: prefix, fileName: nameForExtension) else {
      let what = first.isEmpty ? "the file is empty" : "not a recognised GPS track format"
      throw FormatError(
        .unknownFormat, file: path, message: "\(what); supported formats: \(supported)")
    }
    let stream = PrefixedChunkSource(first: first, rest: source)
    switch format {
    case .gpx:
      return GPXReader(source: stream, fileName: path)
    case .tcx:
      return TCXReader(source: stream, fileName: path)
    case .nmea:
      return NMEAReader(source: stream, fileName: path, fileDate: file.modificationTime)
    case .gpsdJSON:
      return EpochMergingGPSDReader(GPSDJSONReader(source: stream, fileName: path))
    }
  }

  /// The format of a file from its first bytes, else from its extension; nil when neither
  /// says.
  ///
  /// XML is told apart by its root element (`gpx`, `TrainingCenterDatabase`, with any
  /// prefix); a first line that is a JSON object with a `"class"` key is gpsd JSON; lines
  /// holding `$` and a five-letter sentence tag are NMEA 0183 (`NMEAReader.looksLike`).
  /// Lines may end with CR, LF or CRLF.
  public static func sniff(prefix: [UInt8], fileName: String) -> FileFormat? {
    contentFormat(prefix) ?? extensionFormat(fileName)
  }

  private static func contentFormat(_ bytes: [UInt8]) -> FileFormat? {
    var start = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
    while start < bytes.count, ASCIINumber.isSpace(bytes[start]) { start += 1 }
    guard start < bytes.count else { return nil }
    let body = bytes[start...]
    switch body.first {
    case UInt8(ascii: "<"):
      return rootElementFormat(body)
    case UInt8(ascii: "{"):
      let firstLine = body.prefix { $0 != 0x0A && $0 != 0x0D }
      return contains(firstLine, "\"class\"") ? .gpsdJSON : nil
    default:
      return NMEAReader.looksLike(prefix: Array(body)) ? .nmea : nil
    }
  }

  /// The first element name after the prolog decides.
  private static func rootElementFormat(_ body: ArraySlice<UInt8>) -> FileFormat? {
    var i = body.startIndex
    while let open = body[i...].firstIndex(of: UInt8(ascii: "<")) {
      let next = open + 1
      guard next < body.endIndex else { return nil }
      let b = body[next]
      if b == UInt8(ascii: "?") || b == UInt8(ascii: "!") {
        let closing: [UInt8] = body[next...].starts(with: Array("!--".utf8)) ? [45, 45, 62] : [62]
        guard let end = firstIndex(of: closing, in: body[next...]) else { return nil }
        i = end + closing.count
        continue
      }
      let name = body[next...].prefix { !ASCIINumber.isSpace($0) && $0 != 62 && $0 != 47 }
      let local = name.split(separator: UInt8(ascii: ":")).last ?? name
      if local.elementsEqual("gpx".utf8) { return .gpx }
      if local.elementsEqual("TrainingCenterDatabase".utf8) { return .tcx }
      return nil
    }
    return nil
  }

  private static func extensionFormat(_ fileName: String) -> FileFormat? {
    guard let dot = fileName.lastIndex(of: "."), !fileName[dot...].contains("/") else {
      return nil
    }
    switch fileName[fileName.index(after: dot)...].lowercased() {
    case "gpx": return .gpx
    case "tcx": return .tcx
    case "nmea", "nma": return .nmea
    case "json", "jsonl": return .gpsdJSON
    default: return nil
    }
  }

  private static func contains(_ bytes: ArraySlice<UInt8>, _ needle: String) -> Bool {
    firstIndex(of: Array(needle.utf8), in: bytes) != nil
  }

  private static func firstIndex(of needle: [UInt8], in bytes: ArraySlice<UInt8>) -> Int? {
    guard let first = needle.first, bytes.count >= needle.count else { return nil }
    var i = bytes.startIndex
    while i <= bytes.endIndex - needle.count {
      if bytes[i] == first, bytes[i..<(i + needle.count)].elementsEqual(needle) { return i }
      i += 1
    }
    return nil
  }
}

/// A chunk already read (for sniffing) followed by the rest of a source.
struct PrefixedChunkSource<Rest: ByteChunkSource>: ByteChunkSource {
  private var first: ArraySlice<UInt8>?
  private var rest: Rest

  init(first: ArraySlice<UInt8>, rest: Rest) {
    self.first = first.isEmpty ? nil : Array(first)[...]
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
