import Foundation
import StriderAccuracy
import StriderCore
import StriderFormats
import StriderSimulator
import StriderTestSupport
import Testing

/// The fast subset of the accuracy corpus (issue 13): a fixed list of short cases, two for
/// every activity and error family (one at 1 Hz, one under smart recording), scored as
/// `Benchmarks/accuracy.sh` scores the full corpus, against the issue's targets. The cases
/// are taken as they were before issue 48 added urban stops, wander and loops
/// (`CorpusCase.beforeIssue48`), so these figures are the ones this list was chosen and
/// tuned on; `corpusMeetsIssue48Targets` scores the same seeds as the corpus now makes them.
///
/// The engine does not meet every target yet. Each figure that misses today is listed in
/// `missedToday` and checked inside `withKnownIssue`, so the suite stays green while the
/// engine's noise estimation is rewritten; a listed figure that starts to pass makes the
/// test fail ("known issue was not recorded"): take it off the list then. A figure not on
/// the list that gets worse than its target fails at once.
@Suite struct AccuracyCorpusTests {
  /// The cases: seeds of `CorpusCase(seed:)`, chosen for 100–1600 fixes each.
  static let seeds: [UInt64] = [
    1, 2, 3, 5, 6, 7, 11, 12, 13, 16, 20, 24, 28, 29, 30, 32, 34, 44, 51, 52, 55, 56, 57, 63,
    64, 68, 105, 113, 175, 189,
  ]

  /// The checks the engine still misses on these cases (see the README's accuracy section).
  static let missedToday: Set<String> = [
    "overall distance worst", "gpx distance p90", "gpx distance worst",
    "gpsd_json distance worst", "overall live vs finished worst", "gpx live vs finished worst",
    // fp-2013, the 4–5 s watch run: since issue 48 its stop of four minutes, where the
    // watch read a speed of 0 throughout and its own odometer counted 27.6 m of wander, is
    // one stop (−2.11 % against the watch, −1.54 % against it net of that wander).
    "device worst",
    // run-2d-1hz#55 (339 m, a stop of five minutes with a 2D stretch in it): since issue 48
    // the wander lifts the smoothed speed inside the stop for more than 15 s and the finish
    // counts it (383.6 m against 358.1 before, truth 339.4); live says 351.9 m.
    "gpsd_json live vs finished worst",
  ]

