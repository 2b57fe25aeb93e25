import Foundation
import StriderCore
import StriderSources

/// The loop behind `--headless`: poll the source, print each event as a JSON line, and
/// end with the summary when the source ends or a signal asks.
enum HeadlessSession {
  static func run(
    source: inout some FixSource, configuration: SessionConfiguration, file: String?,
    format: String?, stop: StopSignal
  ) -> SessionSummary {
    var runner = SessionRunner(configuration: configuration)
    loop: while !stop.isRaised {
      switch source.poll(timeout: 0.2) {
      case .event(let event):
        for e in runner.handle(event) { emit(e, source: source.name) }
      case .idle:
        continue
      case .ended:
        break loop
      }
    }
    let (events, summary) = runner.finish()
    for e in events { emit(e, source: source.name) }
    writeLine(HeadlessEvents.summary(summary, file: file, format: format).serialized)
    return summary
  }

  static func emit(_ event: RunnerEvent, source: String) {
    if let json = HeadlessEvents.json(event, source: source) { writeLine(json.serialized) }
  }

  /// One line straight to stdout, unbuffered, so a reader sees each event as it happens.
  static func writeLine(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }
}
