import Foundation
import Testing

/// Finds the project's shared GPS recordings (`../shared/data` beside the checkout).
///
/// Tests that need them carry `.enabled(if: SharedData.isPresent, SharedData.absent)`, so on a
/// machine without the data they show as skipped, with the reason, rather than as passed.
public enum SharedData {
  /// The package root, derived from this file's location.
  public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The shared data folder, or nil (with a note printed once) when it is absent.
  public static var directory: URL? {
    if let env = ProcessInfo.processInfo.environment["STRIDER_SHARED_DATA"] {
      return URL(fileURLWithPath: env)
    }
    let candidate = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data")
    return FileManager.default.fileExists(atPath: candidate.path) ? candidate : nil
  }

  /// Whether the shared data folder is there: the condition of every test that reads it.
  public static var isPresent: Bool {
    directory.map { FileManager.default.fileExists(atPath: $0.path) } ?? false
  }

  /// Why a test that needs the shared data is skipped.
  public static let absent: Comment =
    "needs ../shared/data beside the checkout (or STRIDER_SHARED_DATA)"

  /// A file under the shared data folder, or nil when the folder is absent.
  public static func file(_ relativePath: String) -> URL? {
    directory?.appendingPathComponent(relativePath)
  }

  /// The files of a subfolder with an extension, sorted by name; empty when absent.
  public static func files(in folder: String, withExtension ext: String) -> [URL] {
    guard let dir = directory?.appendingPathComponent(folder),
      let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path)
    else { return [] }
    return names.filter { $0.hasSuffix("." + ext) }.sorted().map { dir.appendingPathComponent($0) }
  }

  /// Fails a test that runs with the shared data present but cannot find what it reads
  /// there (a file renamed or removed): that is a broken corpus, not a reason to skip.
  public static func missing(
    _ what: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    Issue.record(
      "\(what): not found in the shared data folder", sourceLocation: sourceLocation)
  }
}
