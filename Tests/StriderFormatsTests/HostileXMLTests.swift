import Foundation
import StriderCore
import Testing

@testable import StriderFormats

/// Hostile GPX and TCX (issue 6): every input ends in a clear error naming
/// `file:line:column`, or a bounded, correct result; never a hang, a crash, a read of a
/// local file, a network connection or memory without bound. Each test runs on both XML
/// readers. Complements the error tables of `GPXReaderErrorTests` and `TCXReaderErrorTests`
/// (billion laughs with an internal subset, XXE in a subset, 300-level nesting, UTF-16 LE).
@Suite(.serialized) struct HostileXMLTests {
  static let formats = XMLFormat.allCases

  /// The first line of /etc/passwd, which must never show in anything a reader returns.
  static let secret: String? = {
    guard let text = try? String(contentsOfFile: "/etc/passwd", encoding: .utf8) else {
      return nil
    }
    return text.split(separator: "\n").first.map(String.init)
  }()

  // MARK: Entities

  /// Billion laughs without a DOCTYPE (the declarations alone) and with parameter
  /// entities: refused before anything is expanded.
  @Test(arguments: formats)
  func billionLaughsIsRefusedWithoutExpanding(format: XMLFormat) throws {
    var entities = "<!ENTITY lol0 \"lol\">\n"
    for level in 1...9 {
      entities +=
        "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">\n"
    }
    let inputs = [
      format.document(prolog: "<!DOCTYPE r [\n\(entities)]>\n", inside: "&lol9;"),
      format.document(prolog: entities, inside: "&lol9;"),
      format.document(
        prolog: "<!DOCTYPE r [<!ENTITY % p \"<!ENTITY x 'y'>\"> %p;]>", inside: "&x;"),
    ]
    for text in inputs {
      let clock = ContinuousClock()
      let start = clock.now
      let outcome = format.read(text)
      #expect(clock.now - start < .seconds(1))
      let error = try #require(outcome.error)
      #expect(error.code == .forbiddenMarkup, "\(error)")
      #expect(error.line == 2, "the DOCTYPE or first ENTITY is on line 2: \(error)")
      #expect(error.description.hasPrefix("\(format.fileName):2:"))
      #expect(!outcome.visibleText.contains("lollol"))
    }
  }

  /// External entities, external DTDs, XInclude and stylesheet instructions pointing at
  /// /etc/passwd: the file is never read. A reference to an undeclared entity is an error at
  /// its position; markup that merely names a file is skipped, and the track still reads.
  @Test(arguments: formats)
  func externalEntitiesNeverReadLocalFiles(format: XMLFormat) throws {
    let cases: [(prolog: String, inside: String, fails: Bool)] = [
      ("<!DOCTYPE r [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n", "&xxe;", true),
      ("<!DOCTYPE r SYSTEM \"file:///etc/passwd\">\n", "&xxe;", true),
      ("<!DOCTYPE r SYSTEM \"file:///etc/passwd\">\n", "Park run", false),
      ("<!DOCTYPE r PUBLIC \"-//X//Y\" \"/etc/passwd\">\n", "Park run", false),
      ("<?xml-stylesheet type=\"text/xsl\" href=\"file:///etc/passwd\"?>\n", "Park run", false),
      (
        "",
        "<xi:include xmlns:xi=\"http://www.w3.org/2001/XInclude\" href=\"/etc/passwd\""
          + " parse=\"text\"/>", false
      ),
      ("", "&#x2F;etc&#x2F;passwd", false),
    ]
    for c in cases {
      let outcome = format.read(format.document(prolog: c.prolog, inside: c.inside))
      if c.fails {
        let error = try #require(outcome.error, "\(c.prolog) \(c.inside)")
        #expect([.forbiddenMarkup, .malformed].contains(error.code), "\(error)")
        #expect(error.line >= 2 && error.column >= 1, "\(error)")
      } else {
        #expect(outcome.error == nil, "\(String(describing: outcome.error))")
        #expect(outcome.fixes.count == 1)
      }
      if let secret = Self.secret {
        #expect(!outcome.visibleText.contains(secret), "/etc/passwd leaked: \(c)")
      }
    }
  }

  /// An external DTD on a loopback port: a reader that fetched it would connect. The
  /// listener sees no connection, and the file reads at once.
  @Test(arguments: formats)
  func externalDTDsNeverTouchTheNetwork(format: XMLFormat) throws {
    let listener = try #require(LoopbackListener(), "cannot listen on loopback")
    defer { listener.close() }
    let url = "http://127.0.0.1:\(listener.port)/evil.dtd"
    let inputs = [
      format.document(prolog: "<!DOCTYPE r SYSTEM \"\(url)\">\n", inside: "Park run"),
      format.document(prolog: "<!DOCTYPE r [<!ENTITY x SYSTEM \"\(url)\">]>\n", inside: "&x;"),
      format.document(prolog: "<?xml-stylesheet href=\"\(url)\"?>\n", inside: "Park run"),
    ]
    for text in inputs { _ = format.read(text) }
    #expect(!listener.sawConnection(), "a reader connected to \(url)")
  }

