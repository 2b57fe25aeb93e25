import Foundation
import StriderCore

/// One case of the accuracy corpus: an activity, a seed and the receiver's error model,
/// from which `CorpusSession` derives the truth and the fixes.
///
/// A case is a fixed function of its seed (`CorpusCase(seed:)`), so a case set is a fixed
/// function of a seed list. The activity and error-model family cycle with the seed
/// (`activity = [walk, run, ride][seed % 3]`, `family = families[(seed / 3) % 5]`), so any
/// 15 consecutive seeds cover every pair once; everything else is drawn from
/// `SeededRandom(seed: seed, stream: 101)` from these distributions (U uniform, LU
/// log-uniform, i.e. uniform in the logarithm):
///
/// - **Length**: walk LU[0.3, 15] km, run LU[0.3, 30] km, ride LU[1, 40] km.
/// - **Route** (`CorpusRoute`): a random polyline, not the simulator's built-in lap.
/// - **Speed**: cruising band centre walk U[1.0, 1.8] m/s, run U[2.3, 4.5] m/s, ride
///   U[4, 11] m/s, band ±12 %; corners at 70 %, turnarounds at 30 % of the centre.
/// - **Stops**: count U{0 … min(12, 1 + ⌊km⌋)}; each lasts d·U[1, 1.5] with d LU[5, 300] s
///   drawn once a case; standing 0–20 s (U) at the finish.
/// - **Sampling**: 60 % 1 Hz; 40 % "smart recording": intervals U{1 … 10} s, cut short when
///   the course has turned more than 30° since the last recorded fix (as watches do).
/// - **Doppler**: 65 % of cases report speed and course with white error U[0.1, 0.3] m/s per
///   axis, independent of the position error; the rest report neither.
/// - **Reported accuracy**: 15 % of cases (every clean watch) report none; the others a
///   figure mis-scaled by LU[0.25, 4], correlated with the real error by ρ U[0, 0.8] and
///   wandering log-normally (σ 0.3, correlation time U[20, 120] s). See `CorpusReceiver`.
/// - **Family** (per-axis σ, correlation time τ, white σ w):
///   - `white`: white noise only, w LU[1, 5] m (1 Hz code noise times HDOP).
///   - `gaussMarkov`: σ LU[1, 15] m, τ LU[10, 600] s, w U[0.2, 1.5] m.
///   - `multipath`: σ LU[1, 6] m, τ LU[10, 600] s, w U[0.2, 1.5] m, plus bursts (one per
///     U[2, 10] min on average, Poisson) of U[20, 60] m lasting LU[3, 60] s.
///   - `twoD`: as `multipath` without bursts, plus 1–3 (U) stretches of LU[20, 180] s in 2D
///     mode with the correlated σ ×U[2, 4] and the white σ ×2.
///   - `cleanWatch`: σ LU[0.5, 2] m, τ LU[120, 600] s, no white part, low-passed with a
///     time constant U[10, 20] s and held still while the person stands: a device that has
///     already smoothed its track.
///
/// Issue 48 widened the corpus without moving any of the draws above: the new dimensions
/// come from their own stream, `SeededRandom(seed: seed, stream: 108)`, drawn in this order
/// whatever the case (so one dimension never shifts another), and only add to a case:
///
/// - **Stop pattern**: `urban` with probability 0.55 on foot and 0.4 on a bicycle (half the
///   corpus), else `sparse` (the stops above). An urban case stands a share s U[0.25, 0.40]
///   of its elapsed time, as urban runs and walks do, in stops each of whose duration is
///   drawn on its own, LU[5, 300] s (many short waits at crossings, a few long chats),
///   until they add up to s/(1 − s) times the moving time estimated as length / cruise
///   speed; the last is cut to fit (never below 5 s), and there are at most 40, so the
///   longest urban cases stand less than s. They replace the sparse stops (`stopCount` and
///   `stopDuration` stay drawn and unused); the finish dwell stays.
/// - **Wander**: for `gaussMarkov`, `multipath` and `twoD` cases, with probability 0.5, the
///   correlated error is a second-order Gauss–Markov process instead of a first-order one:
///   its velocity is a first-order Gauss–Markov process of correlation time τv U[5, 30] s
///   and the position error is its integral pulled back with the case's τ (an integrated
///   Ornstein–Uhlenbeck process; R. G. Brown and P. Y. C. Hwang, "Introduction to Random
///   Signals and Applied Kalman Filtering", 4th ed., §2.9 and the second-order Gauss–Markov
///   process of its Table 2.1), scaled so that its σ per axis is still `correlatedSigma`.
///   Its one-second steps are positively correlated: the error moves like a walker, where
///   a first-order process's steps are nearly independent. It runs through stops too (the
///   receiver does not know the person stands). See `CorpusReceiver`.
/// - **Multipath during stops**: in a `multipath` case with the urban pattern, each stop of
///   20 s or more gets, with probability 0.5, one more burst starting inside it (at a
///   uniform moment): U[10, 40] m lasting LU[3, 30] s, ramping as the others do.
/// - **Tight loops**: 10 % of walks and runs lap a small closed loop until their length,
///   laid out as legs of about 4 m so that the turns are smooth (`CorpusRoute`): with even
///   odds a 400 m athletics track (two 84.39 m straights, two bends measured 30 cm out from
///   the 36.5 m kerb, as IAAF lane 1 is) or a park loop of circumference U[120, 300] m.
///   A person going round in circles is moving, and must not be read as standing.
///
/// Then two more, from `SeededRandom(seed: seed, stream: 111)`, drawn in this order for
/// every case:
///
/// - **Street canyons**: an urban case (not a clean watch) with probability 0.5 passes
///   1–3 (U) stretches of LU[60, 600] s between tall buildings, where a further error is
///   added: a first-order Gauss–Markov process per axis of σ LU[8, 30] m and τ U[20, 120] s,
///   fading in and out over 30 s, which the reported accuracy follows as it follows the
///   rest. The error's statistics change along the way, where every family above keeps
///   them: one noise model for the whole track does not fit (`strider simulate`'s own
///   receiver has such canyons, and positions-only files of it came out 2–12 % long).
/// - **Accuracy left out**: with probability 0.3 a case that reports accuracy has it left
///   out of its files, as many phone apps' GPX are written (`accuracyScale` stays drawn;
///   `dropsAccuracy`).
///
/// And one from `SeededRandom(seed: seed, stream: 112)` (issue 50):
///
/// - **Silent while standing**: a smart-recording case, with probability 0.5, writes the
///   second it stops and the second it moves on and nothing between, as a Garmin's smart
///   recording does (the shared data's Forerunner 10 run wrote nothing for 20-91 s at each
///   of its crossings); the others keep writing every 1-10 s through a stop.
///   `silentWhileStanding`.
///
/// And two from `SeededRandom(seed: seed, stream: 113)` (issue 50, stop 70):
///
/// - **A slow stretch**: with probability 0.3 on foot or on a bike, 1-10 minutes of the
///   route (at most a sixth of its time at cruising speed) taken below the activity's
///   resume speed: a walker on a steep climb at 0.4-0.8 m/s, a runner walking a hill at
///   0.6-1.0 m/s, a rider pushing the bike at 0.7-1.3 m/s (the shared triathlon FIT, followed live as one ride, swims 33
///   minutes at 0.6-1.2 m/s). `slowStretch`.
/// - **A receiver that logs by distance**: with probability 0.4, a smart-recording case
///   writes a fix each time its person has gone 5-20 m since the last (and the first and
///   last), as the loggers behind three of the shared GPX do (px-korita, px-cerknica,
///   gb-cetus: every 10 m); standing, it writes nothing, whatever `silentWhileStanding`
///   says. `logsEvery`.
public struct CorpusCase: Sendable, Hashable {
  /// The family of the receiver's position error.
  public enum Family: String, Sendable, Hashable, CaseIterable {
    case white
    case gaussMarkov = "gauss_markov"
    case multipath
    case twoD = "2d"
    case cleanWatch = "clean_watch"
  }

