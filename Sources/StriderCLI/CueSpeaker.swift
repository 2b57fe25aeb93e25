import Foundation
import StriderApp
import StriderCore

/// Speaks cues through espeak-ng in a child process, one at a time, never blocking the UI.
///
/// `say` queues a sentence and returns at once; `tick` (called by the event loop) starts the
/// next one when the previous child has ended: the most important first (`CueQueue`: a
/// workout step, then the coach, then pause and signal news, then the figures), a waiting
/// sentence replaced by a newer one on its topic. The child's input and output go to
/// /dev/null so it can never draw on the dashboard. When espeak-ng is not on `PATH` the
/// speaker is nil and the session says so once in its status line.
final class CueSpeaker: CueAnnouncer {
  private let executable: URL
  private var current: Process?
  /// Sentences still waiting beyond three are dropped: stale news is not worth hearing.
  private var queue = CueQueue(capacity: 3)

  /// The speaker, or nil when espeak-ng is not installed.
  init?(path: String?) {
    let directories = (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
    guard
      let found = directories.lazy.map({ URL(fileURLWithPath: String($0)) })
        .map({ $0.appendingPathComponent("espeak-ng") })
        .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
    else { return nil }
    executable = found
  }

  /// The one-line note shown when speech was asked for but cannot be given.
  static let unavailableMessage = "No espeak-ng: cues are not spoken"

  func say(_ cue: SpokenCue) {
    queue.push(cue)
    tick()
  }

  /// Speaks what is still waiting, one sentence after another, for at most `seconds` or
  /// until `isStopped` (a second Ctrl-C need not wait).
  func drain(within seconds: Double, isStopped: () -> Bool) {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline, !isStopped() {
      tick()
      if current?.isRunning != true, queue.isEmpty { return }
      Thread.sleep(forTimeInterval: 0.1)
    }
  }

  /// Starts the next sentence when nothing is being spoken.
  func tick() {
    if let current, current.isRunning { return }
    current = nil
    guard let next = queue.next() else { return }
    let process = Process()
    process.executableURL = executable
    process.arguments = [next.text]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
      current = process
    } catch {
      queue = CueQueue(capacity: queue.capacity)
    }
  }
}
