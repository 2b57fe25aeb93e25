import Foundation

/// Learns a track's `NoiseModel` from its own fixes by maximum likelihood.
///
/// The likelihood is that of `DriftFilter`'s innovations (the prediction-error
/// decomposition: Schweppe, "Evaluation of likelihood functions for Gaussian signals",
/// IEEE Trans. Inf. Theory 11(1), 1965), with Student-t tails so that multipath bursts do
/// not decide the noise of the whole track, maximised over the model's parameters in log
/// space by Nelder–Mead (Nelder and Mead, The Computer Journal 7(4), 1965). White jitter,
/// slow drift and motion leave different fingerprints across time scales (jitter is flat,
/// drift grows with the lag up to its correlation time, motion grows with its fourth
/// power), so one likelihood separates them where a single scatter figure cannot. A weak
/// log-normal prior around the activity's defaults keeps a short track from wild answers.
///
/// The fit reads a sample of the track (a few stretches of consecutive fixes spread over
/// it), so its cost does not grow with the track's length.
public enum NoiseFit {
  /// Fixes the fit reads at most, in `sampleRuns` stretches of consecutive fixes.
  static let sampleSize = 2400
  static let sampleRuns = 6
  /// Likelihood evaluations at most.
  static let maxEvaluations = 220
  /// Standard deviation of the prior, in natural-log units of each parameter (a factor of
  /// e² ≈ 7 either way is two sigmas).
  static let priorSpread = 1.0

  /// The bounds each parameter is held to, as (lower, upper). The drift stops at 20 m per
  /// axis: a wander wider than that, over many minutes, is the route itself. With up to
  /// 60 m allowed, the likelihood of a long noisy walk read from NMEA preferred a drift of
  /// 49 m over 14 minutes and almost no turning, which straightened the walk to 13 % short,
  /// while the same fixes read from GPX ended in the right model (6 m over 12 s).
  static let whiteBounds = (0.05, 60.0)
  static let driftBounds = (0.05, 20.0)
  static let driftTimeBounds = (3.0, 1800.0)
  static let processBounds = (0.001, 60.0)
  static let dopplerBounds = (0.02, 5.0)

  /// The model that best explains the given runs of fixes (each run in its own plane).
  ///
  /// `other` is a model learnt elsewhere on the same track (the live engine's last, from
  /// most of it): taken as it is when it explains these runs better than where the search
  /// from the prior ends. The likelihood has more than one basin on long noisy tracks,
  /// and without it the finish could settle in another basin than the live figures did
  /// from nearly the same fixes (live against finished over 1 %: 167 → 130 of 2400
  /// results). It is not searched from: a search from it wanders into a third basin.
  static func fit(
    _ runs: [[PlaneFix]], prior: NoiseModel, alsoFrom other: NoiseModel? = nil,
    maxEvaluations: Int = NoiseFit.maxEvaluations, parallelism: any Parallelism = OneAtATime()
  ) -> NoiseModel {
    fit(
      runs, prior: prior, learningRival: { other }, rivalIsCheap: true,
      maxEvaluations: maxEvaluations, parallelism: parallelism)
  }

  /// `fit`, with the model from elsewhere learnt by `learnRival` (`analyze` learns again
  /// the live engine's last model) on a second core while the search runs, where the runs
  /// are long enough to pay for a thread (`RunsBeside.fixesAtLeast`): the two fits are
  /// independent until their costs are compared, and each on a core of its own beats both
  /// sharing two (`RunsBeside`) one after the other: on a 100,000-epoch NMEA log the two
  /// took 38 ms, now 20. `learnRival` should not filter side by side itself. The model is
  /// the same to the bit as learnt one after the other.
  static func fit(
    _ runs: [[PlaneFix]], prior: NoiseModel, maxEvaluations: Int = NoiseFit.maxEvaluations,
    parallelism: any Parallelism = OneAtATime(), learningRival learnRival: () -> NoiseModel?
  ) -> NoiseModel {
    fit(
      runs, prior: prior, learningRival: learnRival, rivalIsCheap: false,
      maxEvaluations: maxEvaluations, parallelism: parallelism)
  }

