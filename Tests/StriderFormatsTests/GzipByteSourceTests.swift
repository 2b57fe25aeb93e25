import Foundation
import StriderCore
import StriderTestSupport
import Testing

@testable import StriderFormats

/// Compresses bytes with the system's `gzip -c -n` through temporary files (no pipes, so a
/// large input cannot deadlock).
func gzipped(_ bytes: [UInt8]) throws -> [UInt8] {
  let directory = FileManager.default.temporaryDirectory
  let input = directory.appendingPathComponent("strider-gzip-\(UUID().uuidString)")
  let output = input.appendingPathExtension("gz")
  defer {
    try? FileManager.default.removeItem(at: input)
    try? FileManager.default.removeItem(at: output)
  }
  try Data(bytes).write(to: input)
  _ = FileManager.default.createFile(atPath: output.path, contents: nil)
  let handle = try FileHandle(forWritingTo: output)
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/bin/gzip")
  process.arguments = ["-c", "-n", "-6", input.path]
  process.standardOutput = handle
  try process.run()
  process.waitUntilExit()
  try handle.close()
  #expect(process.terminationStatus == 0, "gzip failed")
  return Array(try Data(contentsOf: output))
}

/// A zlib (RFC 1950) stream holding `bytes` in stored deflate blocks, built by hand so the
/// zlib-header path is tested without a compressor.
func zlibStored(_ bytes: [UInt8]) -> [UInt8] {
  var out: [UInt8] = [0x78, 0x01]
  var offset = 0
  repeat {
    let count = min(65535, bytes.count - offset)
    let final: UInt8 = offset + count == bytes.count ? 1 : 0
    out.append(final)
    out += [
      UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF),
    ]
    out += bytes[offset..<(offset + count)]
    offset += count
  } while offset < bytes.count
  var a: UInt32 = 1
  var b: UInt32 = 0
  for byte in bytes {
    a = (a + UInt32(byte)) % 65521
    b = (b + a) % 65521
  }
  let adler = b << 16 | a
  out += [
    UInt8(adler >> 24), UInt8((adler >> 16) & 0xFF), UInt8((adler >> 8) & 0xFF),
    UInt8(adler & 0xFF),
  ]
  return out
}

/// Everything a gzip source gives, or the error it throws.
func inflated(
  _ compressed: [UInt8], inputChunk: Int = Int.max, outputChunk: Int = 1 << 16
) -> Result<[UInt8], FormatError> {
  let source = GzipByteSource(
    source: MemoryByteSource(bytes: compressed, chunkSize: inputChunk), fileName: "test.gz",
    chunkSize: outputChunk)
  var bytes: [UInt8] = []
  do {
    while let chunk = try source.nextChunk() {
      #expect(!chunk.isEmpty && chunk.count <= outputChunk)
      bytes += chunk
    }
    #expect(try source.nextChunk() == nil, "the end stays the end")
    return .success(bytes)
  } catch {
    return .failure(error)
  }
}

@Suite("Gzip byte source")
struct GzipByteSourceTests {
  static let text = Array(TCXReaderTests.twoLapRun.utf8)

