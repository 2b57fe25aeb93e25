import StriderCore
import StriderFormats

/// libFuzzer entry point: any bytes as a file, taken down the path `strider analyze` and
/// `sessions import` take after reading it: the activity the file declares or the guess
/// from its movement (`MovementEstimator`, `ActivityGuess`), the engine's summary and its
/// JSON, the raw (`--no-filter`) length, and what the history keeps of a session (best
/// efforts on the finished track, heart-rate time, the display track).
///
/// The reader targets stop at the fixes; an absurd number that only hurts further on (an
/// altitude of 1e18 in the activity guess's climb, issue 49) is reached here. The first
/// byte picks the file's extension (its value modulo 5: gpx, tcx, nmea, json, fit), for
/// content no reader sniffs, and which path follows the guess (its fifth part, even:
/// `analyze`'s figures and `--no-filter`; odd: an import's finished track, best efforts,
/// heart-rate time and display track), so one execution runs one engine, not three; the
/// rest is the file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let names = ["fuzz.gpx", "fuzz.tcx", "fuzz.nmea", "fuzz.json", "fuzz.fit"]
  let name = names[Int(data[0]) % names.count]
  let imports = (Int(data[0]) / names.count) % 2 == 1
  let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
  var fixes: [Fix] = []
  var declared: Activity?
  do {
    var reader = try FixFileReader.open(
      source: MemoryByteSource(bytes: bytes, chunkSize: Int.max), file: SourceFile(name: name))
    defer { declared = reader.metadata.declaredActivity }
    while fixes.count < AnalyzePath.fixLimit, let fix = try reader.next() { fixes.append(fix) }
  } catch {
    // `analyze` stops a file at its first error, but the fixes before it are any fixes a
    // file could hold whole; following them too keeps a mutated input (most break the
    // syntax somewhere) on the path after reading.
    _ = error.description
  }
  AnalyzePath.check(fixes, declared: declared, imports: imports)
  return 0
}

/// The steps after reading, with the checks that what each gives can be printed and kept.
enum AnalyzePath {
  /// Keeps one input from taking the whole time budget.
  static let fixLimit = 5_000
  /// Splits a session keeps here (`SessionConfiguration.maximumSplits`, 100,000 for a
  /// session), as in the writers target: fixes hopping across the globe make a split a
  /// kilometre, and writing their JSON was the largest step under perf in the first
  /// campaign's slowest units (0.9 s for 14 KB).
  static let splitLimit = 50

  static func check(_ fixes: [Fix], declared: Activity?, imports: Bool) {
    // The guess, as `PrefetchingFixReader.activity(asked:)` makes it.
    var estimator = MovementEstimator()
    for fix in fixes { estimator.add(fix) }
    let guess = estimator.guess
    precondition(!guess.reason.isEmpty, "a guess without a reason")
    _ = guess.shortReason
    if let statistics = guess.statistics { _ = "\(statistics)" }
    let activity = declared ?? guess.activity

    // The summary as `analyze` (figures only) and as an import (the finished track handed
    // out point by point, for the best efforts and the display track) make it.
    var configuration = SessionConfiguration(activity: activity)
    configuration.maximumSplits = splitLimit
    guard imports else {
      var analysed = SessionPipeline(
        configuration: configuration,
        options: .init(correctsLiveDistance: false, followsLive: false, readsEvents: false))
      var none: [SessionEvent] = []
      for fix in fixes { analysed.ingest(fix, into: &none) }
      checkSummary(analysed.finish().summary)
      // `--no-filter`: the raw geodesic length.
      var rawConfiguration = SessionConfiguration.raw(activity: activity)
      rawConfiguration.maximumSplits = splitLimit
      var raw = SessionPipeline(
        configuration: rawConfiguration, options: .init(readsEvents: false))
      for fix in fixes { raw.ingest(fix, into: &none) }
      checkSummary(raw.finish().summary)
      return
    }
    var imported = SessionPipeline(
      configuration: configuration,
      options: .init(correctsLiveDistance: false, followsLive: true, readsEvents: false))
    var heartRates = HeartRateTime.Collector()
    var none: [SessionEvent] = []
    for fix in fixes {
      heartRates.add(fix)
      imported.ingest(fix, into: &none)
    }
    var times: [Double] = []
    var distances: [Double] = []
    var points: [TrackPoint] = []
    let summary = imported.finish(handingOut: { point in
      times.append(point.time.secondsSince1970)
      distances.append(point.distance.value)
      points.append(point.trackPoint)
    }).summary
    checkSummary(summary)
    let efforts = BestEfforts.of(
      times: times, distances: distances, targets: BestEffortTarget.targets(for: activity))
    for effort in efforts {
      precondition(effort.value.isFinite && effort.value >= 0, "best effort \(effort)")
    }
    let figures = SessionFigures(summary: summary, efforts: efforts)
    precondition(figures.distance.value.isFinite, "figures \(figures)")
    let heartRate = heartRates.time(excluding: summary.pauses)
    for (rate, seconds) in heartRate.seconds {
      precondition(seconds.isFinite && seconds >= 0, "\(seconds) s at \(rate) bpm")
    }
    _ = DisplayTrack.reduce(points)
  }

  /// The figures `analyze --format json` prints are finite and not negative, and the
  /// summary serialises.
  static func checkSummary(_ summary: SessionSummary) {
    for figure in [summary.distance.value, summary.elapsed.value, summary.moving.value] {
      precondition(figure.isFinite && figure >= 0, "summary figure \(figure): \(summary)")
    }
    if let gain = summary.elevationGain {
      precondition(gain.value.isFinite && gain.value >= 0, "elevation gain \(gain)")
    }
    let calories = summary.calories.value
    precondition(calories.isFinite && calories >= 0, "calories \(calories)")
    let json = JSONValue.object(summary.jsonMembers(live: true)).serialized
    precondition(!json.isEmpty)
    for split in summary.splits { _ = split.pace.value }
  }
}
