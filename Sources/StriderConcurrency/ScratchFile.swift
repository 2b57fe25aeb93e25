import Foundation
import StriderCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Room for a long session's accepted fixes in a scratch file the kernel pages in and out
/// (`TrackStorage`): mapped shared, so the pages a pass over the track has released leave
/// the process's memory and come back from the file as they were. `analyze`, a replay or
/// an import of ten million fixes then holds a few chunks of them at a time, not 480 MB.
///
/// The file is made at the first room asked for (a session of up to a million fixes never
/// asks), in `$TMPDIR` or `/var/tmp` (a disk, where `/tmp` may be memory), and unlinked at
/// once: nothing is left behind, even by a process that is killed. Its blocks are taken
/// before they are mapped (`posix_fallocate`), so a full disk means no room (the chunk is
/// kept in memory), never a fault on a write.
public final class ScratchFile: TrackStorage {
  private let directory: String
  private let state = Mutex(State())

  private struct State {
    var descriptor: Int32 = -1
    /// The file could not be made: no room is asked of it again.
    var unusable = false
    var size = 0
    /// Where each mapped room begins in the file, by its address.
    var offsets: [UInt: Int] = [:]
    /// Rooms freed, for the next to ask: the file never shrinks while it is open.
    var freed: [Int: [Int]] = [:]
  }

  /// One file for the process, made when first needed.
  public static let shared = ScratchFile()

  /// - Parameter directory: where the file is made; `$TMPDIR`, else `/var/tmp`, by default.
  public init(directory: String? = nil) {
    let environment = ProcessInfo.processInfo.environment["TMPDIR"]
    self.directory = directory ?? environment.flatMap { $0.isEmpty ? nil : $0 } ?? "/var/tmp"
  }

  deinit {
    state.withLock { if $0.descriptor >= 0 { close($0.descriptor) } }
  }

  public func room(byteCount: Int) -> UnsafeMutableRawPointer? {
    state.withLock { state -> UnsafeMutableRawPointer? in
      guard !state.unusable else { return nil }
      if state.descriptor < 0 {
        var template = Array("\(directory)/strider-track-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { name in
          guard let path = name.baseAddress else { return Int32(-1) }
          let descriptor = mkstemp(path)
          if descriptor >= 0 { unlink(path) }
          return descriptor
        }
        guard descriptor >= 0 else {
          state.unusable = true
          return nil
        }
        state.descriptor = descriptor
      }
      let offset: Int
      if let reused = state.freed[byteCount]?.popLast() {
        offset = reused
      } else {
        guard posix_fallocate(state.descriptor, off_t(state.size), off_t(byteCount)) == 0
        else { return nil }
        offset = state.size
        state.size += byteCount
      }
      let mapped = mmap(
        nil, byteCount, PROT_READ | PROT_WRITE, MAP_SHARED, state.descriptor, off_t(offset))
      guard let mapped, mapped != MAP_FAILED else {
        state.freed[byteCount, default: []].append(offset)
        return nil
      }
      state.offsets[UInt(bitPattern: mapped)] = offset
      return mapped
    }
  }

  public func release(_ start: UnsafeMutableRawPointer, byteCount: Int) {
    // A shared file mapping keeps what its released pages hold: they come back from the
    // file (or the page cache) on the next read.
    _ = madvise(start, byteCount, MADV_DONTNEED)
  }

  public func free(_ start: UnsafeMutableRawPointer, byteCount: Int) {
    munmap(start, byteCount)
    state.withLock { state in
      guard let offset = state.offsets.removeValue(forKey: UInt(bitPattern: start)) else { return }
      state.freed[byteCount, default: []].append(offset)
    }
  }
}