  @Test(arguments: [(1, 1), (1, 7), (3, 64), (100, 5), (Int.max, 1 << 16)])
  func inflatesWhateverTheChunkSizes(inputChunk: Int, outputChunk: Int) throws {
    let compressed = try gzipped(Self.text)
    #expect(GzipByteSource.isGzip(prefix: compressed))
    #expect(compressed.count < Self.text.count)
    #expect(
      try inflated(compressed, inputChunk: inputChunk, outputChunk: outputChunk).get()
        == Self.text)
  }

  @Test(arguments: [1, 13, Int.max])
  func tcxReadsThroughGzip(inputChunk: Int) throws {
    let compressed = try gzipped(Self.text)
    let source = GzipByteSource(
      source: MemoryByteSource(bytes: compressed, chunkSize: inputChunk), fileName: "run.tcx.gz",
      chunkSize: 11)
    #expect(try readTCX(source: source, fileName: "run.tcx.gz") == readTCX(Self.text.string))
  }

  @Test func zlibHeadersAreDetectedToo() throws {
    let big = Array(repeating: Self.text, count: 200).flatMap { $0 }
    #expect(big.count > 65535, "two stored blocks")
    let stream = zlibStored(big)
    #expect(!GzipByteSource.isGzip(prefix: stream))
    #expect(try inflated(stream, inputChunk: 1000, outputChunk: 4096).get() == big)
  }

  @Test func concatenatedMembersAreOneStream() throws {
    let half = Self.text.count / 2
    let first = try gzipped(Array(Self.text[..<half]))
    let second = try gzipped(Array(Self.text[half...]))
    let empty = try gzipped([])
    for input in [1, 2, 9, Int.max] {
      #expect(try inflated(first + empty + second, inputChunk: input).get() == Self.text)
    }
  }

  @Test func zeroPaddingAfterTheLastMemberIsIgnored() throws {
    let compressed = try gzipped(Self.text) + Array(repeating: 0, count: 512)
    #expect(try inflated(compressed, inputChunk: 100).get() == Self.text)
  }

  @Test func everyTruncationIsAnErrorNotACrash() throws {
    let compressed = try gzipped(Self.text)
    for length in 0..<compressed.count {
      for input in [1, Int.max] {
        guard case .failure(let error) = inflated(Array(compressed[..<length]), inputChunk: input)
        else {
          Issue.record("\(length) of \(compressed.count) bytes read without an error")
          continue
        }
        #expect(error.code == .truncated, "\(length) bytes: \(error)")
        #expect(error.file == "test.gz")
      }
    }
  }

  @Test func truncatedFileThroughTheReaderNamesTheFile() throws {
    let compressed = try gzipped(Self.text)
    let source = GzipByteSource(
      source: MemoryByteSource(bytes: Array(compressed.dropLast(40)), chunkSize: 64),
      fileName: "run.tcx.gz")
    // Cut after its first trackpoints: they are kept, and the damage names the file.
    var reader = TCXReader(source: source, fileName: "run.tcx.gz")
    let fixes = try reader.readAll()
    #expect(!fixes.isEmpty)
    let damage = try #require(reader.damage)
    #expect(damage.code == .truncated)
    #expect(damage.description.hasPrefix("run.tcx.gz: the compressed file ends early"))
    #expect(reader.warnings.first?.hasPrefix("the compressed file ends early") == true)
  }

  struct Corrupt: Sendable, CustomTestStringConvertible {
    var name: String
    var bytes: [UInt8]
    var messageContains: String
    var testDescription: String { name }
  }

  static let corrupt: [Corrupt] = [
    Corrupt(
      name: "garbage after the magic",
      bytes: [0x1F, 0x8B] + Array("this is not deflate data at all".utf8),
      messageContains: "not valid gzip data"),
    Corrupt(
      name: "plain text", bytes: Array("<TrainingCenterDatabase/>".utf8),
      messageContains: "incorrect header check"),
    Corrupt(
      name: "unknown compression method",
      bytes: [0x1F, 0x8B, 0x07, 0, 0, 0, 0, 0, 0, 3] + Array(repeating: 0x41, count: 20),
      messageContains: "unknown compression method"),
  ]

  @Test(arguments: corrupt, [1, Int.max])
  func corruptInputIsUnreadable(_ test: Corrupt, inputChunk: Int) {
    guard case .failure(let error) = inflated(test.bytes, inputChunk: inputChunk) else {
      Issue.record("\(test.name) read without an error")
      return
    }
    #expect(error.code == .unreadable, "\(error)")
    #expect(error.message.contains(test.messageContains), "\(error)")
    #expect(error.description.hasPrefix("test.gz: "))
  }

  @Test func flippedBytesNeverCrash() throws {
    let compressed = try gzipped(Self.text)
    var failures = 0
    for index in stride(from: 0, to: compressed.count, by: 3) {
      var damaged = compressed
      damaged[index] ^= 0x55
      if case .failure = inflated(damaged, inputChunk: 7) { failures += 1 }
    }
    // The CRC-32 and length in the trailer catch what the deflate decoder lets through,
    // except in the header fields zlib does not check (mtime, extra flags, OS).
    #expect(failures > 0)
  }

  @Test func dataAfterTheStreamIsAnError() throws {
    let compressed = try gzipped(Self.text) + Array("trailing".utf8)
    guard case .failure(let error) = inflated(compressed) else {
      Issue.record("trailing data was accepted")
      return
    }
    #expect(error.code == .unreadable)
    #expect(error.message.contains("after the end of the compressed stream"))
  }

  @Test(
    arguments: [
      ([0x1F, 0x8B, 0x08], true), ([0x1F, 0x8B], true), ([0x1F], false), ([], false),
      ([0x8B, 0x1F], false), ([0x78, 0x9C], false),
    ] as [([UInt8], Bool)])
  func gzipMagic(prefix: [UInt8], expected: Bool) {
    #expect(GzipByteSource.isGzip(prefix: prefix) == expected)
  }

  /// Real files, compressed in the test and read back through the gzip source with small
  /// chunks: the same fixes and metadata as the plain file.
  @Test(
    .enabled(if: SharedData.isPresent, SharedData.absent),
    arguments: ["tcx/tp-run.tcx", "tcx/gc-multi.tcx", "gpx/px-visnjan.gpx", "gpx/gb-m241.gpx"])
  func realFilesReadTheSameCompressed(path: String) throws {
    guard let url = SharedData.file(path), FileManager.default.fileExists(atPath: url.path) else {
      return SharedData.missing(path)
    }
    let plain = Array(try Data(contentsOf: url))
    let compressed = try gzipped(plain)
    func source(_ bytes: [UInt8]) -> MemoryByteSource {
      MemoryByteSource(bytes: bytes, chunkSize: 4093)
    }
    let gzip = GzipByteSource(source: source(compressed), fileName: path + ".gz", chunkSize: 1000)
    if path.hasSuffix(".tcx") {
      let expected = try readTCX(source: source(plain), fileName: path)
      #expect(try readTCX(source: gzip, fileName: path + ".gz") == expected)
      #expect(!expected.fixes.isEmpty)
    } else {
      var plainReader = GPXReader(source: source(plain), fileName: path)
      var gzipReader = GPXReader(source: gzip, fileName: path + ".gz")
      let expected = try plainReader.readAll()
      #expect(try gzipReader.readAll() == expected)
      #expect(gzipReader.metadata == plainReader.metadata)
      #expect(!expected.isEmpty)
    }
  }
}

extension [UInt8] {
  fileprivate var string: String { String(decoding: self, as: UTF8.self) }
}

/// Issue 49: a GPX gzipped twice was reported as "unexpected text before the root
/// element"; now the error says what the file is.
@Test func aFileGzippedTwiceSaysSo() throws {
  let gpx = Array(
    gpx11("<trkpt lat=\"1\" lon=\"2\"><time>2024-05-04T07:30:00Z</time></trkpt>").utf8)
  let twice = try gzipped(try gzipped(gpx))
  let source = MemoryByteSource(bytes: twice)
  #expect {
    _ = try FixFileReader.open(source: source, file: SourceFile(name: "run.gpx.gz"))
  } throws: { error in
    guard let error = error as? FormatError else { return false }
    return error.code == .wrongFormat && error.description.contains("gzip-compressed twice")
      && error.description.contains("run.gpx.gz")
  }
  // Once is read as ever.
  var reader = try FixFileReader.open(
    source: MemoryByteSource(bytes: try gzipped(gpx)), file: SourceFile(name: "run.gpx.gz"))
  #expect(try reader.next() != nil)
}
