import StriderCore

/// Reads the track points of a GPX 1.0 or 1.1 file as fixes, streaming.
///
/// Follows the GPX 1.1 schema (https://www.topografix.com/GPX/1/1/) and the 1.0 fields it
/// dropped (`<speed>` in m/s, `<course>` in degrees). Elements are matched by local name, so
/// any namespace prefix works; waypoints, routes, metadata other than the name, and unknown
/// extensions are skipped. Each `<trkseg>` in the file gets the next segment number, across
/// tracks.
///
/// Accuracy: GPX gives dilutions of precision, not metres. `horizontalAccuracy` is
/// `hdop × 5 m` and `verticalAccuracy` is `vdop × 5 m`, taking 5 m as the user-equivalent
/// range error of a consumer receiver; an `accuracy` (or `verticalAccuracy`) element in the
/// point's extensions, as Strider writes them in `urn:strider:gpx:1`, is in metres and wins.
/// `<fix>`: `none` → `.noFix`, `2d` → `.twoD`, `3d`/`dgps`/`pps` → `.threeD`, absent or
/// anything else → `.unknown`.
public struct GPXReader: NamedSourceReader {
  /// The assumed user-equivalent range error that turns a DOP into metres.
  public static let userEquivalentRangeError = Meters(5)

  public static let format = FileFormat.gpx
  public static let title = "GPX"
  public static let extensions = ["gpx"]
  public static let emptyFileNote = "no track points (waypoints and routes are not tracks)"

  public var metadata: TrackMetadata { stack.document.metadata }
  /// Where the file ended early, after its first point (`XMLElementStack.damage`).
  public var damage: FormatError? { stack.damage }
  public var warnings: [String] {
    stack.damage.map { [XMLDamage.warning($0, fixes: "points")] } ?? []
  }

  private var stack: XMLElementStack<GPXDocument>

  /// Reads from any chunk source; `fileName` is used in error messages.
  public init(source: some ByteChunkSource, fileName: String) {
    self.init(source: source, fileName: fileName, fastPath: true)
  }

  /// Without `fastPath`, every point goes through the scanner element by element (tests
  /// compare the two).
  init(source: some ByteChunkSource, fileName: String, fastPath: Bool) {
    var document = GPXDocument()
    document.fastPath = fastPath
    stack = XMLElementStack(source: source, fileName: fileName, document: document)
  }

  /// Whether the first bytes of a file look like GPX: the root element, after an optional
  /// byte-order mark, XML declaration, comments and processing instructions, is `gpx` (with
  /// or without a namespace prefix).
  public static func looksLike(prefix: [UInt8]) -> Bool {
    XMLRoot.isNamed(GPXElement.rootName, prefix: prefix)
  }

  /// How many points the fast path read (tests).
  var fastPathPoints: Int { stack.document.fastReads }
  /// Whether the fast path is still tried (tests).
  var usesFastPath: Bool { stack.document.fastPath }

  public mutating func next() throws(FormatError) -> Fix? {
    try stack.next()
  }

  // The protocol's default does the same through `next()`; written out over the element
  // stack, its loop is the one the reading thread runs for every GPX point (`analyze` of
  // the 1M-point GPX, best of ten paired runs: 0.48 s with it, 0.53 s without).
  public mutating func read(into fixes: inout [Fix], upTo limit: Int) throws(FormatError) -> Bool {
    while fixes.count < limit {
      guard let fix = try stack.next() else { return false }
      fixes.append(fix)
    }
    return true
  }
}

extension FileFormat {
  /// GPS Exchange Format 1.0 and 1.1 (https://www.topografix.com/GPX/1/1/).
  public static let gpx = FileFormat(rawValue: "gpx")
}
