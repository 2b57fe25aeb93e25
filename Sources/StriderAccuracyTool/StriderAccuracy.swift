import ArgumentParser
import Foundation
import StriderAccuracy
import StriderCore
import StriderSimulator

/// `strider-accuracy`: the accuracy corpus and the real device files, scored.
@main
struct StriderAccuracyCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "strider-accuracy",
    abstract: "Score the engine on the accuracy corpus and on real device files.",
    discussion:
      "Each corpus case (seeds FIRST ..< FIRST+COUNT) is simulated, written as GPX, gpsd JSON "
      + "and NMEA, read back and analysed as `strider analyze` does; the tables give the "
      + "distance and moving-time errors against the truth per subset, and the spread "
      + "across formats. Device files come from the shared data folder."
  )

  @Option(help: "How many corpus cases.")
  var count = 300

  @Option(help: "The first case's seed.")
  var first: UInt64 = 1

  @Option(help: "The shared data folder (default: STRIDER_SHARED_DATA, else ../shared/data).")
  var data: String?

  @Flag(help: "Skip the real device files.")
  var noDevices = false

  @Flag(help: "One JSON object per line: each case, each subset, each device file.")
  var json = false

  @Flag(help: "Also print one line per case.")
  var cases = false

  @Option(
    help:
      "Write each case's files (every format, and the truth as case-N.truth.csv) into this folder and keep them."
  )
  var keep: String?

  mutating func run() throws {
    let started = Date()
    var results: [CaseResult] = []
    if count > 0 {
      let scorer = try CorpusScorer(keeping: keep.map { URL(fileURLWithPath: $0) })
      defer { scorer.close() }
      for seed in first..<(first + UInt64(count)) {
        results.append(try scorer.score(CorpusCase(seed: seed)))
        if !json, results.count % 25 == 0 {
          FileHandle.standardError.write(Data("\(results.count) of \(count) cases\n".utf8))
        }
      }
    }
    let subsets = SubsetFigures.all(results)
    var devices: [DeviceOutcome] = []
    if !noDevices {
      let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
      if let directory = DeviceReferences.dataDirectory(explicit: data, packageRoot: root) {
        devices = DeviceReferences.score(directory: directory)
      } else {
        FileHandle.standardError.write(
          Data("no shared data folder: device files skipped (give --data)\n".utf8))
      }
    }
    let seconds = Date().timeIntervalSince(started)
    if json {
      for r in results { print(CaseJSON.json(r).serialized) }
      for s in subsets { print(s.json.serialized) }
      for d in devices { print(CaseJSON.json(d).serialized) }
      return
    }
    if cases {
      print(CaseJSON.header)
      for r in results { print(CaseJSON.line(r)) }
      print()
    }
    if !results.isEmpty {
      print(
        "corpus: \(results.count) cases (seeds \(first)...\(first + UInt64(count) - 1)), "
          + "\(results.reduce(0) { $0 + $1.fixCount }) fixes, each as GPX (with and without speed), gpsd JSON, NMEA and TCX"
      )
      print(AccuracyTable.corpus(subsets))
      print()
      print(AccuracyTable.targets(subsets))
      print()
    }
    if !devices.isEmpty {
      print(AccuracyTable.devices(devices))
      print()
    }
    print(String(format: "took %.1f s", seconds))
  }
}
