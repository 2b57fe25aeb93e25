import Foundation
import StriderConcurrency
import StriderSimulator
import Testing

@testable import StriderCore

/// The engine learns each track's noise from the track (issue 13): these check the parts.
@Suite struct NoiseFitTests {
  static let plane = LocalTangentPlane(origin: Coordinate(latitude: 45.8, longitude: 15.9))

  /// A walk of straight legs with right-angle turns at 1.4 m/s, one fix a second, with
  /// white noise of `white` metres per axis; `offset` adds an error to the fix at second i.
  static func walk(
    seconds: Int = 900, white: Double, seed: UInt64,
    offset: (Int) -> PlanePoint = { _ in PlanePoint(east: 0, north: 0) }
  ) -> (fixes: [Fix], truth: Double) {
    var rng = SeededRandom(seed: seed)
    var fixes: [Fix] = []
    var position = PlanePoint(east: 0, north: 0)
    var heading = 0
    var truth = 0.0
    for i in 0..<seconds {
      if i > 0 {
        if i % 90 == 0 { heading = (heading + 1) % 4 }
        let step = 1.4
        let direction = [(1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0)][heading]
        position = PlanePoint(
          east: position.east + step * direction.0, north: position.north + step * direction.1)
        truth += step
      }
      let error = offset(i)
      let seen = PlanePoint(
        east: position.east + white * rng.gaussian() + error.east,
        north: position.north + white * rng.gaussian() + error.north)
      fixes.append(
        Fix(
          time: GNSSTime(secondsSince1970: 1_760_000_000 + Double(i)),
          coordinate: plane.unproject(seen), horizontalAccuracy: Meters(5), mode: .threeD))
    }
    return (fixes, truth)
  }

  static func planeFixes(_ fixes: [Fix]) -> [PlaneFix] {
    fixes.enumerated().map { i, fix in
      let p = plane.project(fix.coordinate ?? plane.origin)
      return PlaneFix(
        time: fix.time?.secondsSince1970 ?? 0, east: p.east, north: p.north, weight: 1,
        velocityEast: .nan, velocityNorth: .nan, restarts: i == 0)
    }
  }

