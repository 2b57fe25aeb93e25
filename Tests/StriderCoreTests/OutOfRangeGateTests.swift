import Testing

@testable import StriderCore

/// Numbers no receiver means are `out_of_range` at the gate, so no writer, smoother or
/// summary sees them; real extremes pass.
@Suite struct OutOfRangeGateTests {
  /// A field of a fix and a value to put in it.
  struct Case: Sendable, CustomStringConvertible {
    var field: String
    var value: Double

    var description: String { "\(field) = \(value)" }

    func apply(to fix: inout Fix) {
      switch field {
      case "altitude": fix.altitude = Meters(value)
      case "speed": fix.speed = MetersPerSecond(value)
      case "course": fix.course = Degrees(value)
      case "verticalAccuracy": fix.verticalAccuracy = Meters(value)
      default: fix.hdop = value
      }
    }
  }

  static let hostile: [Case] =
    [1e19, -1e19, 100_001, -1001, .nan, .infinity].map { Case(field: "altitude", value: $0) }
    + [1e308, 516, -1e308, .nan, -.infinity].map { Case(field: "speed", value: $0) }
    + [1e300, .nan, 721, -361].map { Case(field: "course", value: $0) }
    + [.nan, .infinity, -1].map { Case(field: "verticalAccuracy", value: $0) }
    + [.nan, -.infinity, -0.5].map { Case(field: "hdop", value: $0) }

  static let real: [Case] =
    [-430, 8849, 41_000, 0].map { Case(field: "altitude", value: $0) }
    + [0, 12.4, 300, -0.0].map { Case(field: "speed", value: $0) }
    + [0, 359.9, 360, -180].map { Case(field: "course", value: $0) }
    + [0, 2.5, 500].map { Case(field: "verticalAccuracy", value: $0) }
    + [0.6, 99.99].map { Case(field: "hdop", value: $0) }

  @Test(arguments: hostile)
  func aNumberNoReceiverMeansIsOutOfRange(_ hostile: Case) {
    var fixes = straightRun(count: 30)
    hostile.apply(to: &fixes[15])
    let v = verdicts(judge(fixes))
    #expect(v[15] == .rejected(.outOfRange))
    #expect(v.filter { $0.key != 15 }.values.allSatisfy { $0 == .accepted })
  }

  @Test(arguments: real)
  func realExtremesPass(_ real: Case) {
    var fixes = straightRun(count: 30)
    real.apply(to: &fixes[15])
    #expect(verdicts(judge(fixes))[15] == .accepted)
  }

  /// `--no-filter` keeps its raw length: no check is on, this one neither.
  @Test func theRawSessionTakesItAsItCame() {
    var fixes = straightRun(count: 30)
    fixes[15].altitude = Meters(1e19)
    #expect(verdicts(judge(fixes, .passThrough))[15] == .accepted)
  }

  @Test func theFilterLabDoesNotSwitchIt() {
    #expect(RejectionReason.switchable.count == 9)
    #expect(!RejectionReason.switchable.contains(.outOfRange))
    #expect(RejectionReason.allCases.last == .outOfRange)
  }
}
