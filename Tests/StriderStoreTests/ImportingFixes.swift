import StriderCore

@testable import StriderStore

extension SessionStore {
  /// A streamed import of `fixes`, as `sessions import` reads a file.
  func importSession(
    fixes: [Fix], name: String, configuration: SessionConfiguration
  ) throws -> StreamedImportOutcome {
    var next = 0
    return try importSession(
      reading: { () throws(StoreError) -> Fix? in
        defer { next += 1 }
        return next < fixes.count ? fixes[next] : nil
      }, name: name, configuration: configuration, source: nil)
  }
}