  private static func fit(
    _ runs: [[PlaneFix]], prior: NoiseModel, learningRival learnRival: () -> NoiseModel?,
    rivalIsCheap: Bool, maxEvaluations: Int, parallelism: any Parallelism
  ) -> NoiseModel {
    let hasDoppler = runs.contains {
      $0.contains { $0.velocityEast.isFinite || $0.groundSpeed.isFinite }
    }
    let hasWeights = runs.contains { $0.contains { $0.weight != 1 } }
    let count = runs.reduce(0) { $0 + $1.count }
    guard count >= 8 else { return prior }
    // Parameters: ln white, ln drift, ln drift time, ln process noise, [ln doppler],
    // [accuracy trust, drift trust].
    func vector(_ m: NoiseModel) -> [Double] {
      var x = [log(m.whiteSigma), log(m.driftSigma), log(m.driftTime), log(m.processNoise)]
      if hasDoppler { x.append(log(m.dopplerSigma)) }
      if hasWeights { x.append(contentsOf: [m.accuracyTrust, m.driftTrust]) }
      return x
    }
    let start = vector(prior)
    let centre = start
    func model(_ x: [Double]) -> NoiseModel {
      var m = prior
      m.whiteSigma = clamp(exp(x[0]), whiteBounds)
      m.driftSigma = clamp(exp(x[1]), driftBounds)
      m.driftTime = clamp(exp(x[2]), driftTimeBounds)
      m.processNoise = clamp(exp(x[3]), processBounds)
      var i = 4
      if hasDoppler {
        m.dopplerSigma = clamp(exp(x[i]), dopplerBounds)
        i += 1
      }
      if hasWeights {
        m.accuracyTrust = min(1, max(0, x[i]))
        m.driftTrust = min(1, max(0, x[i + 1]))
      }
      return m
    }
    // ln of each fix's weight, so that an evaluation raises it to the trust with one `exp`.
    let logWeights = runs.map { run in run.map { $0.weight == 1 ? 0 : log($0.weight) } }
    let shared = SharedPowers(logWeights)
    let learnsRivalBeside =
      !rivalIsCheap && count >= RunsBeside.fixesAtLeast && parallelism.width > 1
    let beside = learnsRivalBeside ? nil : RunsBeside(runs, parallelism: parallelism)
    defer { beside?.release() }
    func cost(_ x: [Double]) -> Double {
      let m = model(x)
      let white = m.whiteSigma * m.whiteSigma
      let twiceTrust = 2 * m.accuracyTrust
      let twiceDriftTrust = 2 * m.driftTrust
      // Each distinct weight raised once, when the weights repeat (see `SharedPowers`).
      let whiteVariances = shared?.each { white * exp(twiceTrust * $0) } ?? []
      let driftScales = shared?.each { twiceDriftTrust == 0 ? 1 : exp(twiceDriftTrust * $0) } ?? []
      var total = 0.0
      // The innovation variances' product, its logarithm taken before it leaves the range.
      var variances = 1.0
      /// One run's filter, handing each fix's outcome to `take`.
      func filterRun(_ k: Int, _ take: (Int, DriftFilter.Outcome) -> Void) {
        let run = runs[k]
        var filter = DriftFilter(model: m)
        let logWeight = logWeights[k]
        let indexes = shared?.indexes[k]
        for (i, fix) in run.enumerated() {
          let lw = logWeight[i]
          let whiteVariance: Double
          let driftScale: Double
          if lw == 0 {
            (whiteVariance, driftScale) = (white, 1)
          } else if let indexes {
            let j = Int(indexes[i])
            (whiteVariance, driftScale) = (whiteVariances[j], driftScales[j])
          } else {
            whiteVariance = white * exp(twiceTrust * lw)
            driftScale = twiceDriftTrust == 0 ? 1 : exp(twiceDriftTrust * lw)
          }
          take(i, filter.advance(fix, whiteVariance: whiteVariance, driftScale: driftScale))
        }
      }
      func add(_ k: Int, _ i: Int, cost: Double, variance: Double) {
        // A position repeated exactly is a receiver holding its last fix, not a new
        // measurement: it says nothing about the noise.
        let run = runs[k]
        if i > 0, run[i].east == run[i - 1].east, run[i].north == run[i - 1].north { return }
        total += cost
        variances *= variance
        if !(variances > 1e-100 && variances < 1e100) {
          total += log(variances)
          variances = 1
        }
      }
      if let beside {
        // The runs filtered side by side, their outcomes then summed in the same order as
        // one after the other, so the cost is the same to the bit.
        beside.filter { k, outcomes in
          filterRun(k) { i, outcome in outcomes[i] = (outcome.cost, outcome.variance) }
        }
        for k in runs.indices {
          let outcomes = beside.outcomes(of: k)
          for i in runs[k].indices { add(k, i, cost: outcomes[i].0, variance: outcomes[i].1) }
        }
      } else {
        for k in runs.indices {
          filterRun(k) { i, outcome in add(k, i, cost: outcome.cost, variance: outcome.variance) }
        }
      }
      total += log(variances)
      // The prior, on the log-scale parameters only.
      var penalty = 0.0
      for i in 0..<(hasDoppler ? 5 : 4) {
        let z = (x[i] - centre[i]) / priorSpread
        penalty += 0.5 * z * z
      }
      // Outside the bounds the cost rises, so the search comes back in.
      var outside = 0.0
      let bounds = [whiteBounds, driftBounds, driftTimeBounds, processBounds, dopplerBounds]
      for i in 0..<(hasDoppler ? 5 : 4) {
        let lo = log(bounds[i].0)
        let hi = log(bounds[i].1)
        if x[i] < lo { outside += (lo - x[i]) * (lo - x[i]) }
        if x[i] > hi { outside += (x[i] - hi) * (x[i] - hi) }
      }
      if hasWeights {
        for t in x.suffix(2) {
          if t < 0 { outside += t * t }
          if t > 1 { outside += (t - 1) * (t - 1) }
        }
      }
      let value = total + penalty + 1e3 * outside
      return value.isFinite ? value : .greatestFiniteMagnitude
    }
    var steps = [Double](repeating: 0.7, count: start.count)
    if hasWeights {
      steps[steps.count - 2] = 0.4
      steps[steps.count - 1] = 0.4
    }
    let best: [Double]
    let other: NoiseModel?
    if learnsRivalBeside {
      var point: [Double] = []
      var rival: NoiseModel?
      parallelism.run(
        { rival = learnRival() },
        beside: {
          point =
            NelderMead.minimise(
              cost, from: start, steps: steps, maxEvaluations: maxEvaluations
            ).point
        })
      (best, other) = (point, rival)
    } else {
      best =
        NelderMead.minimise(
          cost, from: start, steps: steps, maxEvaluations: maxEvaluations
        ).point
      other = learnRival()
    }
    if let other {
      let x = vector(other)
      if cost(x) < cost(best) { return model(x) }
    }
    return model(best)
  }