  @Test(arguments: [0.5, 2.0, 5.0])
  func theFitFindsTheJitterOfTheFixes(white: Double) {
    let (fixes, _) = Self.walk(white: white, seed: 11)
    let model = NoiseFit.fit(
      [Self.planeFixes(fixes)],
      prior: .prior(processNoise: KalmanConfiguration.defaults(for: .walk).processNoise))
    // The drift can take a share of white noise at short lags; together they must add up.
    let total = (model.whiteSigma * model.whiteSigma + model.driftSigma * model.driftSigma)
      .squareRoot()
    #expect(
      model.whiteSigma <= white * 1.3 && total >= white * 0.7,
      "fitted white \(model.whiteSigma) m, drift \(model.driftSigma) m for \(white) m of jitter")
  }

  /// A receiver whose wandering error grows fivefold in stretches where it also reports a
  /// five times worse accuracy (2D, under trees): the fit learns that the drift follows the
  /// reported figure; where the figure says nothing of the drift, it learns that too.
  @Test(arguments: [true, false])
  func theFitLearnsWhetherTheDriftFollowsTheReportedAccuracy(follows: Bool) {
    var rng = SeededRandom(seed: 21)
    let tau = 60.0
    var drift = (east: 0.0, north: 0.0)
    var fixes: [PlaneFix] = []
    for i in 0..<2400 {
      let bad = (i / 150) % 2 == 1
      let sigma = follows && bad ? 10.0 : 2.0
      let phi = exp(-1 / tau)
      let kick = sigma * (1 - phi * phi).squareRoot()
      drift = (phi * drift.east + kick * rng.gaussian(), phi * drift.north + kick * rng.gaussian())
      // A walk at about 1.4 m/s along a gentle curve.
      let east = 1.3 * Double(i)
      let north = 80 * sin(Double(i) / 150)
      fixes.append(
        PlaneFix(
          time: Double(i), east: east + drift.east + 0.5 * rng.gaussian(),
          north: north + drift.north + 0.5 * rng.gaussian(), weight: bad ? 5 : 1,
          velocityEast: .nan, velocityNorth: .nan, restarts: i == 0))
    }
    let model = NoiseFit.fit(
      [fixes], prior: .prior(processNoise: KalmanConfiguration.defaults(for: .walk).processNoise))
    if follows {
      #expect(model.driftTrust > 0.6, "learnt drift trust \(model.driftTrust)")
    } else {
      #expect(model.driftTrust < 0.4, "learnt drift trust \(model.driftTrust)")
    }
  }

  /// The live engine's last model competes with the finish's search: kept as it is when
  /// it explains the fixes better than where the search ends, left when it explains them
  /// worse.
  @Test func aModelFromElsewhereIsKeptOnlyWhenItExplainsTheFixesBetter() {
    let (fixes, _) = Self.walk(white: 3, seed: 16)
    let runs = [Self.planeFixes(fixes)]
    let prior = NoiseModel.prior(
      processNoise: KalmanConfiguration.defaults(for: .walk).processNoise)
    // A search cut short stays near the prior; the full search finds the jitter.
    let cutShort = NoiseFit.fit(runs, prior: prior, maxEvaluations: 6)
    let searched = NoiseFit.fit(runs, prior: prior)
    #expect(!Self.same(cutShort, searched))
    let kept = NoiseFit.fit(runs, prior: prior, alsoFrom: searched, maxEvaluations: 6)
    #expect(Self.same(kept, searched), "kept \(kept), searched \(searched)")
    var wild = searched
    wild.whiteSigma = 40
    wild.driftSigma = 0.05
    let left = NoiseFit.fit(runs, prior: prior, alsoFrom: wild)
    #expect(Self.same(left, searched), "with a wild model \(left), searched \(searched)")
  }

  /// A model from elsewhere learnt on a second core while the search runs is kept or left
  /// exactly as the same model given.
  @Test(arguments: [UInt64(16), 17])
  func aRivalLearntBesideIsTheSameAsOneGiven(seed: UInt64) {
    let (fixes, _) = Self.walk(seconds: 1500, white: 3, seed: seed)
    let all = Self.planeFixes(fixes)
    #expect(all.count >= NoiseFit.RunsBeside.fixesAtLeast, "long enough to learn beside")
    let runs = [Array(all[..<700]), Array(all[700...])]
    let prior = NoiseModel.prior(
      processNoise: KalmanConfiguration.defaults(for: .walk).processNoise)
    let firstRuns = [Array(all[..<900])]
    let rival = NoiseFit.fit(firstRuns, prior: prior)
    for cut in [6, NoiseFit.maxEvaluations] {
      let given = NoiseFit.fit(runs, prior: prior, alsoFrom: rival, maxEvaluations: cut)
      let learnt = NoiseFit.fit(
        runs, prior: prior, maxEvaluations: cut, parallelism: Threads()
      ) {
        NoiseFit.fit(firstRuns, prior: prior)
      }
      #expect(learnt == given, "search cut at \(cut) evaluations")
    }
  }

  /// The smoother's table of weights' powers gives `DriftFilter`'s own values to the bit,
  /// for weights that repeat, that share a slot, and the weight of a fix without accuracy.
  @Test func weightPowersAreTheFiltersOwn() {
    var model = NoiseModel.prior(processNoise: 0.5)
    model.accuracyTrust = 0.73
    model.driftTrust = 0.41
    let filter = DriftFilter(model: model)
    var powers = WeightPowers()
    var rng = SeededRandom(seed: 3)
    // 600 draws from 300 values: many repeats, and more values than the table's 256 slots.
    let weights = (0..<300).map { _ in (rng.uniform() * 16 * 100).rounded() / 100 + 1 / 16 }
    for _ in 0..<600 {
      let weight = [1.0, weights[Int(rng.uniform() * 300) % 300]][Int(rng.uniform() * 4) % 2]
      let fix = PlaneFix(
        time: 0, east: 0, north: 0, weight: weight, velocityEast: .nan, velocityNorth: .nan,
        restarts: false)
      let (white, scale) = powers.variances(of: fix, in: filter)
      #expect(white == filter.whiteVariance(fix))
      #expect(scale == filter.driftScale(fix))
    }
  }

  /// The same model up to the rounding of a trip through logarithms.
  static func same(_ a: NoiseModel, _ b: NoiseModel) -> Bool {
    let pairs = [
      (a.whiteSigma, b.whiteSigma), (a.driftSigma, b.driftSigma), (a.driftTime, b.driftTime),
      (a.processNoise, b.processNoise),
    ]
    return pairs.allSatisfy { abs($0 - $1) <= 1e-9 * max(abs($0), abs($1)) }
  }

  @Test func scalingEveryReportedAccuracyChangesNothing() {
    let (fixes, _) = Self.walk(white: 3, seed: 12)
    let scaled = fixes.map { fix in
      var f = fix
      f.horizontalAccuracy = fix.horizontalAccuracy.map { Meters($0.value * 3.8) }
      return f
    }
    let configuration = SessionConfiguration(activity: .walk)
    let a = Analysis.summarize(fixes, configuration: configuration).distance.value
    let b = Analysis.summarize(scaled, configuration: configuration).distance.value
    #expect(abs(a - b) <= 0.001 * a, "\(a) m as reported, \(b) m with accuracy ×3.8")
  }

  @Test func aCleanTrackKeepsItsRawLength() {
    let (fixes, truth) = Self.walk(white: 0.05, seed: 13)
    let summary = Analysis.summarize(fixes, configuration: SessionConfiguration(activity: .walk))
    let raw = Analysis.summarize(fixes, configuration: .raw(activity: .walk)).distance.value
    #expect(
      abs(summary.distance.value - raw) <= 0.005 * raw,
      "smoothed \(summary.distance.value) m, raw \(raw) m, truth \(truth) m")
  }

  @Test func aNoisyTrackIsSmoothedToItsTrueLength() {
    let (fixes, truth) = Self.walk(white: 4, seed: 14)
    let summary = Analysis.summarize(fixes, configuration: SessionConfiguration(activity: .walk))
    let raw = Analysis.summarize(fixes, configuration: .raw(activity: .walk)).distance.value
    #expect(raw > truth * 1.5, "the raw length \(raw) m is far too long")
    // 4 m per axis against 1.4 m a second is a hard case: held to the p90 target.
    #expect(
      abs(summary.distance.value - truth) <= 0.025 * truth,
      "smoothed \(summary.distance.value) m of \(truth) m")
  }

  @Test func aMultipathJumpIsTheErrorsNotTheWalkers() {
    // 40 m to one side for 30 s, switching on and off within a second.
    let (fixes, truth) = Self.walk(white: 1, seed: 15) { i in
      (300..<330).contains(i) ? PlanePoint(east: 0, north: -40) : PlanePoint(east: 0, north: 0)
    }
    let summary = Analysis.summarize(fixes, configuration: SessionConfiguration(activity: .walk))
    let raw = Analysis.summarize(fixes, configuration: .raw(activity: .walk)).distance.value
    #expect(raw > truth + 70, "the burst adds \(raw - truth) m raw")
    #expect(
      abs(summary.distance.value - truth) <= 0.015 * truth,
      "smoothed \(summary.distance.value) m of \(truth) m")
  }

  @Test func repeatedWeightsAreRaisedOnceEachAndMapBackExactly() {
    // HDOP with two decimals: a few dozen distinct weights over hundreds of fixes.
    let hdop = (0..<600).map { Double(55 + ($0 * 7) % 31) / 100 }
    let logWeights = [Array(hdop[..<300]), [0, 0] + Array(hdop[300...])].map { run in
      run.map { $0 == 0 ? 0 : log($0 / 0.7) }
    }
    let shared = try? #require(NoiseFit.SharedPowers(logWeights))
    // 31 HDOP values, less 0.70: its weight is 1 and its log 0, no power to raise.
    #expect(shared?.values.count == 30)
    for (k, run) in logWeights.enumerated() {
      for (i, lw) in run.enumerated() {
        let j = Int(shared?.indexes[k][i] ?? -2)
        // The very value, so each fix's power is the one it would have had.
        #expect(lw == 0 ? j == -1 : shared?.values[j] == lw)
      }
    }
    // Weights that hardly repeat (full-precision accuracies) get no table.
    let distinct = [(0..<600).map { log(1 + Double($0) / 1000) + 1e-9 }]
    #expect(NoiseFit.SharedPowers(distinct) == nil)
    #expect(NoiseFit.SharedPowers([[0, 0, 0]]) == nil)
  }

  @Test func runsFilteredSideBySideGiveTheSameModelToTheBit() {
    // Six runs of 400 fixes, the sample of a long track, with repeated weights and a
    // held position (skipped by the cost): filtered on several threads or one after the
    // other, the cost is summed in the same order, so the search takes the same path.
    let (fixes, _) = Self.walk(seconds: 2400, white: 3, seed: 21)
    var runs: [[PlaneFix]] = []
    for k in 0..<6 {
      var run = Self.planeFixes(Array(fixes[(k * 400)..<(k * 400 + 400)]))
      for i in run.indices { run[i].weight = Double(50 + (i * 7) % 23) / 60 }
      run[10].east = run[9].east
      run[10].north = run[9].north
      runs.append(run)
    }
    let threads = Threads()
    #expect(NoiseFit.RunsBeside(runs, parallelism: threads) != nil || threads.width == 1)
    #expect(NoiseFit.RunsBeside(runs, parallelism: OneAtATime()) == nil, "one at a time")
    #expect(
      NoiseFit.RunsBeside([runs[0]], parallelism: threads) == nil, "one run: nothing to share")
    let prior = NoiseModel.prior(
      processNoise: KalmanConfiguration.defaults(for: .walk).processNoise)
    let beside = NoiseFit.fit(runs, prior: prior, parallelism: threads)
    let inTurn = NoiseFit.fit(runs, prior: prior)
    #expect(beside == inTurn, "side by side \(beside), in turn \(inTurn)")
    #expect(beside != prior, "the search moved")
  }
}
