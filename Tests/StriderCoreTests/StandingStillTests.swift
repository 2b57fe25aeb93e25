import Foundation
import StriderSimulator
import Testing

@testable import StriderCore

/// Standing still read from positions alone (issue 48): where a receiver's error wanders
/// further than the activity's auto-pause region, the finished track still finds the stops.
@Suite struct StandingStillTests {
  /// The finished summary of a corpus case, read as its fixes come (no Doppler in these
  /// cases), and the distance its finished track adds inside the truth's stops.
  static func finish(seed: UInt64) -> (
    session: CorpusSession, summary: SessionSummary, inStops: Double
  ) {
    finish(CorpusCase(seed: seed))
  }

  static func finish(_ corpusCase: CorpusCase) -> (
    session: CorpusSession, summary: SessionSummary, inStops: Double
  ) {
    let session = CorpusSession(corpusCase)
    var engine = SessionPipeline(
      configuration: SessionConfiguration(activity: corpusCase.activity),
      options: SessionPipeline.Options(
        keepsFinishedTrack: true, correctsLiveDistance: false, readsEvents: false))
    for fix in session.fixes { _ = engine.ingest(fix) }
    let summary = engine.finish().summary
    let track = engine.engine.finishedTrack
    let inStops = session.truthStops.reduce(0) {
      $0 + track.distance(at: $1.end).value - track.distance(at: $1.start).value
    }
    return (session, summary, inStops)
  }

  @Test func noLearntWanderSearchesTheActivitysRegionOnly() {
    let run = AutoPauseConfiguration.defaults(for: .run)
    #expect(FinishingPass.stopRegions(run, noise: nil) == [run])
    // A drift of σ 2 m: a region of 7 m, past the run's 6 m, held for 14 s.
    var steady = NoiseModel.prior(processNoise: 1)
    steady.driftSigma = 2
    let regions = FinishingPass.stopRegions(run, noise: steady)
    #expect(regions.count == 2)
    #expect(abs(regions[1].radius.value - 7) < 1e-9)
    #expect(abs(regions[1].window.value - 14) < 1e-9)
    // A ride's 8 m region already holds that wander: nothing more is searched.
    let ride = AutoPauseConfiguration.defaults(for: .ride)
    #expect(FinishingPass.stopRegions(ride, noise: steady) == [ride])
    // A 15 m drift's region is 52.5 m, held at most as long as auto-pause remembers less
    // half a minute.
    var wild = steady
    wild.driftSigma = 15
    #expect(FinishingPass.stopRegions(run, noise: wild)[1].window == AutoPause.memory - Seconds(30))
    var off = run
    off.enabled = false
    #expect(FinishingPass.stopRegions(off, noise: wild) == [off])
    // A session stored before the wander was searched keeps the activity's region alone.
    var stored = run
    stored.wanderRadius = nil
    #expect(FinishingPass.stopRegions(stored, noise: wild) == [stored])
  }

  /// Two urban sessions without Doppler whose error wanders (σ 7-15 m Gauss–Markov): a run
  /// whose stops counted a quarter of its moving time as moving, a walk that added 3 % of
  /// its distance standing.
  @Test(arguments: [UInt64(199), 243])
  func stopsAreFoundWhereTheErrorWanders(seed: UInt64) {
    let (session, summary, inStops) = Self.finish(seed: seed)
    #expect(session.corpusCase.stopPattern == .urban)
    #expect(session.corpusCase.dopplerSigma == nil)
    let truth = session.truthMoving.value
    let moving = (summary.moving.value - truth) / truth
    #expect(abs(moving) < 0.03, "moving \(summary.moving) against \(session.truthMoving)")
    #expect(inStops / session.truthDistance.value < 0.015, "\(inStops) m added standing")
    let distance = (summary.distance.value - session.truthDistance.value)
    #expect(abs(distance) / session.truthDistance.value < 0.015)
  }

  /// Laps of a 400 m track, run at 1 Hz without Doppler: the bends are not stops. The
  /// case without the street canyon the corpus has since given it (its σ 8-30 m error,
  /// not the laps, then decides the distance: +1.1 %).
  @Test func aTrackIsNotAStop() {
    var corpusCase = CorpusCase(seed: 271)
    #expect(corpusCase.canyons > 0)
    corpusCase.canyons = 0
    let (session, summary, _) = Self.finish(corpusCase)
    #expect(session.corpusCase.loops == .track)
    let truth = session.truthDistance.value
    #expect(abs(summary.distance.value - truth) / truth < 0.01)
    let moving = session.truthMoving.value
    #expect(abs(summary.moving.value - moving) / moving < 0.02)
  }