  /// How often the receiver records a fix.
  public enum Sampling: String, Sendable, Hashable, CaseIterable {
    case oneHertz = "1hz"
    case smart
  }

  public var seed: UInt64
  public var activity: Activity
  public var family: Family
  public var sampling: Sampling
  /// The route length, metres.
  public var length: Double
  /// Where the route starts.
  public var origin: Coordinate
  /// Centre of the cruising-speed band, m/s.
  public var cruiseSpeed: Double
  public var stopCount: Int
  /// Every stop lasts between this and 1.5 times this, seconds.
  public var stopDuration: Double
  public var finishDwell: Double
  /// Correlated position error σ per axis, metres (0: none).
  public var correlatedSigma: Double
  /// Its correlation time, seconds.
  public var correlationTime: Double
  /// White position error σ per axis, metres.
  public var whiteSigma: Double
  /// Low-pass time constant of a device that smooths its own track, seconds (0: none).
  public var lowPassTime: Double
  /// Mean time between multipath bursts, seconds (0: no bursts).
  public var burstInterval: Double
  public var twoDStretches: Int
  /// Doppler speed error σ per axis, m/s; nil when the receiver reports no speed.
  public var dopplerSigma: Double?
  /// Reported accuracy over the real RMS error; nil when the receiver reports none.
  public var accuracyScale: Double?
  /// How much of the reported accuracy follows the instantaneous real error (0–1).
  public var accuracyCorrelation: Double
  /// Correlation time of the reported accuracy's log-normal wander, seconds.
  public var accuracyWanderTime: Double

