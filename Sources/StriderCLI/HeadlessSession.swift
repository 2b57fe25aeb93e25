import StriderCore
import StriderSources

/// The loop behind `--headless`: poll the source, print each event as a JSON line, and
/// end with the summary when the source ends or a signal asks.
///
/// When standard output refuses a line (a full disk, a reader that closed the pipe) the
/// session ends there as if stopped: it is finished, so a recording keeps its summary, and
/// the error is thrown for the command to report once the recording is committed.
enum HeadlessSession {
  static func run(
    source: inout some FixSource, configuration: SessionConfiguration, file: String?,
    format: String?, stop: StopSignal
  ) throws(OutputError) -> SessionSummary {
    var runner = SessionRunner(configuration: configuration)
    var failure: OutputError?
    loop: while !stop.isRaised {
      switch source.poll(timeout: 0.2) {
      case .event(let event):
        do {
          for e in runner.handle(event) { try emit(e, source: source.name) }
        } catch {
          failure = error
          break loop
        }
      case .idle:
        continue
      case .ended:
        break loop
      }
    }
    let (events, summary) = runner.finish()
    if let failure { throw failure }
    for e in events { try emit(e, source: source.name) }
    try writeLine(HeadlessEvents.summary(summary, file: file, format: format).serialized)
    return summary
  }

  static func emit(_ event: RunnerEvent, source: String) throws(OutputError) {
    if let json = HeadlessEvents.json(event, source: source) { try writeLine(json.serialized) }
  }

  /// One line straight to stdout, unbuffered, so a reader sees each event as it happens.
  static func writeLine(_ line: String) throws(OutputError) {
    try Output.standard(line + "\n")
  }
}