  /// A watch that read a speed of zero for four minutes and counted 28 m of its own wander
  /// meanwhile (the shared fp-2013 run): with Doppler, the standing found in the wander's
  /// region is what the speeds say, not a loss.
  @Test func aStopInTheWandersRegionIsStillWhereTheSpeedSaysSo() {
    var fixes: [Fix] = []
    let start = GNSSTime(secondsSince1970: 1_700_000_000)
    let origin = Coordinate(latitude: 52, longitude: 13)
    let plane = LocalTangentPlane(origin: origin)
    var rng = SeededRandom(seed: 7, stream: 1)
    var wander = PlanePoint(east: 0, north: 0)
    for t in 0..<600 {
      // 3 m/s east for 200 s, 200 s standing with the error wandering, 200 s on.
      let along = Double(min(t, 200) + max(0, t - 400)) * 3
      let moving = t < 200 || t >= 400
      wander = PlanePoint(
        east: 0.98 * wander.east + 1.2 * rng.gaussian(),
        north: 0.98 * wander.north + 1.2 * rng.gaussian())
      let point = PlanePoint(east: along + wander.east, north: wander.north)
      fixes.append(
        Fix(
          time: start + Seconds(Double(t)), coordinate: plane.unproject(point),
          horizontalAccuracy: Meters(5), speed: MetersPerSecond(moving ? 3 : 0),
          course: Degrees(90), mode: .threeD, provider: .gnss))
    }
    let summary = Analysis.summarize(fixes, configuration: SessionConfiguration(activity: .run))
    #expect(abs(summary.moving.value - 400) < 10, "moving \(summary.moving)")
    #expect(abs(summary.distance.value - 1200) < 24, "distance \(summary.distance)")
  }

  /// The smoothed velocity's σ is the spread of its error where the track moves as the
  /// model says: over 200 simulated tracks of the modelled motion (white acceleration of
  /// 0.5 m²/s³) and noise (white σ 3 m, a drift of σ 2 m over a minute), the error of the
  /// smoothed velocity at the middle fix spreads by the σ the smoother gives, within a
  /// tenth (2 % and 4 % when written), read every second and every 6 s; sparse fixes leave
  /// it larger. So a speed
  /// within 2.45 σ of zero (`FinishingPass.Entry.readsStill`) is one the smoother cannot
  /// tell from standing still at 95 %.
  @Test func theSmoothedVelocitysSigmaIsItsErrorsSpread() {
    let q = 0.5
    var model = NoiseModel.prior(processNoise: q)
    model.whiteSigma = 3
    model.driftSigma = 2
    model.driftTime = 60
    model.accuracyTrust = 0
    let plane = LocalTangentPlane(origin: Coordinate(latitude: 46, longitude: 8))
    func spread(every dt: Double) -> (measured: Double, given: Double) {
      var rng = SeededRandom(seed: 11, stream: UInt64(dt))
      var squares = 0.0
      var given = 0.0
      let runs = 200
      let count = Int(600 / dt)
      // One axis of white acceleration over dt, drawn exactly: the Cholesky factor of
      // q [[dt³/3, dt²/2], [dt²/2, dt]].
      let l00 = (q * dt * dt * dt / 3).squareRoot()
      let l10 = q * dt * dt / 2 / l00
      let l11 = (q * dt - l10 * l10).squareRoot()
      let phi = exp(-dt / 60)
      let driftStep = 2 * (1 - phi * phi).squareRoot()
      for _ in 0..<runs {
        var truth = [(p: 0.0, v: 0.0), (p: 0.0, v: 0.0)]
        var drift = [2 * rng.gaussian(), 2 * rng.gaussian()]
        var inputs: [SmoothingInput] = []
        var middle = truth
        for k in 0..<count {
          if k > 0 {
            for axis in 0..<2 {
              let (a, b) = (rng.gaussian(), rng.gaussian())
              truth[axis].p += truth[axis].v * dt + l00 * a
              truth[axis].v += l10 * a + l11 * b
              drift[axis] = phi * drift[axis] + driftStep * rng.gaussian()
            }
          }
          if k == count / 2 { middle = truth }
          let point = PlanePoint(
            east: truth[0].p + drift[0] + 3 * rng.gaussian(),
            north: truth[1].p + drift[1] + 3 * rng.gaussian())
          inputs.append(
            SmoothingInput(
              time: 1_700_000_000 + Double(k) * dt, coordinate: plane.unproject(point),
              accuracy: .nan, speed: .nan, course: .nan, newStretch: k == 0))
        }
        DriftTrackSmoother(prior: model).smooth(
          count: count, model: model, input: { inputs[$0] },
          output: { k, fix in
            guard k == count / 2 else { return }
            let course = fix.course.isNaN ? 0 : fix.course * .pi / 180
            let east = fix.speed * sin(course) - middle[0].v
            let north = fix.speed * cos(course) - middle[1].v
            squares += (east * east + north * north) / 2
            given += fix.speedSigma * fix.speedSigma
          })
      }
      return ((squares / Double(runs)).squareRoot(), (given / Double(runs)).squareRoot())
    }
    let dense = spread(every: 1)
    let sparse = spread(every: 6)
    for (name, s) in [("1 s", dense), ("6 s", sparse)] {
      #expect(
        abs(s.measured / s.given - 1) < 0.1,
        "every \(name): error spread \(s.measured) m/s, σ given \(s.given) m/s")
    }
    #expect(sparse.given > dense.given, "σ \(sparse.given) against \(dense.given)")
  }
}
