import Foundation
import StriderCore
import Testing

@testable import StriderSimulator

/// Issue 48's dimensions of the corpus: urban stops, an error that wanders, tight loops, and
/// the cases without them left as they were.
@Suite struct AccuracyCorpusWideningTests {
  /// Sparse cases without wander or loops, as the corpus made them before issue 48: the
  /// first, the 100th and the last fix's coordinates, and the fixes' raw length (recorded
  /// from the code before the new dimensions were added).
  static let unchanged: [(seed: UInt64, fixes: Int, coordinates: [(Double, Double)], raw: Double)] =
    [
      (
        2, 303,
        [
          (-51.36433397795824, -150.3248699062596), (-51.37642796706763, -150.31829654680848),
          (-51.366338599429874, -150.31756133661295),
        ], 7564.264262546239
      ),
      (
        5, 490,
        [
          (39.90028380436659, -175.6896189037401), (39.89880529490463, -175.69180658596633),
          (39.88959045818155, -175.68624229280687),
        ], 4770.220472975413
      ),
      (
        13, 547,
        [
          (-39.0400656036865, 167.62484255302175), (-39.045464406380226, 167.62995208443635),
          (-39.04177554540475, 167.62494153030653),
        ], 7052.328375047787
      ),
    ]

  @Test func casesWithoutTheNewDimensionsAreAsBefore() throws {
    for golden in Self.unchanged {
      var corpusCase = CorpusCase(seed: golden.seed)
      // Issue 50's receiver silent while standing (case 13) left out too: the draws before
      // it are untouched by it.
      corpusCase.silentWhileStanding = false
      // And stop 70's slow stretch and distance logger, drawn from a stream of their own.
      corpusCase.slowStretch = nil
      corpusCase.logsEvery = nil
      #expect(corpusCase.stopPattern == .sparse && corpusCase.wanderTime == nil)
      #expect(corpusCase.loops == nil)
      let fixes = CorpusSession(corpusCase).fixes
      try #require(fixes.count == golden.fixes, "case \(golden.seed): fix count")
      let picked = [0, 99, fixes.count - 1].map { fixes[$0].coordinate }
      for (coordinate, expected) in zip(picked, golden.coordinates) {
        // Exactly: the same draws in the same order give the same bits.
        #expect(coordinate?.latitude == expected.0, "case \(golden.seed): latitude")
        #expect(coordinate?.longitude == expected.1, "case \(golden.seed): longitude")
      }
      let raw = Geodesy.length(of: fixes.compactMap(\.coordinate)).value
      #expect(raw == golden.raw, "case \(golden.seed): raw length \(raw)")
    }
  }

  /// The standing share measured on the truth: seconds in which the person advanced 5 cm
  /// or less, over the elapsed time.
  static func standingShare(_ path: [CorpusSession.TruthPoint]) -> Double {
    let standing = zip(path, path.dropFirst()).filter {
      $0.1.distance.value - $0.0.distance.value <= 0.05
    }.count
    return Double(standing) / Double(max(1, path.count - 1))
  }

  @Test(arguments: [UInt64(1), 7, 12, 22])
  func anUrbanCaseStandsAThirdOfTheTime(seed: UInt64) {
    let corpusCase = CorpusCase(seed: seed)
    #expect(corpusCase.stopPattern == .urban)
    let share = Self.standingShare(CorpusSession.truthPath(of: corpusCase))
    #expect((0.2...0.45).contains(share), "\(corpusCase.name): stands \(share) of the time")
    let session = CorpusSession(corpusCase)
    let measured = session.truthStanding.value / session.truthElapsed.value
    #expect(abs(measured - share) < 1e-9, "the session's standing is the truth path's")
  }

  /// Lag-1 correlation of the one-second steps of the error (fix minus truth), both axes.
  static func stepCorrelation(_ corpusCase: CorpusCase) -> Double {
    let session = CorpusSession(corpusCase)
    let truth = CorpusSession.truthPath(of: corpusCase).filter(\.isRecorded)
    let plane = LocalTangentPlane(origin: corpusCase.origin)
    let errors = zip(session.fixes, truth).compactMap { fix, point -> PlanePoint? in
      fix.coordinate.map { plane.project($0) - plane.project(point.coordinate) }
    }
    var pairs: [(Double, Double)] = []
    for axis in [\PlanePoint.east, \PlanePoint.north] {
      let steps = zip(errors, errors.dropFirst()).map { $0.1[keyPath: axis] - $0.0[keyPath: axis] }
      pairs += zip(steps, steps.dropFirst()).map { ($0.0, $0.1) }
    }
    let n = Double(pairs.count)
    let meanA = pairs.reduce(0) { $0 + $1.0 } / n
    let meanB = pairs.reduce(0) { $0 + $1.1 } / n
    var ab = 0.0
    var aa = 0.0
    var bb = 0.0
    for (a, b) in pairs {
      ab += (a - meanA) * (b - meanB)
      aa += (a - meanA) * (a - meanA)
      bb += (b - meanB) * (b - meanB)
    }
    return ab / (aa * bb).squareRoot()
  }

