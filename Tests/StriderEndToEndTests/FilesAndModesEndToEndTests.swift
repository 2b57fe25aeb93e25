import Foundation
import StriderTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 14 on the real binary: the modes of the data folder and database, and symbolic
/// links where Strider writes.
@Suite(.offCooperativePool) struct FilesAndModesEndToEndTests {
  static func mode(_ path: String) -> mode_t? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return info.st_mode & 0o7777
  }

  /// An existing data folder is never changed (issue 49: `STRIDER_HOME=/tmp` was made 0700,
  /// dropping its sticky bit): one others can list is used with a warning, one others can
  /// write is refused with a clear message, every command, and nothing is created in it.
  @Test func anOpenDataFolderKeepsItsModeAndAWritableOneIsRefused() throws {
    let listable = try StriderBinary.temporaryDirectory().appendingPathComponent("data")
    try FileManager.default.createDirectory(at: listable, withIntermediateDirectories: true)
    #expect(chmod(listable.path, 0o755) == 0)
    let used = try StriderBinary.run(
      ["sessions", "list"], environment: ["STRIDER_HOME": listable.path])
    #expect(used.status == 0, "\(used.stderr)")
    #expect(used.stderr.contains("strider: warning: \(listable.path) can be listed by other users"))
    #expect(Self.mode(listable.path) == 0o755)
    #expect(Self.mode(listable.appendingPathComponent("strider.sqlite").path) == 0o600)

    let shared = try StriderBinary.temporaryDirectory().appendingPathComponent("shared")
    try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
    #expect(chmod(shared.path, 0o1777) == 0)
    for arguments in [
      ["sessions"], ["sessions", "list"], ["demo", "--headless", "--speed", "max", "--record"],
    ] {
      let refused = try StriderBinary.run(arguments, environment: ["STRIDER_HOME": shared.path])
      #expect(refused.status == 1 && !refused.crashed, "\(arguments): \(refused.stderr)")
      #expect(
        refused.stderr.contains("can be written by other users (mode 1777)"), "\(refused.stderr)")
      #expect(Self.mode(shared.path) == 0o1777, "\(arguments)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: shared.path).isEmpty)
  }

  /// A simulated track is no one's whereabouts: `simulate -o` and its `--truth` are made
  /// as the user's umask says (they were 0600), while an export of a session stays
  /// owner-only.
  @Test func simulatedFilesFollowTheUmaskAndExportsStayPrivate() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let track = dir.appendingPathComponent("run.gpx").path
    let truth = dir.appendingPathComponent("truth.gpx").path
    let result = try StriderBinary.shell(
      "umask 027; \"$STRIDER\" simulate --length 300 -o '\(track)' --truth '\(truth)'")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(Self.mode(track) == 0o640)
    #expect(Self.mode(truth) == 0o640)
    let open = try StriderBinary.shell(
      "umask 022; \"$STRIDER\" simulate --length 300 -o '\(track)'")
    #expect(open.status == 0, "\(open.stderr)")
    #expect(Self.mode(track) == 0o644, "written again over the old file")

    let home = dir.appendingPathComponent("data").path
    let recorded = try StriderBinary.run(
      ["demo", "--headless", "--speed", "max", "--record"], environment: ["STRIDER_HOME": home])
    #expect(recorded.status == 0, "\(recorded.stderr)")
    let exported = dir.appendingPathComponent("export.gpx").path
    let export = try StriderBinary.shell(
      "umask 022; \"$STRIDER\" sessions export 1 -o '\(exported)'",
      environment: ["STRIDER_HOME": home])
    #expect(export.status == 0, "\(export.stderr)")
    #expect(Self.mode(exported) == 0o600)
  }

  /// A dangling link at `strider.sqlite` was followed and its target created 0644: now
  /// every command refuses it and creates nothing.
  @Test func aLinkWhereTheDatabaseBelongsIsRefused() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let home = dir.appendingPathComponent("data")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let target = dir.appendingPathComponent("elsewhere.sqlite")
    try FileManager.default.createSymbolicLink(
      atPath: home.appendingPathComponent("strider.sqlite").path,
      withDestinationPath: target.path)
    for arguments in [["sessions", "list"], ["demo", "--headless", "--speed", "max", "--record"]] {
      let result = try StriderBinary.run(arguments, environment: ["STRIDER_HOME": home.path])
      #expect(result.status == 1 && !result.crashed, "\(arguments)")
      #expect(result.stderr.contains("is a symbolic link"), "\(result.stderr)")
      #expect(!FileManager.default.fileExists(atPath: target.path), "\(arguments)")
    }
  }

  /// `sessions export -o` through a link overwrote its target: now it refuses unless
  /// `--force`, and leaves the target as it was.
  @Test func exportRefusesToWriteThroughALinkUnlessForced() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let environment = ["STRIDER_HOME": dir.appendingPathComponent("data").path]
    let demo = try StriderBinary.run(
      ["demo", "--headless", "--speed", "max", "--record"], environment: environment)
    #expect(demo.status == 0, "\(demo.stderr)")
    let target = dir.appendingPathComponent("precious.txt")
    try Data("keep me\n".utf8).write(to: target)
    let link = dir.appendingPathComponent("track.gpx")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)

    let refused = try StriderBinary.run(
      ["sessions", "export", "1", "-o", link.path], environment: environment)
    #expect(refused.status == 1 && !refused.crashed)
    #expect(refused.stderr.contains("\(link.path) is a symbolic link"), "\(refused.stderr)")
    #expect(refused.stderr.contains("--force"), "\(refused.stderr)")
    #expect(try String(contentsOf: target, encoding: .utf8) == "keep me\n")

    let forced = try StriderBinary.run(
      ["sessions", "export", "1", "-o", link.path, "--force"], environment: environment)
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(try String(contentsOf: target, encoding: .utf8).contains("<gpx"))

    let plain = dir.appendingPathComponent("plain.gpx")
    let written = try StriderBinary.run(
      ["sessions", "export", "1", "-o", plain.path], environment: environment)
    #expect(written.status == 0, "\(written.stderr)")
    #expect(Self.mode(plain.path) == 0o600)
  }
}
