import Foundation
import StriderSimulator
import Testing

@testable import StriderCore

@Suite struct SessionEngineTests {
  static func run(_ fixes: [Fix], _ configuration: SessionConfiguration) -> (
    events: [SessionEvent], summary: SessionSummary
  ) {
    var engine = SessionPipeline(configuration: configuration)
    var events: [SessionEvent] = []
    for f in fixes { events += engine.ingest(f) }
    let (tail, summary) = engine.finish()
    return (events + tail, summary)
  }

  @Test func aCleanSimulatedRunSpeaksEveryKilometreAndEveryFiveMinutes() {
    let session = Simulator.run(SimulationConfiguration(activity: .run, seed: 4, faults: .none))
    let (events, summary) = Self.run(session.fixes, SessionConfiguration(activity: .run))
    let cues = events.compactMap { if case .cue(let c) = $0 { c } else { nil } }
    let distanceCues = cues.filter { $0.trigger == .distance }
    #expect(distanceCues.count == 5, "a 6 km run crosses 5 kilometre marks")
    #expect(distanceCues.first?.text.hasPrefix("Distance 1 kilometre. Time ") == true)
    #expect(distanceCues.first?.text.contains("per kilometre.") == true)
    let minutes = Int(summary.moving.value / 300)
    #expect(cues.filter { $0.trigger == .time }.count == minutes)
    #expect(cues.last?.trigger == .finish)
    #expect(summary.splits.count == 6 && summary.splits.last?.isPartial == true)
    // Without faults, only street-canyon fixes the receiver itself rates worse than 40 m.
    #expect(summary.rejected.keys.allSatisfy { $0 == .lowAccuracy })
    #expect(
      abs(summary.distance.value - session.truthDistance.value) / session.truthDistance.value < 0.01
    )
  }

  @Test func theSameFixesGiveTheSameCuesWhateverTheReplaySpeed() {
    // The engine has no clock of its own: only fix times matter. Feeding the fixes one by
    // one, or all from a finished list, must give identical events.
    let session = Simulator.run(SimulationConfiguration(activity: .walk, seed: 9, faults: .all))
    let once = Self.run(session.fixes, SessionConfiguration(activity: .walk))
    let again = Self.run(session.fixes, SessionConfiguration(activity: .walk))
    #expect(once.events == again.events)
    #expect(once.summary == again.summary)
  }

  @Test func aSignalLossIsAnnouncedAndNoDistanceIsInventedAcrossASegmentBreak() {
    var fixes = straightRun(count: 120)
    // 40 s without fixes in the middle (a tunnel), then the run goes on.
    fixes.removeSubrange(50..<90)
    let (events, _) = Self.run(fixes, SessionConfiguration(activity: .run))
    #expect(events.contains { if case .signalLost = $0 { true } else { false } })
    #expect(events.contains { if case .signalRegained = $0 { true } else { false } })
    let texts = events.compactMap { if case .cue(let c) = $0 { c.text } else { nil } }
    #expect(texts.contains("GPS signal lost.") && texts.contains("GPS signal regained."))

    // A new segment far away is a gap, not a straight line.
    var segmented = straightRun(count: 60)
    let plane = LocalTangentPlane(origin: segmented[59].coordinate!)
    for i in 30..<60 {
      segmented[i].segment = 1
      segmented[i].coordinate = plane.unproject(PlanePoint(east: 5000, north: 3 * Double(i)))
    }
    let summary = Self.run(segmented, SessionConfiguration(activity: .run)).summary
    #expect(summary.distance.value < 200, "no line drawn across the segment break")
  }

  @Test func fixesWithoutTimeStillHaveADistance() {
    var fixes = straightRun(count: 50)
    for i in fixes.indices { fixes[i].time = nil }
    let summary = Self.run(fixes, SessionConfiguration(activity: .walk)).summary
    #expect(abs(summary.distance.value - 147) < 1)
    #expect(summary.elapsed == .zero && summary.moving == .zero)
    #expect(summary.pointsAccepted == 50)
  }

  @Test func hostileFixStreamsNeverCrashAndStayFinite() {
    var rng = SeededRandom(seed: 99)
    var fixes: [Fix] = []
    let weird: [Double] = [.nan, .infinity, -.infinity, 91, -1e300, 1e-300, 0]
    for i in 0..<3000 {
      var f = straightRun(count: 1, start: GNSSTime(secondsSince1970: 1_700_000_000 + Double(i)))[0]
      switch rng.integer(in: 0...9) {
      case 0: f.coordinate = Coordinate(latitude: weird[i % weird.count], longitude: 10)
      case 1: f.time = f.time! - Seconds(Double(rng.integer(in: 0...100)) * 31_536_000)
      case 2: f.horizontalAccuracy = Meters(weird[i % weird.count])
      case 3: f.speed = MetersPerSecond(weird[i % weird.count])
      case 4: f.time = GNSSTime(secondsSince1970: weird[i % weird.count])
      default: break
      }
      fixes.append(f)
      if i % 500 == 0 { fixes += Array(repeating: f, count: 2000) }
    }
    for activity in Activity.allCases {
      let summary = Self.run(fixes, SessionConfiguration(activity: activity)).summary
      #expect(summary.distance.isFinite && summary.moving.isFinite && summary.elapsed.isFinite)
      #expect(summary.pointsIn == fixes.count)
      #expect(summary.pointsAccepted + summary.rejected.values.reduce(0, +) == fixes.count)
    }
  }

  @Test func theRawModeCountsEveryStepWithinSegments() {
    var fixes = straightRun(count: 30)
    fixes[10].coordinate = LocalTangentPlane(origin: fixes[10].coordinate!)
      .unproject(PlanePoint(east: 1000, north: 0))
    let summary = Self.run(fixes, .raw(activity: .run)).summary
    #expect(summary.rejected.isEmpty)
    #expect(summary.distance.value > 2000, "the jump is part of the raw length")
  }
}