  /// A stretch of the route taken slower than the activity resumes from a pause.
  public struct SlowStretch: Sendable, Hashable {
    /// Where it begins along the route, and how long it is, metres.
    public var start: Double
    public var length: Double
    /// The speed it is taken at, m/s.
    public var speed: Double
  }

  /// How the person stops on the way (issue 48).
  public enum StopPattern: String, Sendable, Hashable, CaseIterable {
    /// A few stops of one drawn length (`stopCount`, `stopDuration`).
    case sparse
    /// Standing a quarter to 40 % of the time, in stops of lengths drawn one by one
    /// (`urbanStops`).
    case urban
  }

  /// The small closed loop a case laps (issue 48).
  public enum Loop: String, Sendable, Hashable, CaseIterable {
    /// A 400 m athletics track.
    case track
    /// A rounded park loop of `loopLength`.
    case park
  }

  public var stopPattern: StopPattern
  /// The share of the elapsed time an urban case is meant to stand (0 when sparse).
  public var standingShare: Double
  /// Each urban stop's duration, seconds, in the order along the route (empty when sparse).
  public var urbanStops: [Double]
  /// The correlation time τv of the correlated error's velocity, seconds, when the error
  /// wanders as a second-order process; nil for a first-order one.
  public var wanderTime: Double?
  /// The loop the route laps; nil for an open random route.
  public var loops: Loop?
  /// One lap of the loop, metres (0 without a loop).
  public var loopLength: Double
  /// How many street canyons the route passes (0: none).
  public var canyons: Int
  /// In a canyon, the added error's σ per axis (metres) and correlation time (seconds).
  public var canyonSigma: Double
  public var canyonTime: Double
  /// Whether the files leave out the accuracy the receiver reports.
  public var dropsAccuracy: Bool
  /// Whether a smart-recording receiver writes nothing while the person stands, but for
  /// the seconds they stop and move on.
  public var silentWhileStanding: Bool
  /// A stretch of the route taken below the activity's resume speed; nil: none.
  public var slowStretch: SlowStretch?
  /// The distance the person goes between the fixes of a receiver that logs by distance
  /// (metres); nil: it logs by time.
  public var logsEvery: Double?

  /// The families in the order seeds cycle through them.
  public static let familyCycle: [Family] = [.white, .gaussMarkov, .multipath, .twoD, .cleanWatch]