  /// A wandering error moves like a walker: the one-second steps of its correlated part
  /// go on the way they went (lag-1 correlation near φv), where a first-order error's
  /// steps are nearly independent (−(1 − φ)/2), a random walk at this scale. Measured with
  /// the case's white part taken out: white noise's steps are anticorrelated (−0.5) and,
  /// at w U[0.2, 1.5] m, larger than the wander's steps (a few centimetres to a few
  /// decimetres a second), so the whole error's one-second steps stay negatively
  /// correlated (about −0.4 on these cases). Gauss–Markov cases: a 2D stretch's change of
  /// σ is a jump that swamps a short case's steps.
  @Test(arguments: [UInt64(34), 79, 95])
  func aWanderingErrorHasPositivelyCorrelatedSteps(seed: UInt64) {
    var corpusCase = CorpusCase(seed: seed)
    #expect(corpusCase.wanderTime != nil && corpusCase.sampling == .oneHertz)
    corpusCase.whiteSigma = 0
    // A street canyon's error is first-order, and large: taken out as the white part is.
    corpusCase.canyons = 0
    var firstOrder = corpusCase
    firstOrder.wanderTime = nil
    let wandering = Self.stepCorrelation(corpusCase)
    let independent = Self.stepCorrelation(firstOrder)
    #expect(wandering > 0.5, "\(corpusCase.name): lag-1 step correlation \(wandering)")
    #expect(abs(independent) < 0.1, "\(corpusCase.name) first-order: \(independent)")
  }

  /// The wander's position error has the stationary σ it is divided by, from its first
  /// second on (x starts in its stationary distribution given the velocity).
  @Test(arguments: [(10.0, 5.0), (600, 30), (35, 13)])
  func theWanderKeepsItsSigma(tau: Double, tauV: Double) {
    let phi = exp(-1 / tau)
    let phiV = exp(-1 / tauV)
    let q = (1 - phiV * phiV).squareRoot()
    var rng = SeededRandom(seed: 48, stream: 1)
    var sum = 0.0
    var count = 0.0
    for run in 0..<400 {
      var u = PlanePoint(east: rng.gaussian(), north: rng.gaussian())
      var x = CorpusReceiver.Wander(phi: phi, phiV: phiV, seed: UInt64(run), velocity: u)
      for _ in 0..<20 {
        sum += x.unit.east * x.unit.east + x.unit.north * x.unit.north
        count += 2
        x.advance(velocity: u)
        u = PlanePoint(
          east: phiV * u.east + q * rng.gaussian(), north: phiV * u.north + q * rng.gaussian())
      }
    }
    // 800 independent starts: the variance of a unit process to about 5 % (1σ).
    #expect(abs(sum / count - 1) < 0.15, "unit variance \(sum / count)")
  }

  /// A case lapping a loop stays on it: never farther from its start than the loop is
  /// across (a track's 158 m from bend to bend; a park loop's half circumference).
  @Test(arguments: [UInt64(15), 58, 97])
  func aLoopStaysNearItsStart(seed: UInt64) throws {
    let corpusCase = CorpusCase(seed: seed)
    let loop = try #require(corpusCase.loops)
    let path = CorpusSession.truthPath(of: corpusCase)
    let start = try #require(path.first?.coordinate)
    let farthest = path.map { Geodesy.distanceMeters(start, $0.coordinate) }.max() ?? 0
    let across = loop == .track ? 84.39 + 2 * 36.8 : corpusCase.loopLength / 2
    #expect(farthest <= across + 0.5, "\(corpusCase.name): \(farthest) m from its start")
    #expect(farthest > across / 3, "\(corpusCase.name) goes round its loop")
    let truth = CorpusSession(corpusCase).truthDistance.value
    #expect(truth > 0.9 * corpusCase.length, "\(corpusCase.name) laps the whole length")
  }

