import StriderSimulator
import Testing

@testable import StriderCore

/// Sessions shared by several tests, simulated once (each takes a fraction of a second).
private enum Sessions {
  static let clean: [Activity: SimulatedSession] = Dictionary(
    uniqueKeysWithValues: Activity.allCases.map {
      ($0, Simulator.run(SimulationConfiguration(activity: $0, seed: 11)))
    })
  static let faulty: [Activity: SimulatedSession] = Dictionary(
    uniqueKeysWithValues: Activity.allCases.map {
      ($0, Simulator.run(SimulationConfiguration(activity: $0, seed: 11, faults: .all)))
    })

  static func clean(_ activity: Activity) -> SimulatedSession {
    clean[activity] ?? Simulator.run(SimulationConfiguration(activity: activity, seed: 11))
  }

  static func faulty(_ activity: Activity) -> SimulatedSession {
    faulty[activity]
      ?? Simulator.run(SimulationConfiguration(activity: activity, seed: 11, faults: .all))
  }
}

/// Horizontal error of every clean fix against the truth of its epoch, split by canyon.
private func errors(_ session: SimulatedSession) -> (open: [Double], canyon: [Double]) {
  let plane = session.route.plane
  let faulty = session.faultyFixIndices
  var open: [Double] = []
  var canyon: [Double] = []
  for fix in session.fixes where !faulty.contains(fix.origin.index) {
    guard let time = fix.time, let coordinate = fix.coordinate, let truth = session.truth(at: time)
    else { continue }
    let error = (plane.project(coordinate) - plane.project(truth.coordinate)).magnitude
    if truth.inUrbanCanyon { canyon.append(error) } else { open.append(error) }
  }
  return (open, canyon)
}

private func rms(_ values: [Double]) -> Double {
  values.isEmpty ? 0 : (values.reduce(0) { $0 + $1 * $1 } / Double(values.count)).squareRoot()
}

struct SimulationTests {
  @Test(arguments: Activity.allCases)
  func sameSeedGivesIdenticalSessions(activity: Activity) {
    let configuration = SimulationConfiguration(activity: activity, seed: 99, faults: .all)
    let a = Simulator.run(configuration)
    let b = Simulator.run(configuration)
    #expect(a.fixes == b.fixes, "fixes must be bit-identical for the same seed")
    #expect(a.truth == b.truth, "truth must be bit-identical for the same seed")
    #expect(a.injected == b.injected)
  }

  @Test func differentSeedsDiffer() {
    let a = Simulator.run(SimulationConfiguration(activity: .walk, seed: 1))
    let b = Simulator.run(SimulationConfiguration(activity: .walk, seed: 2))
    #expect(a.fixes != b.fixes)
    #expect(a.truth.map(\.speed) != b.truth.map(\.speed), "speeds and stops are random too")
  }

  @Test(arguments: Activity.allCases)
  func truthDistanceMatchesTheNominalRoute(activity: Activity) {
    let session = Sessions.clean(activity)
    let nominal = SimulatedRoute.nominalLength(for: activity).value
    let ratio = session.truthDistance.value / nominal
    #expect(abs(ratio - 1) < 0.02, "true distance \(session.truthDistance) vs nominal \(nominal)")
    #expect(session.truthMovingTime < session.truthElapsed, "stops take time")
    #expect(session.truthMovingTime.value > 0.8 * session.truthElapsed.value)
  }