  /// The case a seed gives (see the type's documentation for the distributions).
  public init(seed: UInt64) {
    self.seed = seed
    activity = [Activity.walk, .run, .ride][Int(seed % 3)]
    family = CorpusCase.familyCycle[Int((seed / 3) % 5)]
    var rng = SeededRandom(seed: seed, stream: 101)
    let km: ClosedRange<Double> =
      switch activity {
      case .walk, .hike: 0.3...15
      case .run: 0.3...30
      case .ride: 1...40
      case .swim: 0.3...4
      case .drive: 2...60
      }
    length = 1000 * rng.logUniform(in: km)
    origin = Coordinate(
      latitude: rng.uniform(in: -55...60), longitude: rng.uniform(in: -179.9...179.9))
    cruiseSpeed =
      switch activity {
      case .walk: rng.uniform(in: 1.0...1.8)
      case .run: rng.uniform(in: 2.3...4.5)
      case .ride: rng.uniform(in: 4...11)
      case .hike: rng.uniform(in: 0.8...1.4)
      case .swim: rng.uniform(in: 0.6...1.1)
      case .drive: rng.uniform(in: 10...25)
      }
    stopCount = rng.integer(in: 0...min(12, 1 + Int(length / 1000)))
    stopDuration = rng.logUniform(in: 5...300)
    finishDwell = rng.uniform(in: 0...20)
    sampling = rng.chance(0.6) ? .oneHertz : .smart
    dopplerSigma = rng.chance(0.65) ? rng.uniform(in: 0.1...0.3) : nil
    let reports = rng.chance(0.85)
    accuracyScale = rng.logUniform(in: 0.25...4)
    accuracyCorrelation = rng.uniform(in: 0...0.8)
    accuracyWanderTime = rng.uniform(in: 20...120)
    lowPassTime = 0
    burstInterval = 0
    twoDStretches = 0
    whiteSigma = 0
    correlatedSigma = 0
    correlationTime = 60
    switch family {
    case .white:
      whiteSigma = rng.logUniform(in: 1...5)
    case .gaussMarkov:
      correlatedSigma = rng.logUniform(in: 1...15)
      correlationTime = rng.logUniform(in: 10...600)
      whiteSigma = rng.uniform(in: 0.2...1.5)
    case .multipath, .twoD:
      correlatedSigma = rng.logUniform(in: 1...6)
      correlationTime = rng.logUniform(in: 10...600)
      whiteSigma = rng.uniform(in: 0.2...1.5)
      if family == .multipath {
        burstInterval = 60 * rng.uniform(in: 2...10)
      } else {
        twoDStretches = rng.integer(in: 1...3)
      }
    case .cleanWatch:
      correlatedSigma = rng.logUniform(in: 0.5...2)
      correlationTime = rng.logUniform(in: 120...600)
      lowPassTime = rng.uniform(in: 10...20)
    }
    if !reports || family == .cleanWatch { accuracyScale = nil }

    var widened = SeededRandom(seed: seed, stream: 108)
    let urban = widened.chance(activity == .ride ? 0.4 : 0.55)
    let share = widened.uniform(in: 0.25...0.40)
    let wanders = widened.chance(0.5)
    let wander = widened.uniform(in: 5...30)
    let lapsLoop = widened.chance(0.1)
    let loop: Loop = widened.chance(0.5) ? .track : .park
    let parkLength = widened.uniform(in: 120...300)
    stopPattern = urban ? .urban : .sparse
    standingShare = urban ? share : 0
    urbanStops = []
    wanderTime = wanders && [.gaussMarkov, .multipath, .twoD].contains(family) ? wander : nil
    let onFoot = activity == .walk || activity == .run
    loops = lapsLoop && onFoot ? loop : nil
    loopLength =
      switch loops {
      case .track: CorpusCase.trackLap
      case .park: parkLength
      case nil: 0
      }
    if urban {
      urbanStops = CorpusCase.urbanStops(
        standing: share / (1 - share) * length / cruiseSpeed, rng: &widened)
    }

    var streets = SeededRandom(seed: seed, stream: 111)
    let inCanyons = streets.chance(0.5)
    let canyonCount = streets.integer(in: 1...3)
    canyonSigma = streets.logUniform(in: 8...30)
    canyonTime = streets.uniform(in: 20...120)
    let drops = streets.chance(0.3)
    canyons = inCanyons && urban && family != .cleanWatch ? canyonCount : 0
    dropsAccuracy = drops && accuracyScale != nil

    var standing = SeededRandom(seed: seed, stream: 112)
    silentWhileStanding = standing.chance(0.5) && sampling == .smart

    var slow = SeededRandom(seed: seed, stream: 113)
    let slows = slow.chance(0.3)
    let slowDuration = slow.uniform(in: 60...600)
    let slowStart = slow.uniform(in: 0.1...0.7)
    let slowFraction = slow.uniform(in: 0...1)
    let logs = slow.chance(0.4)
    let every = slow.uniform(in: 5...20)
    let slowSpeeds: ClosedRange<Double>? =
      switch activity {
      case .walk, .hike: 0.4...0.8
      case .run: 0.6...1.0
      case .ride: 0.7...1.3
      case .swim, .drive: nil
      }
    if slows, let speeds = slowSpeeds, loops == nil {
      let speed = speeds.lowerBound + slowFraction * (speeds.upperBound - speeds.lowerBound)
      // At most a sixth of the time the route takes at cruising speed: a climb or a push
      // within an outing, not the outing.
      let duration = min(slowDuration, length / cruiseSpeed / 6)
      slowStretch = SlowStretch(start: slowStart * length, length: duration * speed, speed: speed)
    }
    logsEvery = logs && sampling == .smart ? every : nil
  }

