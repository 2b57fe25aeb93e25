import StriderCore
import Testing

@testable import StriderSimulator

/// The motion detector against simulated days: one session per true move, each starting
/// and ending within a minute of the truth, none while standing, gaps kept as gaps.
struct MotionDetectorTests {
  /// A session the detector found: its start, end and fixes.
  struct Found {
    var start: GNSSTime
    var end: GNSSTime?
    var fixes: [Fix] = []
  }

  static func sessions(
    _ fixes: [Fix], configuration: MotionDetectorConfiguration = .standard
  ) -> [Found] {
    var detector = MotionDetector(configuration: configuration)
    var found: [Found] = []
    func take(_ events: [MotionEvent]) {
      for event in events {
        switch event {
        case .sessionStarted(let t): found.append(Found(start: t))
        case .sessionFix(let f): found[found.count - 1].fixes.append(f)
        case .sessionEnded(let t): found[found.count - 1].end = t
        }
      }
    }
    for fix in fixes { take(detector.add(fix)) }
    take(detector.finish())
    return found
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
  func oneSessionPerMoveWithinAMinuteOfTheTruth(seed: UInt64) throws {
    let day = SimulatedDay(configuration: SimulatedDayConfiguration(seed: seed, compressed: true))
    let found = Self.sessions(day.fixes)
    try #require(found.count == day.story.moves.count, "\(found.map { ($0.start, $0.end) })")
    for (session, move) in zip(found, day.story.moves) {
      let end = try #require(session.end)
      #expect(abs((session.start - move.start).value) <= 60, "\(move.mode) start")
      #expect(abs((end - move.end).value) <= 60, "\(move.mode) end")
      #expect(session.fixes.allSatisfy { ($0.time ?? end) <= end }, "nothing after the end")
      #expect(session.fixes.first?.time == session.start)
    }
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func withoutAReportedSpeedTheStepsBetweenFixesServe(seed: UInt64) throws {
    // A watch's GPX: positions and times, no Doppler speed.
    let day = SimulatedDay(configuration: SimulatedDayConfiguration(seed: seed, compressed: true))
    let fixes = day.fixes.map { fix -> Fix in
      var f = fix
      f.speed = nil
      return f
    }
    let found = Self.sessions(fixes)
    try #require(found.count == day.story.moves.count, "\(found.map { ($0.start, $0.end) })")
    for (session, move) in zip(found, day.story.moves) {
      #expect(abs((session.start - move.start).value) <= 60, "\(move.mode) start")
      #expect(abs(((session.end ?? session.start) - move.end).value) <= 60, "\(move.mode) end")
    }
  }

  @Test(arguments: [11, 12, 13] as [UInt64])
  func aWholeDayGivesThreeSessions(seed: UInt64) throws {
    let day = SimulatedDay(configuration: SimulatedDayConfiguration(seed: seed))
    let found = Self.sessions(day.fixes)
    try #require(found.count == 3)
    for (session, move) in zip(found, day.story.moves) {
      #expect(abs((session.start - move.start).value) <= 60)
      #expect(abs(((session.end ?? session.start) - move.end).value) <= 60)
    }
  }

  @Test(arguments: [21, 22, 23, 24] as [UInt64])
  func driftingIndoorsForHoursStartsNothing(seed: UInt64) {
    // The worse indoor receiver: σ 10 m wandering over two minutes, Doppler noise 0.4 m/s.
    let indoor = ErrorModel(
      correlatedSigma: Meters(10), correlationTime: Seconds(120), whiteSigma: Meters(3),
      urbanCanyonCount: 0...0, speedSigma: MetersPerSecond(0.4))
    let day = SimulatedDay(
      configuration: SimulatedDayConfiguration(seed: seed, indoorErrorModel: indoor))
    let office = day.story.places[2]
    let standing = day.fixes.filter { f in
      f.time.map { $0 >= office.start && $0 <= office.end } ?? false
    }
    #expect(standing.count > 8 * 3600 - 10)
    #expect(Self.sessions(standing).isEmpty)
    // Nor from positions alone, without the receiver's speed.
    let unspeeded = standing.map { fix -> Fix in
      var f = fix
      f.speed = nil
      return f
    }
    #expect(Self.sessions(unspeeded).isEmpty)
  }

  @Test func anOutageAtTheOfficeLosesNoSessionAndInventsNone() throws {
    let plain = SimulatedDay(configuration: SimulatedDayConfiguration(compressed: true))
    let arrival = plain.story.places[2].start - plain.story.places[0].start
    let outage = SimulatedDayConfiguration.Outage(
      start: arrival + Seconds(120), duration: Seconds(600))
    let day = SimulatedDay(
      configuration: SimulatedDayConfiguration(compressed: true, outage: outage))
    let window = try #require(day.outage)
    let office = day.story.places[2]
    #expect(office.start < window.lowerBound && window.upperBound < office.end)
    let found = Self.sessions(day.fixes)
    #expect(found.count == 3)
  }

  @Test func anOutageDuringTheDriveIsAGapInOneSession() throws {
    let plain = SimulatedDay(configuration: SimulatedDayConfiguration(compressed: true))
    let drive = plain.story.moves[1]
    let start = (drive.start - plain.story.places[0].start) + Seconds(100)
    let day = SimulatedDay(
      configuration: SimulatedDayConfiguration(
        compressed: true, outage: .init(start: start, duration: Seconds(120))))
    let found = Self.sessions(day.fixes)
    try #require(found.count == 3)
    let segments = Set(found[1].fixes.map(\.segment))
    #expect(segments == [0, 1], "the outage splits the drive into two segments")
    #expect(Set(found[0].fixes.map(\.segment)) == [0])
  }

  @Test func aSourceRestartWhileStandingIsNoMove() {
    let day = SimulatedDay(configuration: SimulatedDayConfiguration(compressed: true))
    let office = day.story.places[2]
    var fixes = day.fixes.filter { f in
      f.time.map { $0 >= office.start && $0 <= office.end } ?? false
    }
    for i in fixes.indices where i > fixes.count / 2 { fixes[i].segment = 1 }
    #expect(Self.sessions(fixes).isEmpty)
  }

  @Test func stoppingMidSessionEndsItAtTheLastMovingFix() throws {
    let day = SimulatedDay(configuration: SimulatedDayConfiguration(compressed: true))
    let drive = day.story.moves[1]
    let cut = drive.start + Seconds(200)
    let found = Self.sessions(day.fixes.filter { ($0.time ?? cut) < cut })
    try #require(found.count == 2)
    let end = try #require(found[1].end)
    #expect((cut - end).value <= 2)
  }

  @Test func fixesWithoutAPositionNeitherStartNorEndASession() throws {
    let day = SimulatedDay(configuration: SimulatedDayConfiguration(compressed: true))
    var fixes = day.fixes
    // Every tenth fix a no-fix report, a cell-tower fix or one with a 500 m accuracy.
    for i in stride(from: 0, to: fixes.count, by: 10) {
      switch i / 10 % 3 {
      case 0:
        fixes[i].mode = .noFix
        fixes[i].coordinate = nil
      case 1: fixes[i].provider = .network
      default: fixes[i].horizontalAccuracy = Meters(500)
      }
    }
    let found = Self.sessions(fixes)
    try #require(found.count == 3)
    let inSessions = found.reduce(0) { $0 + $1.fixes.count }
    #expect(found.allSatisfy { $0.fixes.contains { $0.coordinate == nil } }, "kept for the gate")
    #expect(inSessions < fixes.count / 2)
  }
}
