import StriderCore
import StriderSimulator
import Testing

/// The finish's new-best cues: which efforts beat the history's records, the sentence, and
/// the engine saying them at the finish and keeping them in the summary's cues.
@Suite struct RecordsToBeatTests {
  static let run = Simulator.run(SimulationConfiguration(activity: .run, seed: 5, faults: .none))
  static let kilometre = BestEffortTarget.distance(1000)
  static let twentyMinutes = BestEffortTarget.duration(1200)

  static func effort(_ target: BestEffortTarget, elapsed: Double, distance: Double) -> BestEffort {
    let start = GNSSTime(secondsSince1970: 1_800_000_000)
    return BestEffort(
      target: target, start: start, end: start + Seconds(elapsed), startDistance: .zero,
      distance: Meters(distance))
  }

  @Test func lessTimeOrMoreDistanceBeatsAndAMissingRecordIsNone() {
    let records = RecordsToBeat(best: [Self.kilometre: 300, Self.twentyMinutes: 4000])
    let faster = Self.effort(Self.kilometre, elapsed: 299, distance: 1000)
    let slower = Self.effort(Self.kilometre, elapsed: 300, distance: 1000)
    let farther = Self.effort(Self.twentyMinutes, elapsed: 1200, distance: 4001)
    let fiveK = Self.effort(.distance(5000), elapsed: 1, distance: 5000)
    #expect(
      records.beaten(by: [farther, faster], activity: .ride) == [faster, farther], "targets' order")
    #expect(records.beaten(by: [slower], activity: .ride).isEmpty, "a tie beats nothing")
    #expect(records.beaten(by: [fiveK], activity: .ride).isEmpty, "no 5 km record: nothing to beat")
  }

  /// World records bound what a session can beat: a run's kilometre in 2:10 (the record
  /// is 2:11.96) or a ride's 20 minutes at 60 km/h is a misread session, no new best.
  @Test func anEffortBeyondAnyPersonsBeatsNothing() {
    let records = RecordsToBeat(best: [Self.kilometre: 300, Self.twentyMinutes: 4000])
    let impossibleRun = Self.effort(Self.kilometre, elapsed: 130, distance: 1000)
    let eliteRun = Self.effort(Self.kilometre, elapsed: 132, distance: 1000)
    #expect(records.beaten(by: [impossibleRun], activity: .run).isEmpty)
    #expect(records.beaten(by: [eliteRun], activity: .run) == [eliteRun])
    let car = Self.effort(Self.twentyMinutes, elapsed: 1200, distance: 20_000)
    let rider = Self.effort(Self.twentyMinutes, elapsed: 1200, distance: 15_000)
    #expect(records.beaten(by: [car], activity: .ride).isEmpty)
    #expect(records.beaten(by: [rider], activity: .ride) == [rider])
    // A walk is held to race walking's records, a swim to swimming's.
    #expect(
      !HumanLimits.allows(
        Self.effort(Self.kilometre, elapsed: 180, distance: 1000), activity: .walk))
    #expect(
      HumanLimits.allows(Self.effort(Self.kilometre, elapsed: 180, distance: 1000), activity: .run))
    #expect(
      !HumanLimits.allows(Self.effort(.distance(400), elapsed: 200, distance: 400), activity: .swim)
    )
    #expect(HumanLimits.best(.distance(1000), activity: .drive) == nil)
  }

  /// A sustained effort beyond any person's (a kilometre or longer) says the session is
  /// misread as a whole: a ride kept as a run beats no run record, not even over a distance
  /// where it stays short of the world record. A short one alone is a jump, left out alone.
  @Test func aSessionMisreadAsAWholeBeatsNothing() {
    let records = RecordsToBeat(best: [Self.kilometre: 300, .distance(10_000): 3000])
    let kilometre = Self.effort(Self.kilometre, elapsed: 130, distance: 1000)
    let tenK = Self.effort(.distance(10_000), elapsed: 1646, distance: 10_000)
    #expect(HumanLimits.allows(tenK, activity: .run), "27:26 is short of the record")
    #expect(records.beaten(by: [kilometre, tenK], activity: .run).isEmpty)
    #expect(records.beaten(by: [tenK], activity: .run) == [tenK])
    let jump = Self.effort(.distance(400), elapsed: 30, distance: 400)
    #expect(!jump.target.isSustained && Self.kilometre.isSustained)
    #expect(records.beaten(by: [jump, tenK], activity: .run) == [tenK])
  }

  @Test func sentencesSpellTheFigure() {
    #expect(
      RecordsToBeat.sentence(
        Self.effort(.distance(5000), elapsed: 1453, distance: 5000), units: .metric)
        == "New best 5 kilometres: 24 minutes 13 seconds.")
    #expect(
      RecordsToBeat.sentence(
        Self.effort(Self.twentyMinutes, elapsed: 1200, distance: 4828), units: .imperial)
        == "New best 20 minutes: 3 miles.")
  }

  static func finish(_ records: RecordsToBeat) -> ([SessionEvent], SessionSummary) {
    var pipeline = SessionPipeline(
      configuration: SessionConfiguration(activity: .run),
      options: .init(recordsToBeat: records))
    for fix in run.fixes { _ = pipeline.ingest(fix) }
    return pipeline.finish()
  }

  @Test func theFinishSaysEachRecordBeatenAfterTheFinishCue() {
    let (events, summary) = Self.finish(
      RecordsToBeat(best: [Self.kilometre: 3600, .distance(400): 1]))
    let cues = events.compactMap { event -> Cue? in
      if case .cue(let cue) = event { return cue }
      return nil
    }
    #expect(cues.suffix(2).map(\.trigger) == [.finish, .record])
    let said = cues.last?.text ?? ""
    #expect(said.hasPrefix("New best 1 kilometre: ") && said.hasSuffix(" seconds."), "\(said)")
    #expect(summary.cues.last == cues.last, "the summary keeps the cue")
    let plain = Self.finish(RecordsToBeat())
    #expect(!plain.1.cues.contains { $0.trigger == .record })
    #expect(plain.1.distance == summary.distance, "the records change no figure")
  }

  /// The search reads the finished track's times and distances, kept for it alone (not the
  /// whole track, 140 MB more on a million fixes): it finds what a search of the track kept
  /// in full finds, and the track itself is not kept.
  @Test func theRecordsSearchFindsWhatTheWholeTrackGives() {
    var whole = SessionPipeline(
      configuration: SessionConfiguration(activity: .run),
      options: .init(keepsFinishedTrack: true))
    for fix in Self.run.fixes { _ = whole.ingest(fix) }
    _ = whole.finish()
    let records = RecordsToBeat(best: [Self.kilometre: 3600, .distance(400): 3600])
    let expected = records.beaten(
      by: BestEfforts.of(whole.engine.finishedTrack, activity: .run), activity: .run
    )
    .map { RecordsToBeat.sentence($0, units: .metric) }

    var pipeline = SessionPipeline(
      configuration: SessionConfiguration(activity: .run),
      options: .init(recordsToBeat: records))
    for fix in Self.run.fixes { _ = pipeline.ingest(fix) }
    let (_, summary) = pipeline.finish()
    let said = summary.cues.filter { $0.trigger == .record }.map(\.text)
    #expect(expected.count == 2 && said == expected, "\(said) against \(expected)")
    #expect(pipeline.engine.finishedTrack.isEmpty, "only the times and distances were kept")
  }
}
