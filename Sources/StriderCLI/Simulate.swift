import ArgumentParser
import Foundation
import StriderApp
import StriderCore
import StriderFormats
import StriderSimulator

extension SimulatedFault.Kind: ExpressibleByArgument {}

/// `strider simulate`: writes a simulated session, with the truth beside it, for demos,
/// tests and benchmarks. No hardware and no files needed.
struct Simulate: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "simulate",
    abstract:
      "Write a simulated session or day (noisy fixes with optional faults) as GPX, NMEA or gpsd JSON.",
    discussion: """
      The simulator follows a built-in route with stops, adds a realistic receiver error \
      (correlated drift, urban canyons) and injects the faults asked for. The fixes go to \
      the output in the order a receiver would deliver them; --truth also writes the path \
      really travelled, and the summary line on stderr gives the true distance and moving \
      time to score `strider analyze` against.
      """
  )

  @Option(help: ArgumentHelp("\(Activity.choiceList)."))
  var activity: Activity = .run

  @Option(
    parsing: .unconditional,
    help: "Seed of every random choice: the same seed gives the same file (default: 1).",
    transform: NumberArgument.seed
  )
  var seed: UInt64 = 1

  @Option(
    help: ArgumentHelp(
      "Faults to inject: all, none, or a comma-separated list of \(SimulatedFault.Kind.allCases.map(\.rawValue).joined(separator: ", "))."
    ), completion: .list(["all", "none"] + SimulatedFault.Kind.allCases.map(\.rawValue)))
  var faults: String = "all"

  @Option(
    parsing: .unconditional, help: "Session length in metres (default: the activity's usual route)."
  )
  var length: Double?

  @Option(
    help: ArgumentHelp(
      FormatRegistry.list(
        FormatRegistry.fixWriters.map { writer in
          writer.fixFormat + (writer.fixFormatHelp.map { " (\($0))" } ?? "")
        }) + "."))
  var format = FixFormatArgument(GPXWriter.self)

  @Flag(
    help:
      "A whole day instead of one session: home, a walk, home, a drive to the office, a stay there, a ride home, home; one receiver on all day, drifting indoors. --activity, --faults, --length and --lead-in do not apply."
  )
  var day = false

  @Flag(
    help:
      "With --day: stays of minutes instead of hours, and shorter journeys (about an hour in all).")
  var compressed = false

  @Option(
    help:
      "With --day: a receiver outage, START:DURATION in seconds from the start of the day (e.g. 2400:600); the fixes stop, the person does not."
  )
  var outage: String?

  @Option(
    help:
      "With --day: write the day's truth here as JSON (places with their times, moves with mode, activity, times and distance).",
    completion: .file(extensions: ["json"])
  )
  var story: String?

  @Flag(
    help:
      "GPX with only position, elevation and whole-second times, one line a point: what most watch exports hold (about 100 bytes a point)."
  )
  var plain = false

  @Option(
    name: .shortAndLong, help: "Where to write the session; - or none: standard output.",
    completion: .file())
  var output: String?

  @Option(
    parsing: .unconditional,
    help:
      "Seconds of standing still at the start before the session begins (a receiver left on while the runner gets ready; gpsd and gpsfake drop the first seconds of a log)."
  )
  var leadIn: Int = 0

  @Option(help: "Also write the true path as GPX here.", completion: .file())
  var truth: String?

  mutating func validate() throws {
    // `-` is standard output, as every Unix tool takes it.
    if output == "-" { output = nil }
    if truth == "-" {
      throw ValidationError("--truth needs a file: standard output holds the session")
    }
    guard !day else { return }
    if compressed || outage != nil || story != nil {
      throw ValidationError("--compressed, --outage and --story go with --day")
    }
    _ = try faultConfiguration()
    guard (0...3600).contains(leadIn) else {
      throw ValidationError(
        "--lead-in \(leadIn) is out of range: give seconds between 0 and 3600")
    }
    if let length, !(length.isFinite && length >= 100 && length <= 10_000_000) {
      throw ValidationError(
        "--length \(length) is out of range: give metres between 100 and 10000000")
    }
  }

  /// The faults `--faults` names.
  private func faultConfiguration() throws -> FaultConfiguration {
    switch FaultConfiguration.named(faults) {
    case .success(let configuration): return configuration
    case .failure(let unknown): throw ValidationError(unknown.description)
    }
  }

  mutating func run() throws {
    let truthLine: String
    if day {
      truthLine = try SimulatedFiles.day(
        seed: seed, compressed: compressed, outage: try outageValue(), format: format.writer,
        plain: plain, output: output, truth: truth, story: story)
    } else {
      truthLine = try SimulatedFiles.session(
        activity: activity, seed: seed, faults: try faultConfiguration(),
        length: length.map { Meters($0) }, leadIn: leadIn, format: format.writer, plain: plain,
        output: output, truth: truth)
    }
    printError(truthLine)
  }

  /// `--outage START:DURATION`, read; nil without it.
  private func outageValue() throws -> SimulatedDayConfiguration.Outage? {
    guard let outage else { return nil }
    let parts = outage.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, let start = Double(parts[0]), let duration = Double(parts[1]),
      start.isFinite, duration.isFinite, start >= 0, duration > 0, start + duration <= 86_400
    else {
      throw ValidationError(
        "--outage \(outage) is not START:DURATION: give seconds from the start of the day "
          + "and a length, e.g. 2400:600, within a day")
    }
    return .init(start: Seconds(start), duration: Seconds(duration))
  }
}

/// `simulate --format`: a registered fix writer, by its name.
struct FixFormatArgument: ExpressibleByArgument {
  let writer: any FixWriter.Type

  init(_ writer: any FixWriter.Type) {
    self.writer = writer
  }

  init?(argument: String) {
    guard let writer = FormatRegistry.fixWriter(named: argument) else { return nil }
    self.writer = writer
  }

  static var allValueStrings: [String] { FormatRegistry.fixWriters.map { $0.fixFormat } }
  static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
  var defaultValueDescription: String { writer.fixFormat }
}
