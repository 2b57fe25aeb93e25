import StriderSimulator
import StriderSources
import Testing

@testable import StriderCore

/// The headless printer writes its most frequent lines straight as bytes
/// (`HeadlessEvents.write`): each must be the text of the event's JSON value.
@Suite("Headless event lines")
struct HeadlessEventsTests {
  static func expectSameText(
    _ event: RunnerEvent, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var bytes: [UInt8] = []
    let wrote = HeadlessEvents.write(event, source: "run.gpx", to: &bytes)
    let json = HeadlessEvents.json(event, source: "run.gpx")
    #expect(wrote == (json != nil), sourceLocation: sourceLocation)
    #expect(
      String(decoding: bytes, as: UTF8.self) == (json?.serialized ?? ""),
      sourceLocation: sourceLocation)
  }

  @Test func everyLineOfAReplayIsItsJSONText() {
    let simulated = Simulator.run(
      SimulationConfiguration(activity: .run, seed: 8, faults: .all, routeLength: Meters(5_000)))
    var runner = SessionRunner(
      configuration: SessionConfiguration(activity: .run), reportsPoints: false)
    var events: [RunnerEvent] = []
    for fix in simulated.fixes { events += runner.handle(.fix(fix)) }
    events += runner.finish().events
    #expect(events.contains { if case .verdicts = $0 { true } else { false } })
    #expect(events.contains { if case .session(.split) = $0 { true } else { false } })
    #expect(events.contains { if case .session(.cue) = $0 { true } else { false } })
    for event in events { Self.expectSameText(event) }
  }

  @Test func oddValuesAreWrittenAsTheirJSONText() {
    let t = GNSSTime(secondsSince1970: 1_714_807_800.25)
    Self.expectSameText(.verdicts(time: nil, accepted: 0, rejected: [:]))
    Self.expectSameText(
      .verdicts(time: t, accepted: 59, rejected: [.lowAccuracy: 2, .stale: 1, .duplicate: 0]))
    Self.expectSameText(
      .session(.cue(Cue(time: t, trigger: .distance, text: "a \"quoted\" cue\n\u{2028} é"))))
    for pace in [Double.nan, .infinity, 0, 361.23456] {
      Self.expectSameText(
        .session(
          .split(
            Split(
              index: 12_345, distance: Meters(999.999), duration: Seconds(-3.14159),
              pace: Pace(pace), elevationGain: nil,
              endTime: GNSSTime(secondsSince1970: -1e13), isPartial: true))))
    }
    Self.expectSameText(.session(.signalLost(at: GNSSTime(secondsSince1970: .nan))))
    Self.expectSameText(
      .session(.judged(JudgedFix(fix: Fix(time: t, coordinate: nil), verdict: .accepted))))
  }
}