  @Test func corpusMeetsTheIssueTargets() throws {
    let scorer = try CorpusScorer()
    defer { scorer.close() }
    let results = try Self.seeds.map { try scorer.score(CorpusCase(seed: $0).beforeIssue48) }
    let subsets = SubsetFigures.all(results)
    print(AccuracyTable.corpus(subsets))
    print(AccuracyTable.targets(subsets))
    for subset in subsets {
      let prefix: String
      switch (subset.group, subset.name) {
      case ("overall", _): prefix = "overall"
      case ("format", CorpusFormat.gpx.rawValue), ("format", CorpusFormat.gpsdJSON.rawValue):
        prefix = subset.name
      default: continue
      }
      check("\(prefix) distance median", subset.distance.median, AccuracyTargets.distanceMedian)
      check("\(prefix) distance p90", subset.distance.p90, AccuracyTargets.distanceP90)
      check("\(prefix) distance worst", subset.distance.worst, AccuracyTargets.distanceWorst)
      check("\(prefix) moving median", subset.moving.median, AccuracyTargets.movingMedian)
      if let spread = subset.spread {
        check("\(prefix) format spread worst", spread.worst, AccuracyTargets.formatSpread)
      }
      if let live = subset.live {
        check("\(prefix) live vs finished worst", live.worst, AccuracyTargets.liveVsFinished)
      }
    }
    // Not one of the issue's targets, which TCX cannot meet against the spread's 0.5 % (it
    // carries no accuracy): a guard on the path a watch's files take, a speed read without
    // its course. On these cases it is 1.7 %; reading the speed along the neighbours' noisy
    // chord on slow walks made it 5.1 % (one walk 26 % short).
    let watchGap = try #require(subsets.first { $0.group == "overall" }?.watchGap)
    #expect(
      watchGap.p90 <= AccuracyTargets.distanceP90,
      "TCX against GPX with speed, p90: \(AccuracyTable.number(watchGap.p90)) %")
  }

  /// Issue 48's checks the engine misses today on these seeds (its targets are what the
  /// engine is to reach on position-only files: see the README's accuracy section).
  static let missedIssue48: Set<String> = [
    "GPX without speed moving median", "GPX without speed moving p90",
    "urban in-stop distance median", "loop cases distance worst",
  ]

  /// The same seeds as the corpus makes them since issue 48 (about half urban, some
  /// wandering, one lapping a loop), against issue 48's targets.
  @Test func corpusMeetsIssue48Targets() throws {
    let scorer = try CorpusScorer()
    defer { scorer.close() }
    let results = try Self.seeds.map { try scorer.score(CorpusCase(seed: $0)) }
    let subsets = SubsetFigures.all(results)
    print(AccuracyTable.corpus(subsets))
    let noSpeed = try #require(
      subsets.first { $0.group == "subset" && $0.name == SubsetFigures.gpxWithoutSpeed })
    let label = "GPX without speed"
    check48(
      "\(label) distance median", noSpeed.distance.median, AccuracyTargets.noSpeedDistanceMedian)
    check48("\(label) distance p90", noSpeed.distance.p90, AccuracyTargets.noSpeedDistanceP90)
    check48("\(label) moving median", noSpeed.moving.median, AccuracyTargets.noSpeedMovingMedian)
    check48("\(label) moving p90", noSpeed.moving.p90, AccuracyTargets.noSpeedMovingP90)
    let urban = try #require(subsets.first { $0.group == "stops" && $0.name == "urban" })
    let inStop = try #require(urban.inStop, "the scorer keeps each finished track")
    check48("urban in-stop distance median", inStop.median, AccuracyTargets.urbanInStopMedian)
    let loops = try #require(subsets.first { $0.group == "loops" && $0.name == "yes" })
    check48("loop cases distance worst", loops.distance.worst, AccuracyTargets.loopWorst)
  }

  /// As `check`, against issue 48's list of misses.
  private func check48(
    _ label: String, _ value: Double, _ target: Double,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let comment: Comment = "\(label): \(AccuracyTable.number(value)) % > \(target) %"
    if Self.missedIssue48.contains(label) {
      withKnownIssue("stops on position-only files: issue 48") {
        #expect(value <= target, comment, sourceLocation: sourceLocation)
      }
    } else {
      #expect(value <= target, comment, sourceLocation: sourceLocation)
    }
  }

  @Test(.enabled(if: SharedData.isPresent, SharedData.absent))
  func deviceFilesMeetTheIssueTargets() throws {
    let directory = try #require(SharedData.directory)
    let outcomes = DeviceReferences.score(directory: directory)
    print(AccuracyTable.devices(outcomes))
    let errors = outcomes.compactMap { $0.result.map { abs($0.error) } }
    #expect(errors.count >= 10, "every device file with a comparable distance is scored")
    let stats = try #require(Statistics(errors))
    check("device median", stats.median, AccuracyTargets.deviceMedian)
    check("device worst", stats.worst, AccuracyTargets.deviceWorst)
  }

  /// Expects `value <= target` (per cent), as a known issue when it misses today.
  private func check(
    _ label: String, _ value: Double, _ target: Double,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let comment: Comment = "\(label): \(AccuracyTable.number(value)) % > \(target) %"
    if Self.missedToday.contains(label) {
      withKnownIssue("engine noise estimation: issue 13") {
        #expect(value <= target, comment, sourceLocation: sourceLocation)
      }
    } else {
      #expect(value <= target, comment, sourceLocation: sourceLocation)
    }
  }
}

/// The corpus itself: fixed by its seed, the same fixes in every format, a clean watch
/// that is clean.
@Suite struct AccuracyCorpusModelTests {
  @Test func aCaseIsAFixedFunctionOfItsSeed() {
    let a = CorpusSession(CorpusCase(seed: 7))
    let b = CorpusSession(CorpusCase(seed: 7))
    let c = CorpusSession(CorpusCase(seed: 8))
    #expect(a.fixes == b.fixes)
    #expect(a.truthDistance == b.truthDistance && a.truthMoving == b.truthMoving)
    #expect(a.fixes != c.fixes)
  }