@Suite struct ReportTests {
  @Test func jsonEscapesWhatItMust() {
    let value = JSONValue.object([
      JSONMember("name", .string("a \"quoted\", comma\nnew line\u{01}\\")),
      JSONMember("n", .number(1.5)), JSONMember("i", .number(3)), JSONMember("nan", .number(.nan)),
    ])
    #expect(
      value.serialized
        == #"{"name":"a \"quoted\", comma\nnew line\u0001\\","n":1.5,"i":3,"nan":null}"#)
  }

  @Test(arguments: [
    (0.0, "1970-01-01T00:00:00Z"), (951_782_400, "2000-02-29T00:00:00Z"),
    (1_714_807_800.25, "2024-05-04T07:30:00.250Z"), (-86_400, "1969-12-31T00:00:00Z"),
    (4_107_542_399, "2100-02-28T23:59:59Z"),
  ])
  func timesPrintAsRFC3339(seconds: Double, text: String) {
    #expect(GNSSTime(secondsSince1970: seconds).iso8601 == text)
  }

  /// The text written without a `String` (`writeISO8601`) is the padded civil fields, for
  /// times before year 1 and after 9999 too.
  @Test func timesPrintAsTheirPaddedCivilFields() {
    func padded(_ value: Int, _ width: Int) -> String {
      let digits = String(value.magnitude)
      return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count))
        + digits
    }
    var seconds: [Double] = [-62_135_596_800, -62_135_596_801, -1e14, 1e14, 253_402_300_800, 0.001]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2_000 { seconds.append(Double.random(in: -1e13...1e13, using: &generator)) }
    for s in seconds {
      let c = GNSSTime(secondsSince1970: s).civil
      var text = "\(padded(c.year, 4))-\(padded(c.month, 2))-\(padded(c.day, 2))T"
      text += "\(padded(c.hour, 2)):\(padded(c.minute, 2)):\(padded(c.second, 2))"
      if c.millisecond != 0 { text += ".\(padded(c.millisecond, 3))" }
      #expect(GNSSTime(secondsSince1970: s).iso8601 == text + "Z", "\(s)")
    }
  }

  @Test func civilFieldsRoundTrip() {
    let t = GNSSTime(year: 2024, month: 2, day: 29, hour: 23, minute: 59, second: 59.5)
    #expect(t?.iso8601 == "2024-02-29T23:59:59.500Z")
    #expect(GNSSTime(year: 2023, month: 2, day: 29) == nil)
    #expect(GNSSTime(year: 2024, month: 13, day: 1) == nil)
  }
}