  // MARK: Size and depth

  /// A million nested elements, streamed: refused at the nesting limit with the position
  /// of the first element too deep, without reading the rest.
  @Test(arguments: formats)
  func aMillionNestedElementsStopAtTheLimit(format: XMLFormat) throws {
    let (open, close) = format.root
    let source = GeneratedByteSource(
      head: open, unit: "<a>", length: 3_000_000, tail: String(repeating: "</a>", count: 10) + close
    )
    let outcome = format.read(source)
    let error = try #require(outcome.error)
    #expect(error.code == .forbiddenMarkup, "\(error)")
    #expect(error.message.contains("nested deeper than \(XMLScanner.maxDepth)"), "\(error)")
    #expect(error.line == 1)
    #expect(error.column == open.utf8.count + (XMLScanner.maxDepth - 1) * 3 + 1, "\(error)")
  }

  /// 100 MB on one line, in four shapes, streamed through the reader in 64 KiB chunks:
  /// white space between points and a comment read through in bounded memory; element text
  /// beyond 1 MiB is refused where it passes the limit, and a start tag beyond 1 MiB at its
  /// `<`.
  @Test(arguments: formats)
  func aHundredMegabyteLineIsBounded(format: XMLFormat) throws {
    let (open, close) = format.root
    let length = 100_000_000
    let before = peakResidentBytes()
    let clock = ContinuousClock()
    let start = clock.now

    let spaces = format.read(
      GeneratedByteSource(head: open, unit: " ", length: length, tail: close))
    #expect(spaces.error == nil, "\(String(describing: spaces.error))")

    let comment = format.read(
      GeneratedByteSource(head: open + "<!--", unit: "lol ", length: length, tail: "-->" + close))
    #expect(comment.error == nil, "\(String(describing: comment.error))")

    let textElement = format == .gpx ? "<trk><name>" : "<Activities><Activity><Id>"
    let text = format.read(
      GeneratedByteSource(head: open + textElement, unit: "x", length: length, tail: ""))
    let textError = try #require(text.error)
    #expect(textError.code == .malformed)
    #expect(textError.message.contains("more than 1 MiB of text"), "\(textError)")
    #expect(textError.line == 1)

    let tag = format.read(
      GeneratedByteSource(head: open + "<trk a=\"", unit: "x", length: length, tail: "\">"))
    let tagError = try #require(tag.error)
    #expect(tagError.message.contains("longer than 1 MiB"), "\(tagError)")
    #expect(tagError.line == 1 && tagError.column == open.utf8.count + 1, "\(tagError)")

    let grown = peakResidentBytes() - before
    #expect(grown < 64 << 20, "peak memory grew by \(grown >> 20) MiB for 400 MB of input")
    #expect(clock.now - start < .seconds(60))
  }

  // MARK: Truncation, garbage, encodings

  /// A valid file cut at every byte: each cut inside the root element is `truncated`, on a
  /// line the cut file has: an error before the first fix is complete, after it the end of
  /// the reading with the fixes before the cut (`damage`), which are the first fixes of
  /// the whole file.
  @Test(arguments: formats)
  func truncatedAtEveryByte(format: XMLFormat) throws {
    let text = format == .gpx ? GPXReaderTests.sample : tcxRun(Self.tcxPoints)
    let bytes = Array(text.utf8)
    let whole = format.read(bytes: bytes)
    #expect(whole.error == nil && whole.damage == nil && whole.fixes.count >= 2)
    let rootEnd = try #require(text.range(of: format.root.close)).upperBound.utf16Offset(in: text)
    var kept = 0
    for cut in 0..<rootEnd {
      let prefix = Array(bytes.prefix(cut))
      let outcome = format.read(bytes: prefix, chunkSize: 1 + cut % 7)
      #expect((outcome.error == nil) == !outcome.fixes.isEmpty, "cut at \(cut)")
      let error = try #require(outcome.error ?? outcome.damage, "cut at \(cut) read cleanly")
      if outcome.damage != nil { kept += 1 }
      #expect(error.code == .truncated, "cut at \(cut): \(error)")
      let lines = prefix.count { $0 == 0x0A } + 1
      #expect(error.line >= 1 && error.line <= lines, "cut at \(cut): \(error)")
      #expect(error.column >= 1, "cut at \(cut): \(error)")
      #expect(outcome.fixes == Array(whole.fixes.prefix(outcome.fixes.count)), "cut at \(cut)")
    }
    #expect(kept > 0, "no cut came after the first fix")
  }