  /// The longest and shortest canyon stretch, seconds.
  public static let canyonDurations = 60.0...600.0
  /// Over how long a canyon's error fades in and out, seconds.
  public static let canyonRamp = 30.0

  /// The case as the corpus made it before issue 48 widened it: the same draws, sparse
  /// stops, a first-order error and an open route. Issue 13's fast test scores these, so
  /// its figures stay comparable with what they were.
  public var beforeIssue48: CorpusCase {
    var c = self
    c.stopPattern = .sparse
    c.standingShare = 0
    c.urbanStops = []
    c.wanderTime = nil
    c.loops = nil
    c.loopLength = 0
    c.canyons = 0
    c.dropsAccuracy = false
    c.silentWhileStanding = false
    c.slowStretch = nil
    c.logsEvery = nil
    return c
  }

  /// One lap of a 400 m track along its measuring line: two 84.39 m straights and two
  /// bends of radius 36.80 m (the 36.5 m kerb plus 30 cm), metres.
  public static let trackLap = 2 * 84.39 + 2 * Double.pi * 36.8

  /// The most stops an urban case has.
  public static let urbanStopLimit = 40

  /// Stop durations LU[5, 300] s drawn until they add up to `standing` seconds (the last
  /// cut to fit, never below 5 s), at most `urbanStopLimit` of them.
  static func urbanStops(standing: Double, rng: inout SeededRandom) -> [Double] {
    var stops: [Double] = []
    var total = 0.0
    while total < standing && stops.count < urbanStopLimit {
      let duration = min(rng.logUniform(in: 5...300), max(5, standing - total))
      stops.append(duration)
      total += duration
    }
    return stops
  }

  /// A short name for tables and failures: `run-gauss_markov-1hz#17`. The name does not
  /// say the dimensions issue 48 added, so a seed keeps its name.
  public var name: String { "\(activity.rawValue)-\(family.rawValue)-\(sampling.rawValue)#\(seed)" }

  /// The motion profile of this case: the activity's shape with this case's speeds and stops.
  var motion: MotionProfile {
    let low = MetersPerSecond(cruiseSpeed * 0.88)
    let high = MetersPerSecond(cruiseSpeed * 1.12)
    return MotionProfile(
      cruiseSpeed: low...high, cornerSpeed: MetersPerSecond(cruiseSpeed * 0.7),
      turnaroundSpeed: MetersPerSecond(cruiseSpeed * 0.3), stopCount: stopCount...stopCount,
      stopDuration: Seconds(stopDuration)...Seconds(stopDuration * 1.5),
      finishDwell: Seconds(finishDwell),
      surges: slowStretch.map {
        [
          MotionProfile.Surge(
            range: Meters($0.start)...Meters($0.start + $0.length),
            speed: MetersPerSecond($0.speed))
        ]
      } ?? [],
      stopDurations: stopPattern == .urban ? urbanStops.map { Seconds($0) } : nil)
  }
}

extension SeededRandom {
  /// A sample whose logarithm is uniform between the logarithms of the bounds.
  mutating func logUniform(in range: ClosedRange<Double>) -> Double {
    exp(uniform(in: log(range.lowerBound)...log(range.upperBound)))
  }
}
