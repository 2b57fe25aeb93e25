import Foundation
import StriderCore

/// The known places, as JSON beside the session database (`places.json`): a small file of
/// the user's own names, kept apart from the sessions so it needs no schema change. Written
/// as the database is, owner-only, and whole or not at all.
public struct PlacesFile: Sendable {
  public let path: String

  public init(location: StoreLocation) {
    path = location.directory + "/places.json"
  }

  /// The places kept; none before the first is found.
  public func load() throws(StoreError) -> [KnownPlace] {
    guard FileManager.default.fileExists(atPath: path) else { return [] }
    do {
      let data = try Data(contentsOf: URL(fileURLWithPath: path))
      return try JSONDecoder().decode([KnownPlace].self, from: data)
    } catch {
      throw .placesFile(path: path, reason: error.localizedDescription)
    }
  }

  /// Keeps `places` in place of the file's: written beside it, synced, then renamed over it.
  public func save(_ places: [KnownPlace]) throws(StoreError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let text: Data
    do {
      text = try encoder.encode(places) + Data("\n".utf8)
    } catch {
      throw .writeFailed(path: path, reason: error.localizedDescription)
    }
    let temporary = path + ".\(getpid()).new"
    // A name left by a process that died here is taken away; a link planted under it is
    // never followed.
    unlink(temporary)
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw failure(errno) }
    var code: Int32 = 0
    text.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count, let base = bytes.baseAddress {
        let written = write(fd, base + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          code = errno
          return
        }
        offset += written
      }
    }
    if code == 0, fsync(fd) != 0 { code = errno }
    close(fd)
    if code == 0, rename(temporary, path) != 0 { code = errno }
    guard code == 0 else {
      unlink(temporary)
      throw failure(code)
    }
  }

  private func failure(_ code: Int32) -> StoreError {
    code == ENOSPC
      ? .diskFull(path: path) : .writeFailed(path: path, reason: String(cString: strerror(code)))
  }
}
