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