  @Test(arguments: Activity.allCases)
  func speedsAndStopsAreRealistic(activity: Activity) {
    let session = Sessions.clean(activity)
    let band = MotionProfile.standard(for: activity).cruiseSpeed
    let speeds = session.truth.map(\.speed.value)
    #expect(speeds.max() ?? 0 <= band.upperBound.value + 1e-9, "never faster than the band")
    let moving = speeds.filter { $0 > 0.05 }
    let mean = moving.reduce(0, +) / Double(max(1, moving.count))
    #expect(mean > band.lowerBound.value * 0.85 && mean < band.upperBound.value)
    // Acceleration between epochs stays within 1.5 m/s² (plus the sampling of a stop).
    for (a, b) in zip(session.truth, session.truth.dropFirst()) {
      let acceleration = abs(b.speed.value - a.speed.value) / (b.time - a.time).value
      #expect(acceleration <= 1.5 + 0.3, "acceleration \(acceleration) m/s² at \(a.time)")
    }
    // Interior stops: runs of standing still, 2–4 of them, each 15–60 s.
    var stops: [Double] = []
    var run = 0.0
    for sample in session.truth.dropLast(10) {
      if sample.isMoving {
        if run > 0 { stops.append(run) }
        run = 0
      } else if sample.distanceAlongRoute.value > 0 {
        run += 1
      }
    }
    #expect((2...4).contains(stops.count), "traffic-light stops: \(stops)")
    for stop in stops { #expect(stop >= 14 && stop <= 62, "stop of \(stop) s") }
  }

  @Test(arguments: Activity.allCases)
  func perfectErrorsGiveTheTruth(activity: Activity) {
    let session = Simulator.run(
      SimulationConfiguration(activity: activity, seed: 5, errorModel: .perfect))
    #expect(session.fixes.count == session.truth.count, "one fix per epoch")
    #expect(session.injected.isEmpty)
    for (fix, truth) in zip(session.fixes, session.truth) {
      #expect(fix.time == truth.time)
      #expect(fix.coordinate == truth.coordinate, "exact position with zero error")
      #expect(abs((fix.altitude?.value ?? .nan) - truth.altitude.value) < 1e-9)
      #expect(abs((fix.speed?.value ?? .nan) - truth.speed.value) < 1e-9, "Doppler is exact")
    }
  }

  @Test(arguments: Activity.allCases)
  func errorsAreRealisticAndWorseInCanyons(activity: Activity) {
    let session = Sessions.clean(activity)
    let (open, canyon) = errors(session)
    let openRMS = rms(open)
    #expect(openRMS >= 2 && openRMS <= 6, "open-sky RMS error \(openRMS) m should be 2–6 m")
    #expect(!session.urbanCanyons.isEmpty && session.urbanCanyons.count <= 3)
    #expect(!canyon.isEmpty, "some fixes fall in an urban canyon")
    #expect(rms(canyon) > 1.5 * openRMS, "canyon RMS \(rms(canyon)) vs open \(openRMS)")
    for fix in session.fixes {
      guard let time = fix.time, let truth = session.truth(at: time),
        let accuracy = fix.horizontalAccuracy?.value,
        session.urbanCanyons.contains(where: { $0.contains(truth.distanceAlongRoute) })
      else { continue }
      #expect(accuracy >= 10 - 1e-9 && accuracy <= 50 + 1e-9, "canyon accuracy \(accuracy) m")
    }
    let accuracies = session.fixes.compactMap(\.horizontalAccuracy?.value)
    let median = accuracies.sorted()[accuracies.count / 2]
    #expect(median > 2.5 && median < 8, "reported accuracy median \(median) m")
    for fix in session.fixes {
      #expect(fix.mode == .threeD && fix.provider == .gnss)
      #expect((7...12).contains(fix.satellites ?? 0) || (fix.satellites ?? 0) >= 4)
      if let accuracy = fix.horizontalAccuracy?.value, let hdop = fix.hdop {
        #expect(abs(hdop - accuracy / 5) < 1e-9, "hdop is accuracy / 5")
      }
    }
  }

  @Test func fixesDriftWhileStandingStill() {
    let session = Sessions.clean(.run)
    let plane = session.route.plane
    var wander: [Double] = []
    var anchor: PlanePoint?
    for fix in session.fixes {
      guard let time = fix.time, let truth = session.truth(at: time), let c = fix.coordinate
      else { continue }
      if truth.isMoving || truth.distanceAlongRoute.value == 0 {
        anchor = nil
        continue
      }
      let p = plane.project(c)
      if let a = anchor { wander.append((p - a).magnitude) } else { anchor = p }
    }
    #expect((wander.max() ?? 0) > 0.5, "the correlated error wanders during a stop")
  }

  @Test(arguments: Activity.allCases)
  func everyFaultAppearsWhenEnabled(activity: Activity) {
    let session = Sessions.faulty(activity)
    let kinds = Set(session.injected.map(\.kind))
    #expect(
      kinds == Set(SimulatedFault.Kind.allCases),
      "missing: \(Set(SimulatedFault.Kind.allCases).subtracting(kinds))")
    let share = Double(session.faultyFixIndices.count) / Double(session.fixes.count)
    #expect(share > 0.005 && share < 0.05, "faulty share \(share) should be a few percent")
    #expect(Sessions.clean(activity).injected.isEmpty, "no faults when disabled")
    for record in session.injected {
      guard let index = record.fixIndex else { continue }
      #expect(session.fixes[index].origin.index == index)
    }
  }