  static let tcxPoints = """
    <Trackpoint><Time>2024-05-01T07:00:00Z</Time><Position><LatitudeDegrees>47.5</LatitudeDegrees>
    <LongitudeDegrees>19.05</LongitudeDegrees></Position><AltitudeMeters>120</AltitudeMeters>
    <HeartRateBpm><Value>120</Value></HeartRateBpm></Trackpoint>
    <Trackpoint><Time>2024-05-01T07:00:01Z</Time><Position><LatitudeDegrees>47.50003</LatitudeDegrees>
    <LongitudeDegrees>19.05</LongitudeDegrees></Position></Trackpoint>
    """

  /// Random bytes, a zip header, NULs and a PDF: each a malformed-XML error at line 1.
  @Test(arguments: formats)
  func garbageBytesAreMalformed(format: XMLFormat) throws {
    var generator = SplitMix64(seed: 6)
    var random = (0..<65_536).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    random[0] = 0x01
    let inputs: [[UInt8]] = [
      random, [0x50, 0x4B, 0x03, 0x04] + random.prefix(100), [UInt8](repeating: 0, count: 4096),
      Array("%PDF-1.7\n%âãÏÓ\n".utf8),
    ]
    for bytes in inputs {
      let error = try #require(format.read(bytes: bytes).error)
      #expect(error.code == .malformed, "\(error)")
      #expect(error.line == 1 && error.column == 1, "\(error)")
    }
  }

  /// UTF-16 with either byte-order mark is refused with a message that says what to do;
  /// UTF-16 without one is malformed at its first tag; a UTF-8 BOM reads normally.
  @Test(arguments: formats)
  func byteOrderMarksAndUTF16(format: XMLFormat) throws {
    let text = format.document(inside: "Park run")
    let units = Array(text.utf16)
    let littleEndian = units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    let bigEndian = units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    for bytes in [[0xFF, 0xFE] + littleEndian, [0xFE, 0xFF] + bigEndian] {
      let error = try #require(format.read(bytes: bytes).error)
      #expect(error.message.contains("UTF-16"), "\(error)")
      #expect(error.line == 1 && error.column == 1)
    }
    let noMark = try #require(format.read(bytes: littleEndian).error)
    #expect(noMark.code == .malformed && noMark.line == 1, "\(noMark)")
    let utf8 = format.read(bytes: [0xEF, 0xBB, 0xBF] + Array(text.utf8))
    #expect(utf8.error == nil && utf8.fixes.count == 1)
  }

  /// Invalid UTF-8 in a name (overlong, lone continuation, truncated sequence, a surrogate)
  /// reads as the name with replacement characters; invalid UTF-8 in element names is an
  /// unknown element, skipped.
  @Test(arguments: formats)
  func invalidUTF8InNames(format: XMLFormat) throws {
    let bad: [UInt8] = [0x50, 0xC0, 0xAF, 0x80, 0xE2, 0x82, 0xED, 0xA0, 0x80, 0xFF, 0x6B]
    let text = format.document(inside: "@@")
    let parts = text.components(separatedBy: "@@")
    let bytes = Array(parts[0].utf8) + bad + Array(parts[1].utf8)
    let outcome = format.read(bytes: bytes)
    #expect(outcome.error == nil, "\(String(describing: outcome.error))")
    #expect(outcome.fixes.count == 1)
    let name = try #require(outcome.metadataName)
    #expect(name.hasPrefix("P") && name.hasSuffix("k") && name.contains("\u{FFFD}"), "\(name)")
    let element = format.document(inside: "<\u{FFFD}x>y</\u{FFFD}x>")
    let elementBytes = Array(element.utf8).map { $0 == 0xEF ? 0xC3 : $0 }
    let skipped = format.read(bytes: elementBytes)
    #expect(skipped.fixes.count == 1 || skipped.error?.code == .malformed)
  }
}

/// A TCP listener on 127.0.0.1 with a port the kernel picks, to show nothing connects.
final class LoopbackListener {
  private let socket: Int32
  let port: UInt16

  init?() {
    let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return nil }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(fd, $0, length) }
    }
    guard bound == 0, listen(fd, 8) == 0,
      withUnsafeMutablePointer(
        to: &address,
        { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } })
        == 0
    else {
      Glibc.close(fd)
      return nil
    }
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    socket = fd
    port = UInt16(bigEndian: address.sin_port)
  }

  /// Whether a connection is waiting to be accepted.
  func sawConnection() -> Bool {
    let client = accept(socket, nil, nil)
    if client >= 0 { Glibc.close(client) }
    return client >= 0
  }

  func close() { Glibc.close(socket) }
}