  @Test(arguments: [UInt64(2), 7, 13, 34])
  func everyFormatCarriesTheSameFixes(seed: UInt64) throws {
    let session = CorpusSession(CorpusCase(seed: seed))
    let scorer = try CorpusScorer()
    defer { scorer.close() }
    var read: [CorpusFormat: [Fix]] = [:]
    for format in CorpusFormat.allCases {
      let file = scorer.directory.appendingPathComponent("same.\(format.fileExtension)")
      let text = format.text(for: session.fixes, activity: .run, name: "same")
      try Data(text.utf8).write(to: file)
      var reader = try FixFileReader.open(path: file.path)
      read[format] = try reader.readAll()
    }
    for format in CorpusFormat.allCases {
      let fixes = try #require(read[format])
      try #require(fixes.count == session.fixes.count, "\(format): one fix per epoch")
      for (original, back) in zip(session.fixes, fixes) {
        let a = try #require(original.coordinate)
        let b = try #require(back.coordinate)
        // NMEA carries 10⁻⁶ minute of arc: 1.9 mm of latitude.
        #expect(Geodesy.distanceMeters(a, b) < 0.005, "\(format): position to 5 mm")
        #expect(back.time == original.time, "\(format): time")
        if !format.carriesAccuracy {
          // A watch's TCX: no fix mode, HDOP or accuracy.
          #expect(back.mode == .unknown, "\(format): no fix mode")
          #expect(back.horizontalAccuracy == nil, "\(format): no accuracy")
        } else if let accuracy = original.horizontalAccuracy?.value {
          let got = try #require(back.horizontalAccuracy?.value, "\(format): accuracy")
          #expect(abs(got - accuracy) < 0.01, "\(format): accuracy \(got) for \(accuracy)")
        } else {
          #expect(back.horizontalAccuracy == nil, "\(format): no accuracy")
        }
        if format.carriesAccuracy { #expect(back.mode == original.mode, "\(format): fix mode") }
        if format == .gpx {
          #expect(back.speed == nil, "GPX carries no speed")
        } else if let speed = original.speed?.value {
          let got = try #require(back.speed?.value, "\(format): Doppler speed")
          #expect(abs(got - speed) < 0.001, "\(format): speed")
        } else {
          #expect(back.speed == nil, "\(format): no speed without Doppler")
        }
      }
    }
  }

  /// The finish lets the live figures' last noise model compete with its own search; an
  /// engine that does not re-measure live (`analyze`) learns that model again, so a file
  /// analysed and the same file replayed or imported finish alike. On these seeds the
  /// live model explains the track better than the finish's search and is kept.
  @Test(arguments: [UInt64(1), 12])
  func analyzeFinishesAsAReplayDoes(seed: UInt64) {
    let corpusCase = CorpusCase(seed: seed)
    let session = CorpusSession(corpusCase)
    let configuration = AccuracyEngine.configuration(for: corpusCase.activity)
    let replayed = Analysis.summarize(
      session.fixes, configuration: configuration, correctsLiveDistance: true)
    let analyzed = Analysis.summarize(session.fixes, configuration: configuration)
    #expect(analyzed.distance == replayed.distance)
    #expect(analyzed.moving == replayed.moving)
    #expect(analyzed.pauses == replayed.pauses)
    #expect(analyzed.splits == replayed.splits)
  }

  /// The truth a kept case is written with (`--keep`): a second at a time from the first
  /// recorded fix to the last, its distance the one the case is scored against, and the
  /// seconds it marks recorded the fixes' own times.
  @Test(arguments: [UInt64(3), 10])
  func theTruthPathIsTheScoredTruth(seed: UInt64) throws {
    let corpusCase = CorpusCase(seed: seed)
    let session = CorpusSession(corpusCase)
    let path = CorpusSession.truthPath(of: corpusCase)
    let last = try #require(path.last)
    #expect(path.first?.distance == Meters(0))
    #expect(last.distance == session.truthDistance)
    #expect(path.first?.time == session.fixes.first?.time && last.time == session.fixes.last?.time)
    #expect(path.filter(\.isRecorded).map(\.time) == session.fixes.map(\.time))
    for (a, b) in zip(path, path.dropFirst()) {
      #expect((b.time - a.time).value == 1 && b.distance >= a.distance)
    }
  }

  /// `--keep` writes the truth beside the case's files, one row a second.
  @Test func aKeptCaseHasItsTruthBesideIt() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "strider-keep-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let scorer = try CorpusScorer(keeping: folder)
    let corpusCase = CorpusCase(seed: 10)
    let result = try scorer.score(corpusCase, formats: [.gpx])
    let text = try String(
      contentsOf: folder.appendingPathComponent("case-10.truth.csv"), encoding: .utf8)
    let rows = text.split(separator: "\n")
    #expect(rows.first == "time_s,lat,lon,distance_m,speed_m_s,recorded")
    #expect(rows.count - 1 == CorpusSession.truthPath(of: corpusCase).count)
    let lastDistance = try #require(rows.last?.split(separator: ",")[3]).description
    #expect(abs(try #require(Double(lastDistance)) - result.truthDistance.value) < 1e-6)
    #expect(rows.dropFirst().filter { $0.hasSuffix(",1") }.count == result.fixCount)
  }

  @Test func aCleanWatchRecordsNearlyTheTrueLength() {
    for seed in AccuracyCorpusTests.seeds {
      let corpusCase = CorpusCase(seed: seed)
      guard corpusCase.family == .cleanWatch, corpusCase.sampling == .oneHertz else { continue }
      let session = CorpusSession(corpusCase)
      let raw = Geodesy.length(of: session.fixes.compactMap(\.coordinate)).value
      let error = 100 * (raw - session.truthDistance.value) / session.truthDistance.value
      #expect(abs(error) < 0.5, "\(corpusCase.name): raw length \(error) % off the truth")
    }
  }
}
