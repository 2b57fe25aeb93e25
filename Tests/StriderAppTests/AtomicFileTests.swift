import Foundation
import StriderApp
import Testing

/// A file that appears whole or not at all: written owner-only (or as the umask says for a
/// file of no one's whereabouts), put in place of the old one whole, left as it was when
/// the writer gives up, and a folder that cannot take it named in the error.
@Suite struct AtomicFileTests {
  static func folder() throws -> String {
    let path = NSTemporaryDirectory() + "strider-atomic-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  static func mode(_ path: String) throws -> Int {
    let value = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]
    return (value as? NSNumber)?.intValue ?? -1
  }

  @Test func aFileIsWrittenWholeOwnerOnlyAndReplacesTheOld() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/run.gpx"
    try "old".write(toFile: path, atomically: false, encoding: .utf8)
    try AtomicFile.write(to: path) { $0.write(String(repeating: "x", count: 200_000)) }
    #expect(try String(contentsOfFile: path, encoding: .utf8).count == 200_000)
    #expect(try Self.mode(path) == 0o600)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["run.gpx"])
  }

  @Test func aWriterThatGivesUpLeavesTheOldFileAsItWas() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/run.gpx"
    try "old".write(toFile: path, atomically: false, encoding: .utf8)
    try AtomicFile.write(to: path) { stream in
      stream.write("half a track")
      stream.abandon()
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["run.gpx"])
  }

  @Test func aFolderThatIsNotThereIsNamedInTheError() {
    let path = "/nonexistent-\(UUID().uuidString)/run.gpx"
    #expect {
      try AtomicFile.write(to: path) { $0.write("x") }
    } throws: { error in
      (error as? OutputError)?.description.contains("run.gpx") ?? false
    }
  }
}