  @Test(arguments: SimulatedFault.Kind.allCases)
  func eachFaultAloneAppearsAlone(kind: SimulatedFault.Kind) {
    let session = Simulator.run(
      SimulationConfiguration(activity: .walk, seed: 3, faults: .only([kind])))
    #expect(!session.injected.isEmpty)
    #expect(Set(session.injected.map(\.kind)) == [kind])
    let expected: Set<RejectionReason?> =
      switch kind {
      case .staleHead: [.stale]
      case .network: [.nonGNSS]
      case .jump: [.implausibleSpeed]
      case .lateFix: [nil, .outOfOrder]
      case .duplicates: [.duplicate]
      case .missingAccuracy, .negativeAccuracy: [.invalidAccuracy]
      case .noFix: [.noFix]
      case .signalLoss: [nil]
      case .clockJump: [.stale, .outOfOrder]
      }
    #expect(Set(session.injected.map(\.expectedRejection)) == expected)
  }

  @Test func faultyFixesLookAsDescribed() {
    let session = Sessions.faulty(.run)
    let plane = session.route.plane
    for record in session.injected {
      let fix = record.fixIndex.map { session.fixes[$0] }
      let truth = session.truth(at: record.epochTime)
      switch record.fault {
      case .network(let offset, let accuracy):
        #expect(fix?.mode == .twoD && fix?.provider == .network)
        #expect((200...2000).contains(offset.value) && (300...2000).contains(accuracy.value))
        if let c = fix?.coordinate, let t = truth?.coordinate {
          let off = Geodesy.distance(c, t).value
          #expect(abs(off - offset.value) < 1, "network fix off by \(off) m")
        }
      case .jump(let distance):
        #expect((1000...5000).contains(distance.value))
        #expect((fix?.horizontalAccuracy?.value ?? 0) < 20, "a jump looks accurate")
        if let c = fix?.coordinate, let t = truth?.coordinate {
          #expect(Geodesy.distance(c, t).value > 950)
        }
      case .duplicates:
        if let f = fix {
          var copy = f
          copy.origin = session.fixes[f.origin.index - 1].origin
          #expect(copy == session.fixes[f.origin.index - 1], "a duplicate is an exact copy")
        }
      case .missingAccuracy: #expect(fix?.horizontalAccuracy == nil && fix?.coordinate != nil)
      case .negativeAccuracy: #expect((fix?.horizontalAccuracy?.value ?? 0) < 0)
      case .noFix: #expect(fix?.mode == .noFix && fix?.coordinate == nil && fix?.time != nil)
      case .signalLoss(let duration):
        let start = record.epochTime
        let end = start + duration
        let inside = session.fixes.filter { f in
          guard let t = f.time else { return false }
          return t >= start && t < end && !session.faultyFixIndices.contains(f.origin.index)
        }
        #expect(inside.isEmpty, "no fixes during a \(duration) signal loss")
        #expect((10...60).contains(duration.value))
      case .clockJump(let offset):
        #expect([3600, 86_400].contains(abs(offset.value)))
        if let t = fix?.time { #expect(abs((t - record.epochTime).value) == abs(offset.value)) }
      case .staleHead, .lateFix:
        break  // checked by their own tests
      }
      _ = plane
    }
  }

  @Test(arguments: Activity.allCases)
  func staleFixesAreFarAwayAndOld(activity: Activity) {
    let session = Sessions.faulty(activity)
    let stale = session.injected.filter { $0.kind == .staleHead }
    #expect((1...3).contains(stale.count))
    let firstTruth = session.truth[0].coordinate
    for record in stale {
      guard let index = record.fixIndex else { continue }
      #expect(index < stale.count, "stale fixes come before the first real fix")
      let fix = session.fixes[index]
      guard let c = fix.coordinate, let t = fix.time else {
        Issue.record("a stale fix has a position and a time")
        continue
      }
      #expect(Geodesy.distance(c, firstTruth).value > 200_000, "stale fix > 200 km away")
      #expect(t < session.startTime, "stale fix before the session start")
      #expect((session.startTime - t).value >= 3600 - 3 && (session.startTime - t).value <= 72_000)
      #expect((10...30).contains(fix.horizontalAccuracy?.value ?? 0), "plausible accuracy")
    }
  }

  @Test(arguments: Activity.allCases)
  func lateFixesArriveAfterLaterFixes(activity: Activity) {
    let session = Sessions.faulty(activity)
    let late = session.injected.filter { $0.kind == .lateFix }
    #expect(late.count == 4)
    var short = 0
    var long = 0
    for record in late {
      guard let index = record.fixIndex, let time = session.fixes[index].time,
        case .lateFix(let delay) = record.fault
      else { continue }
      let faulty = session.faultyFixIndices
      let newestBefore = session.fixes[..<index].filter { !faulty.contains($0.origin.index) }
        .compactMap(\.time).max()
      #expect(newestBefore.map { $0 > time } == true, "a late fix follows newer fixes")
      if let newest = newestBefore {
        #expect(abs((newest - time).value - delay.value) <= 1, "delivered \(delay) late")
      }
      if delay.value <= 5 {
        short += 1
        #expect(record.expectedRejection == nil, "reordered within the 5 s window")
      } else {
        long += 1
        #expect(record.expectedRejection == .outOfOrder)
      }
    }
    #expect(short == 2 && long == 2, "both reorderable and too-late fixes occur")
  }

  @Test(arguments: [
    Coordinate(latitude: 0, longitude: 179.99),
    Coordinate(latitude: -16.5, longitude: -179.999),
    Coordinate(latitude: 89.9, longitude: 0),
    Coordinate(latitude: -89.9, longitude: 120),
  ])
  func worksAcrossTheAntimeridianAndNearPoles(origin: Coordinate) {
    let session = Simulator.run(
      SimulationConfiguration(activity: .ride, seed: 8, origin: origin, faults: .all))
    for fix in session.fixes {
      guard let c = fix.coordinate else { continue }
      #expect(c.isValid && abs(c.longitude) <= 180, "valid coordinate \(c)")
    }
    for sample in session.truth {
      #expect(sample.coordinate.isValid && abs(sample.coordinate.longitude) <= 180)
    }
    let ratio = session.truthDistance.value / SimulatedRoute.nominalLength(for: .ride).value
    #expect(abs(ratio - 1) < 0.02, "true distance \(session.truthDistance) at \(origin)")
    let openRMS = rms(errors(session).open)
    #expect(openRMS >= 2 && openRMS <= 6, "open-sky RMS \(openRMS) m at \(origin)")
  }

  @Test func streamMatchesRunAndInjectsOnDemand() {
    let configuration = SimulationConfiguration(activity: .walk, seed: 21)
    var stream = SimulatorStream(configuration: configuration)
    var fixes: [Fix] = []
    for _ in 0..<100 { fixes += stream.next() ?? [] }
    stream.inject(.jump)
    stream.inject(.duplicates(copies: 4))
    let jumpBatch = stream.next() ?? []
    let duplicateBatch = stream.next() ?? []
    #expect(jumpBatch.count == 1)
    #expect(duplicateBatch.count == 5, "the fix and four copies")
    #expect(stream.injected.map(\.kind) == [.jump] + Array(repeating: .duplicates, count: 4))
    #expect(stream.currentTruth?.time == configuration.startTime + Seconds(101))
    fixes += jumpBatch + duplicateBatch
    while let batch = stream.next() { fixes += batch }
    #expect(stream.isFinished)
    let run = Simulator.run(configuration)
    #expect(fixes.count == run.fixes.count + 4, "same epochs plus the four copies")
    #expect(fixes.prefix(100) == run.fixes.prefix(100), "the stream and the run agree")
    #expect(fixes.last?.coordinate == run.fixes.last?.coordinate, "faults do not shift noise")
  }

  @Test func higherRatesSampleTruthMoreOften() {
    let session = Simulator.run(
      SimulationConfiguration(activity: .walk, seed: 4, sampleInterval: Seconds(0.2)))
    let step = (session.truth[1].time - session.truth[0].time).value
    #expect(abs(step - 0.2) < 1e-6, "truth is sampled at the fix rate (times near 1.7e9 s)")
    #expect(abs(session.truthDistance.value / 3000 - 1) < 0.02)
  }
}
