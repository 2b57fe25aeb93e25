import ArgumentParser
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

  mutating func run() throws {
    guard headless else { throw TerminalUI.notYetAvailable(command: "replay") }
    let stop = StopSignal()
    var reader: any FixReader
    var fixes: [Fix] = []
    do {
      reader = try FixFileReader.open(path: file)
      while let fix = try reader.next() { fixes.append(fix) }
    } catch {
      printError("strider: error: \(error.description)")
      throw ExitCode(1)
    }
    let activity =
      session.activity ?? reader.metadata.declaredActivity ?? ActivityGuess.guess(from: fixes)
    var source = ReplaySource(
      fixes: fixes, name: file, speed: speed, clock: SystemClock())
    _ = HeadlessSession.run(
      source: &source, configuration: session.configuration(activity: activity, raw: false),
      file: file, format: reader.format.rawValue, stop: stop)
  }
}

/// Until the dashboard lands, the commands that would open it say so plainly.
enum TerminalUI {
  static func notYetAvailable(command: String) -> ValidationError {
    ValidationError(
      "the terminal dashboard is not built yet; run `strider \(command) --headless` for JSON events"
    )
  }
}
