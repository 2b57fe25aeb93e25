import Foundation
import StriderSimulator
import Testing

@testable import StriderCore

/// What a runner hears of auto-pause: a stop found as it begins is announced at once; one
/// found late (a logger silent while its user stood, a signal gap) or right after the last
/// one ended waits `SessionEngine.pauseAnnouncementHold`, and is never announced when the
/// user moves on first. Issue 50: "Auto-paused." followed by "Resumed." 3-5 s later, 11
/// times in one urban ride recorded with smart recording.
@Suite struct PauseAnnouncementTests {
  /// 1 Hz fixes along a street at the speeds given, one per second (0: standing), with
  /// 0.5 m of white noise; the seconds in `silent` write no fix.
  static func fixes(_ speeds: [Double], silent: Range<Int> = 0..<0, seed: UInt64 = 5) -> [Fix] {
    var rng = SeededRandom(seed: seed)
    let plane = LocalTangentPlane(origin: Coordinate(latitude: 48.2, longitude: 16.37))
    var east = 0.0
    var out: [Fix] = []
    for (i, speed) in speeds.enumerated() {
      east += speed
      guard !silent.contains(i) else { continue }
      let p = PlanePoint(east: east + 0.5 * rng.gaussian(), north: 0.5 * rng.gaussian())
      out.append(
        Fix(
          time: GNSSTime(secondsSince1970: 1_750_000_000 + Double(i)),
          coordinate: plane.unproject(p), horizontalAccuracy: Meters(4), mode: .threeD,
          origin: FixOrigin(index: i)))
    }
    return out
  }

  struct Heard {
    var pauses: [(at: GNSSTime, since: GNSSTime)] = []
    var resumes: [GNSSTime] = []
    var summary: SessionSummary
  }

  static func run(_ fixes: [Fix], activity: Activity = .run) -> Heard {
    var engine = SessionPipeline(configuration: SessionConfiguration(activity: activity))
    var events: [SessionEvent] = []
    for fix in fixes { events += engine.ingest(fix) }
    let (tail, summary) = engine.finish()
    events += tail
    var heard = Heard(summary: summary)
    for event in events {
      switch event {
      case .paused(let at, let since): heard.pauses.append((at, since))
      case .resumed(let at): heard.resumes.append(at)
      default: break
      }
    }
    #expect(
      heard.summary.cues.filter { $0.trigger == .pause }.count == heard.pauses.count,
      "a cue for each pause announced")
    return heard
  }

  @Test func aStopFoundAsItBeginsIsAnnouncedAtOnce() throws {
    let heard = Self.run(
      Self.fixes(
        Array(repeating: 3, count: 60) + Array(repeating: 0, count: 40)
          + Array(repeating: 3, count: 60)))
    #expect(heard.pauses.count == 1 && heard.resumes.count == 1)
    let pause = try #require(heard.pauses.first)
    let window = AutoPauseConfiguration.defaults(for: .run).window
    #expect(
      pause.at - pause.since <= window + Seconds(3),
      "found and said \(pause.at - pause.since) after it began")
  }

  /// A logger that wrote nothing for the 30 s its runner stood: the stop shows only at the
  /// next fix, when the runner is off again. It counts as standing and is not announced.
  @Test func aStopFoundOnlyAfterTheUserLeftIsNotAnnounced() {
    let speeds =
      Array(repeating: 3.0, count: 60) + Array(repeating: 0, count: 30)
      + Array(repeating: 3, count: 60)
    let heard = Self.run(Self.fixes(speeds, silent: 61..<90))
    #expect(heard.pauses.isEmpty && heard.resumes.isEmpty, "\(heard.pauses) \(heard.resumes)")
    #expect(heard.summary.cues.allSatisfy { $0.trigger != .pause && $0.trigger != .resume })
    // The stop still counts: 120 s of running, not 150; the finishing report knows it as
    // a live stop, not as a pause announced.
    #expect(abs(heard.summary.moving.value - 120) <= 8, "moving \(heard.summary.moving.value) s")
    #expect(heard.summary.finishing?.livePauses.isEmpty == true)
    #expect(heard.summary.finishing?.liveStops?.count == 1)
  }

  /// Two stops 6 s of running apart: "Resumed." and "Auto-paused." do not come seconds
  /// apart; the second stop is said once it has held.
  @Test func aStopRightAfterAResumeIsSaidOnceItHolds() throws {
    let speeds =
      Array(repeating: 3.0, count: 60) + Array(repeating: 0, count: 30)
      + Array(repeating: 3, count: 6) + Array(repeating: 0, count: 40)
      + Array(repeating: 3, count: 60)
    let heard = Self.run(Self.fixes(speeds))
    #expect(heard.pauses.count == 2 && heard.resumes.count == 2, "\(heard.pauses) \(heard.resumes)")
    guard heard.pauses.count == 2, let resumed = heard.resumes.first else { return }
    let second = heard.pauses[1]
    let window = AutoPauseConfiguration.defaults(for: .run).window
    #expect(second.at - second.since >= window + SessionEngine.pauseAnnouncementHold - Seconds(2))
    #expect(second.at - resumed >= Seconds(10), "said \(second.at - resumed) after the resume")
  }

  /// A watch that stops writing while its wearer stands (its own auto-pause): the finished
  /// track holds the stop across the gap, as live auto-pause does, and ends it where they
  /// moved on; a session stored before the setting existed ends it at the gap.
  @Test func aStopIsHeldAcrossAGapInTheFixes() throws {
    let speeds =
      Array(repeating: 3.0, count: 120) + Array(repeating: 0.0, count: 60)
      + Array(repeating: 3.0, count: 120)
    // The watch's timer restarted: what follows is a new segment.
    let fixes = Self.fixes(speeds, silent: 130..<170).map { fix in
      var fix = fix
      if (fix.time?.secondsSince1970 ?? 0) >= 1_750_000_170 { fix.segment = 1 }
      return fix
    }
    let heard = Self.run(fixes)
    let start = 1_750_000_000.0
    let held = try #require(
      heard.summary.pauses.first {
        $0.start.secondsSince1970 - start < 135 && $0.end.secondsSince1970 - start > 165
      },
      "\(heard.summary.pauses.map { ($0.start.secondsSince1970 - start, $0.end.secondsSince1970 - start) })"
    )
    #expect(
      held.start.secondsSince1970 - start >= 118 && held.start.secondsSince1970 - start <= 128)
    #expect(held.end.secondsSince1970 - start >= 175 && held.end.secondsSince1970 - start <= 182)

    var before = SessionConfiguration(activity: .run)
    before.autoPause.holdsStopsAcrossGaps = nil
    var engine = SessionPipeline(configuration: before)
    for fix in fixes { _ = engine.ingest(fix) }
    let old = engine.finish().summary
    #expect(
      !old.pauses.contains {
        $0.start.secondsSince1970 - start < 135 && $0.end.secondsSince1970 - start > 165
      },
      "before: the gap ends the stop")
    #expect(
      old.distance.value == heard.summary.distance.value
        || abs(old.distance.value - heard.summary.distance.value) < 5)
  }
}
