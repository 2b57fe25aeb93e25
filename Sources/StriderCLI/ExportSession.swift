import ArgumentParser
import Foundation
import StriderApp
import StriderCore
import StriderFormats
import StriderRender
import StriderStore

extension ExportFormat: ExpressibleByArgument {
  public static var allValueStrings: [String] { all.map(\.name) }
  public static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}
extension ExportPoints: ExpressibleByArgument {}

struct ExportSession: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract:
      "Write a session as "
      + FormatRegistry.list(ExportFormat.all.map { $0.name.uppercased() }) + " for other tools.",
    discussion:
      "GPX and TCX hold the finished track by default: the track the summary was computed "
      + "from, whose length is the session's distance. --points raw or accepted choose the "
      + "fixes as received (GPX with each fix's accuracy and the gate's verdict in Strider's "
      + "extensions): summed point to point they are longer than the session, and the GPX "
      + "says so in its <desc>; --points display the finished track reduced for drawing. "
      + "TCX DistanceMeters is the session's distance at each point's time. JSON is the "
      + "whole session (docs/json-export.md); CSV is one row per fix, with the session's "
      + "distance at its time. FIT is an activity file (records, laps from the splits, the "
      + "session's totals, timer events at the pauses) that holds the points --points "
      + "chooses, each with the session's distance at its time. Files are written owner-only.")

  @Argument(help: "The session's ID.")
  var id: Int64

  @Option(help: "The format to write.")
  var format: ExportFormat = .gpx

  @Option(
    name: .shortAndLong, help: "The file to write; - or none: standard output.",
    completion: .file())
  var output: String?

  @Flag(help: "Write through a symbolic link at --output (its target is overwritten).")
  var force = false

  @Flag(help: "Print no progress line (shown on a terminal while long work runs).")
  var quiet = false

  @Option(help: "For GPX, TCX and FIT: track (default), display, raw or accepted.")
  var points: ExportPoints = .track

  @Option(help: "Leave out every position within this many metres of the start and the end.")
  var privacyRadius: Double = 0

  mutating func validate() throws {
    // `-` is standard output, as every Unix tool takes it.
    if output == "-" { output = nil }
    guard privacyRadius.isFinite, privacyRadius >= 0, privacyRadius <= 100_000 else {
      throw ValidationError("--privacy-radius must be metres from 0 to 100000")
    }
    // FIT is binary: written to a terminal it is noise, and can upset the terminal.
    if FormatRegistry.writer(for: format)?.writesBytes == true, output == nil,
      isatty(STDOUT_FILENO) == 1
    {
      throw ValidationError(
        "\(format.name.uppercased()) is binary: give -o FILE, or redirect standard output")
    }
  }

  func run() throws {
    if let output, !force { try Self.refuseSymbolicLink(output) }
    let store = try StoreAccess.open()
    let progress = ProgressLine("exporting session \(id)", .writing, quiet: quiet)
    defer { progress.finish() }
    let plan = try SessionExportPlan(
      store, id: id, format: format, points: points, privacyRadius: Meters(privacyRadius),
      settings: ConfigFile.settings, now: Date(), warn: { printError("strider: warning: \($0)") })
    func write(_ stream: inout FileOutput) {
      if !plan.write(to: &stream) { stream.abandon() }
    }
    guard let output else {
      var stream = FileOutput(
        fd: STDOUT_FILENO, destination: "standard output", progress: progress)
      write(&stream)
      try plan.rethrow()
      try stream.finish()
      return
    }
    // With --force a link is written through: the new file replaces what it points at.
    let destination = force ? URL(fileURLWithPath: output).resolvingSymlinksInPath().path : output
    try AtomicFile.write(to: destination, progress: progress, write)
    progress.finish()
    try plan.rethrow()
    printError("strider: session \(id) written to \(output) (\(format.rawValue))")
  }
}

extension ExportSession {
  /// Stops before writing when `path` is a symbolic link: following it would overwrite a
  /// file the user did not name (a link planted in a shared folder can point anywhere).
  static func refuseSymbolicLink(_ path: String) throws {
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return }
    let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
    throw CommandFailure(
      "\(path) is a symbolic link (to \(target)); not writing through it: "
        + "remove it, or add --force to overwrite what it points at")
  }
}