  /// The sample's runs filtered at once (`Parallelism.forEach`), for a sample of several
  /// runs long enough to pay for it: the runs are independent, and a long session's
  /// relearns (a replay, an import, a Raspberry Pi recording) wait for the fit. Each run's
  /// outcomes land in a buffer of their own, which only its piece writes, summed afterwards
  /// in order.
  final class RunsBeside {
    /// Fixes a fit reads at least before its runs go to other threads.
    static let fixesAtLeast = 1200
    private let offsets: [Int]
    private let buffer: UnsafeMutableBufferPointer<(Double, Double)>
    private let parallelism: any Parallelism

    init?(_ runs: [[PlaneFix]], parallelism: any Parallelism) {
      let count = runs.reduce(0) { $0 + $1.count }
      guard runs.count > 1, count >= RunsBeside.fixesAtLeast, parallelism.width > 1
      else { return nil }
      self.parallelism = parallelism
      var offsets: [Int] = []
      var offset = 0
      for run in runs {
        offsets.append(offset)
        offset += run.count
      }
      self.offsets = offsets + [offset]
      buffer = .allocate(capacity: count)
      buffer.initialize(repeating: (0, 0))
    }

    /// Calls `work` for every run at once, each with the run's slots for its outcomes.
    func filter(_ work: (Int, UnsafeMutableBufferPointer<(Double, Double)>) -> Void) {
      parallelism.forEach(offsets.count - 1) { k in work(k, outcomes(of: k)) }
    }

