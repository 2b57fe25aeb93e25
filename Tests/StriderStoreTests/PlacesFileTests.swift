import Foundation
import StriderCore
import StriderStore
import Testing

/// The known places beside the database: kept whole and owner-only, read back as kept, and
/// a file that is not one named with what to do.
@Suite struct PlacesFileTests {
  static func folder() throws -> String {
    let path = NSTemporaryDirectory() + "strider-places-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  @Test func placesAreKeptOwnerOnlyAndReadBack() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = PlacesFile(location: StoreLocation(directory: folder))
    #expect(try file.load().isEmpty, "none before the first is found")
    let places = [
      KnownPlace(id: 1, coordinate: Coordinate(latitude: 46.05, longitude: 14.5), name: "home"),
      KnownPlace(id: 2, coordinate: Coordinate(latitude: 46.06, longitude: 14.51)),
    ]
    try file.save(places)
    #expect(try file.load() == places)
    let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions]
    #expect((mode as? NSNumber)?.intValue == 0o600)
    try file.save(Array(places.prefix(1)))
    #expect(try file.load() == Array(places.prefix(1)), "replaced whole")
    let left = try FileManager.default.contentsOfDirectory(atPath: folder)
    #expect(left == ["places.json"], "no temporary file left: \(left)")
  }

  @Test func aFileThatIsNotOneSaysSoAndWhatToDo() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = PlacesFile(location: StoreLocation(directory: folder))
    try "not json".write(toFile: file.path, atomically: true, encoding: .utf8)
    #expect {
      try file.load()
    } throws: { error in
      let text = (error as? StoreError)?.description ?? ""
      return text.hasPrefix("\(file.path): not a places file")
        && text.hasSuffix("move it away to start the places afresh")
    }
  }
}

extension PlacesFileTests {
  /// A link planted where the new file is written first is taken away, never written
  /// through: the file it points at stays as it was.
  @Test func aLinkPlantedAtTheNewFilesNameIsNotFollowed() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = PlacesFile(location: StoreLocation(directory: folder))
    let victim = folder + "/victim.txt"
    try "keep me".write(toFile: victim, atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: file.path + ".\(getpid()).new", withDestinationPath: victim)
    let places = [KnownPlace(id: 1, coordinate: Coordinate(latitude: 46.05, longitude: 14.5))]
    try file.save(places)
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep me")
    #expect(try file.load() == places)
  }
}
