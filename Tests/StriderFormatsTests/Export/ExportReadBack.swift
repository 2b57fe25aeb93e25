import Foundation
import StriderCore
import StriderFormats

/// Reads an export back through the same reader a user's file takes (sniffing included),
/// from a temporary file named `name`.
func readExportBack(_ text: String, name: String) throws -> [Fix] {
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("strider-export-\(UUID().uuidString)-\(name)")
  try Data(text.utf8).write(to: url)
  defer { try? FileManager.default.removeItem(at: url) }
  var reader = try FixFileReader.open(path: url.path)
  var fixes: [Fix] = []
  while let fix = try reader.next() { fixes.append(fix) }
  return fixes
}

/// Bytes an export writes, for binary formats (FIT): a `String` would decode them as UTF-8.
struct ExportBytes: ExportStream {
  var bytes: [UInt8] = []
  mutating func write(_ string: String) { bytes += Array(string.utf8) }
  mutating func write(bytes more: some Collection<UInt8>) { bytes += more }
}

extension SessionExport {
  /// The export's bytes, for binary formats.
  func bytes(_ format: ExportFormat, points: ExportPoints = .track) -> [UInt8] {
    var stream = ExportBytes()
    write(format, points: points, to: &stream)
    return stream.bytes
  }
}

/// Reads a FIT export back with Strider's own reader, through sniffing as a user's file:
/// the fixes and the reader (its sessions, warnings and counts).
func readFITBack(_ bytes: [UInt8]) throws -> (fixes: [Fix], reader: FITReader) {
  var reader = try FixFileReader.open(
    source: MemoryByteSource(bytes: bytes), file: SourceFile(name: "export.bin"))
  var fixes: [Fix] = []
  while let fix = try reader.next() { fixes.append(fix) }
  guard let fit = reader as? FITReader else {
    throw FormatError(.malformed, file: "export.bin", message: "not sniffed as FIT")
  }
  return (fixes, fit)
}