    func outcomes(of k: Int) -> UnsafeMutableBufferPointer<(Double, Double)> {
      UnsafeMutableBufferPointer(rebasing: buffer[offsets[k]..<offsets[k + 1]])
    }

    func release() { buffer.deallocate() }
  }

  /// The distinct values among the fixes' log weights, and each fix's index into them:
  /// reported accuracies often take few values (an HDOP has two decimals), and raising
  /// each fix's weight to the trust, two `exp`s a fix and an evaluation, was a sixth of a
  /// long replay's instructions (its relearns). Nil when the values hardly repeat, where
  /// a table would save nothing.
  struct SharedPowers {
    var values: [Double] = []
    var indexes: [[Int32]] = []

    init?(_ logWeights: [[Double]]) {
      var weighted = 0
      for run in logWeights { for lw in run where lw != 0 { weighted += 1 } }
      // Given up as soon as the values are too many to pay.
      let most = weighted / 4
      guard most > 0 else { return nil }
      var indexOf: [Double: Int32] = [:]
      for run in logWeights {
        var row: [Int32] = []
        row.reserveCapacity(run.count)
        for lw in run {
          guard lw != 0 else {
            row.append(-1)
            continue
          }
          if let index = indexOf[lw] {
            row.append(index)
          } else {
            guard values.count < most else { return nil }
            indexOf[lw] = Int32(values.count)
            row.append(Int32(values.count))
            values.append(lw)
          }
        }
        indexes.append(row)
      }
    }

    /// `transform` of each distinct value, in the order `indexes` number them.
    func each(_ transform: (Double) -> Double) -> [Double] { values.map(transform) }
  }

  private static func clamp(_ x: Double, _ bounds: (Double, Double)) -> Double {
    min(bounds.1, max(bounds.0, x))
  }
}

/// The downhill simplex method (Nelder and Mead, 1965) with the usual coefficients:
/// reflection 1, expansion 2, contraction ½, shrink ½.
enum NelderMead {
  static func minimise(
    _ f: ([Double]) -> Double, from start: [Double], steps: [Double], maxEvaluations: Int,
    tolerance: Double = 1e-3
  ) -> (point: [Double], evaluations: Int) {
    let n = start.count
    var simplex: [[Double]] = [start]
    for i in 0..<n {
      var p = start
      p[i] += steps[i]
      simplex.append(p)
    }
    var values = simplex.map(f)
    var evaluations = n + 1
    while evaluations < maxEvaluations {
      let order = values.indices.sorted { values[$0] < values[$1] }
      simplex = order.map { simplex[$0] }
      values = order.map { values[$0] }
      if abs(values[n] - values[0]) <= tolerance * (1 + abs(values[0])) { break }
      var centroid = [Double](repeating: 0, count: n)
      for p in simplex.dropLast() { for i in 0..<n { centroid[i] += p[i] / Double(n) } }
      func along(_ t: Double) -> [Double] {
        (0..<n).map { centroid[$0] + t * (simplex[n][$0] - centroid[$0]) }
      }
      let reflected = along(-1)
      let fr = f(reflected)
      evaluations += 1
      if fr < values[0] {
        let expanded = along(-2)
        let fe = f(expanded)
        evaluations += 1
        if fe < fr {
          simplex[n] = expanded
          values[n] = fe
        } else {
          simplex[n] = reflected
          values[n] = fr
        }
      } else if fr < values[n - 1] {
        simplex[n] = reflected
        values[n] = fr
      } else {
        let contracted = fr < values[n] ? along(-0.5) : along(0.5)
        let fc = f(contracted)
        evaluations += 1
        if fc < min(fr, values[n]) {
          simplex[n] = contracted
          values[n] = fc
        } else {
          let best = simplex[0]
          for j in 1...n {
            // Typed closure and locals: inferred, this one line took the type checker 1.8 s.
            let point = simplex[j]
            simplex[j] = (0..<n).map { (i: Int) -> Double in best[i] + 0.5 * (point[i] - best[i]) }
            values[j] = f(simplex[j])
          }
          evaluations += n
        }
      }
    }
    let bestIndex = values.indices.min { values[$0] < values[$1] } ?? 0
    return (simplex[bestIndex], evaluations)
  }
}
