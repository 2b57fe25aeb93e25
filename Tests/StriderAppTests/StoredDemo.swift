import Foundation
import StriderApp
import StriderStore
import StriderTestSupport
import Testing

/// A session store in a fresh temporary folder with the demo run imported into it: what the
/// tests of the jobs that read a stored session start from. `remove()` takes the folder away.
struct StoredDemo {
  static let path = SharedData.packageRoot.appendingPathComponent("Demo/park-run.gpx").path

  struct NotImported: Error, CustomStringConvertible {
    let description: String
  }

  let directory: String
  let store: SessionStore
  /// The demo run's session.
  let id: Int64

  init() throws {
    directory = NSTemporaryDirectory() + "strider-app-\(UUID().uuidString)"
    store = try SessionStore(location: StoreLocation(directory: directory))
    let imported = try #require(
      try FileImport.run(
        Self.path, store: store, activity: nil, settings: UserSettings(), warn: { _ in }))
    guard case .imported(let session) = imported.outcome else {
      throw NotImported(description: "\(imported.outcome)")
    }
    id = session.id
  }

  func remove() {
    try? FileManager.default.removeItem(atPath: directory)
  }
}