  /// A case's error against the truth, fix by fix (recorded epochs only).
  static func errors(_ corpusCase: CorpusCase) -> [Double] {
    let session = CorpusSession(corpusCase)
    let truth = CorpusSession.truthPath(of: corpusCase).filter(\.isRecorded)
    return zip(session.fixes, truth).compactMap { fix, point in
      fix.coordinate.map { Geodesy.distanceMeters($0, point.coordinate) }
    }
  }

  /// Street canyons come to about a quarter of the urban cases, and only add: the same
  /// case without them has the same error outside the canyons, and inside them an error
  /// that grows to the canyon's σ (its RMS over the whole case rises), which the
  /// reported accuracy follows.
  @Test func aStreetCanyonAddsItsErrorWhereItIs() throws {
    let cases = (1...300).map { CorpusCase(seed: UInt64($0)) }
    let canyons = cases.filter { $0.canyons > 0 }
    let urban = cases.filter { $0.stopPattern == .urban && $0.family != .cleanWatch }
    let share = Double(canyons.count) / Double(urban.count)
    #expect((0.35...0.65).contains(share), "\(canyons.count) of \(urban.count) urban cases")
    #expect(canyons.allSatisfy { $0.stopPattern == .urban && (1...3).contains($0.canyons) })
    let corpusCase = try #require(
      canyons.first { $0.sampling == .oneHertz && $0.accuracyScale != nil && !$0.dropsAccuracy })
    var open = corpusCase
    open.canyons = 0
    let inside = Self.errors(corpusCase)
    let outside = Self.errors(open)
    #expect(inside.count == outside.count)
    let same = zip(inside, outside).filter { abs($0 - $1) < 1e-9 }.count
    #expect(same > 0 && same < inside.count, "\(same) of \(inside.count) fixes unchanged")
    func rms(_ values: [Double]) -> Double {
      (values.reduce(0) { $0 + $1 * $1 } / Double(values.count)).squareRoot()
    }
    #expect(
      rms(inside) > rms(outside), "\(corpusCase.name): \(rms(inside)) m against \(rms(outside)) m")
    let reported = CorpusSession(corpusCase).fixes.compactMap(\.horizontalAccuracy?.value)
    let reportedOpen = CorpusSession(open).fixes.compactMap(\.horizontalAccuracy?.value)
    #expect(reported.max() ?? 0 > reportedOpen.max() ?? 0)
    #expect(CorpusCase(seed: corpusCase.seed).beforeIssue48.canyons == 0)
  }

  /// A case whose files leave the accuracy out carries none in any fix; about 30 % of the
  /// cases that report it.
  @Test func accuracyLeftOutIsLeftOutOfEveryFix() throws {
    let cases = (1...300).map { CorpusCase(seed: UInt64($0)) }
    let reporting = cases.filter { $0.accuracyScale != nil }
    let dropping = reporting.filter(\.dropsAccuracy)
    let share = Double(dropping.count) / Double(reporting.count)
    #expect((0.2...0.4).contains(share), "\(dropping.count) of \(reporting.count)")
    let corpusCase = try #require(dropping.first)
    let fixes = CorpusSession(corpusCase).fixes
    #expect(!fixes.isEmpty && fixes.allSatisfy { $0.horizontalAccuracy == nil && $0.hdop == nil })
    #expect(!corpusCase.beforeIssue48.dropsAccuracy)
  }

  /// A smart-recording receiver silent while standing writes the second its person stops
  /// and the second they move on, and nothing between, in about half the smart cases; the
  /// others write through their stops.
  @Test func aReceiverSilentWhileStandingWritesNothingInAStop() throws {
    let cases = (1...300).map { CorpusCase(seed: UInt64($0)) }
    let smart = cases.filter { $0.sampling == .smart }
    let silent = smart.filter(\.silentWhileStanding)
    #expect(cases.allSatisfy { $0.sampling == .smart || !$0.silentWhileStanding })
    let share = Double(silent.count) / Double(smart.count)
    #expect((0.35...0.65).contains(share), "\(silent.count) of \(smart.count)")
    let corpusCase = try #require(silent.first { $0.stopPattern == .urban })
    let path = CorpusSession.truthPath(of: corpusCase)
    var standingRecorded = 0
    var standing = 0
    var longestSilence = 0
    var silence = 0
    for k in 1..<path.count {
      let stands = path[k].distance.value - path[k - 1].distance.value <= 0.05
      if path[k].isRecorded { silence = 0 } else { silence += 1 }
      longestSilence = max(longestSilence, silence)
      guard stands, k + 1 < path.count else { continue }
      let arrives = path[k - 1].distance.value - (k > 1 ? path[k - 2].distance.value : -1) > 0.05
      standing += 1
      if path[k].isRecorded && !arrives { standingRecorded += 1 }
    }
    #expect(standing > 60, "\(corpusCase.name) stands \(standing) s")
    #expect(standingRecorded == 0, "\(standingRecorded) of \(standing) standing seconds written")
    #expect(longestSilence > 20)
    let writing = try #require(
      smart.first { !$0.silentWhileStanding && $0.logsEvery == nil && $0.stopPattern == .urban })
    let writes = CorpusSession.truthPath(of: writing)
    var recordedStanding = 0
    for k in 1..<writes.count
    where writes[k].distance.value - writes[k - 1].distance.value <= 0.05 && writes[k].isRecorded {
      recordedStanding += 1
    }
    #expect(recordedStanding > 5, "\(writing.name) writes through its stops")
    #expect(!corpusCase.beforeIssue48.silentWhileStanding)
  }

  /// About three in ten cases on foot or on a bike take a stretch below their activity's
  /// resume speed, for 1-10 minutes: the truth moves there at the drawn speed, and counts it
  /// as moving.
  @Test func aSlowStretchIsTakenAtItsSpeed() throws {
    let cases = (1...300).map { CorpusCase(seed: UInt64($0)) }
    let slow = cases.filter { $0.slowStretch != nil }
    let share = Double(slow.count) / Double(cases.filter { $0.loops == nil }.count)
    #expect((0.2...0.4).contains(share), "\(slow.count) of \(cases.count)")
    let corpusCase = try #require(slow.first { $0.activity == .ride })
    let stretch = try #require(corpusCase.slowStretch)
    #expect(stretch.speed < AutoPauseConfiguration.defaults(for: .ride).resumeSpeed)
    let path = CorpusSession.truthPath(of: corpusCase)
    let start = path[0].distance.value
    var inside: [Double] = []
    for (a, b) in zip(path, path.dropFirst()) {
      // Distance along the path from the first fix; the stretch is placed along the route.
      let d = a.distance.value - start
      guard d > stretch.start + 10, d < stretch.start + stretch.length - 10 else { continue }
      inside.append(b.distance.value - a.distance.value)
    }
    #expect(inside.count > 30, "\(corpusCase.name): \(inside.count) s in the stretch")
    let median = inside.sorted()[inside.count / 2]
    #expect(abs(median - stretch.speed) < 0.15, "moves \(median) m/s, drawn \(stretch.speed)")
    #expect(corpusCase.beforeIssue48.slowStretch == nil)
  }

  /// A receiver that logs by distance writes a fix each time its person has gone its
  /// distance, and nothing while they stand.
  @Test func aDistanceLoggerWritesEveryFewMetres() throws {
    let cases = (1...300).map { CorpusCase(seed: UInt64($0)) }
    let smart = cases.filter { $0.sampling == .smart }
    let logging = smart.filter { $0.logsEvery != nil }
    #expect(cases.allSatisfy { $0.sampling == .smart || $0.logsEvery == nil })
    let share = Double(logging.count) / Double(smart.count)
    #expect((0.25...0.55).contains(share), "\(logging.count) of \(smart.count)")
    let corpusCase = try #require(logging.first { $0.stopPattern == .urban })
    let every = try #require(corpusCase.logsEvery)
    let path = CorpusSession.truthPath(of: corpusCase)
    let recorded = path.filter(\.isRecorded)
    let steps = zip(recorded, recorded.dropFirst()).map { $1.distance.value - $0.distance.value }
    #expect(steps.dropLast().allSatisfy { $0 >= every && $0 < every + 15 }, "every \(every) m")
    var standingRecorded = 0
    for k in 1..<path.count
    where path[k].distance.value - path[k - 1].distance.value <= 0.05 && path[k].isRecorded {
      standingRecorded += 1
    }
    #expect(standingRecorded <= 1, "\(standingRecorded) standing seconds written")
    #expect(corpusCase.beforeIssue48.logsEvery == nil)
  }
}
