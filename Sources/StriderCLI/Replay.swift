import ArgumentParser
import Foundation
import StriderCore
import StriderFormats
import StriderSources

extension ReplaySpeed: ExpressibleByArgument {}

/// `strider replay FILE`: a recording through the live pipeline, on the fix clock.
struct Replay: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract:
      "Replay a GPS file through the live pipeline at real time, N× or as fast as possible.",
    discussion:
      "Gaps longer than a minute are shortened to a minute. With --headless each event is "
      + "printed as a JSON line and the last line is the summary, with the keys of analyze."
  )

  @Argument(help: "A GPS file (GPX).")
  var file: String

  @Option(help: "Replay speed: 1 (real time), 30, 1000, ..., or max.")
  var speed: ReplaySpeed = .times(1)

  @Flag(help: "Print events as JSON lines instead of drawing the dashboard.")
  var headless = false

  @OptionGroup var session: SessionOptions

  @OptionGroup var display: DisplayOptions

  mutating func run() throws {
    let stop = StopSignal()
    let track: RecordedTrack
    do {
      track = try RecordedTrack.load(file, activity: session.activity)
    } catch {
      printError("strider: error: \(error.description)")
      throw ExitCode(1)
    }
    if let warning = track.emptyWarning { printError(warning) }
    let activity = track.activity
    let fixes = track.fixes
    var source = ReplaySource(
      fixes: fixes, name: file, speed: speed, clock: SystemClock())
    let configuration = session.configuration(activity: activity, raw: false)
    guard headless else {
      try TerminalSession.run(
        kind: .replay, source: source, configuration: configuration,
        sourceLabel: (file as NSString).lastPathComponent, file: file,
        format: track.format.rawValue, display: display, stop: stop)
      return
    }
    _ = HeadlessSession.run(
      source: &source, configuration: configuration, file: file, format: track.format.rawValue,
      stop: stop)
  }
}
