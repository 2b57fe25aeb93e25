import StriderCore
import Testing

/// What a device counted before its first position and after its last, from the running
/// distance its records carry.
@Suite struct DeviceDistanceSpanTests {
  static func fix(_ distance: Double?, positioned: Bool) -> Fix {
    Fix(
      time: nil, coordinate: positioned ? Coordinate(latitude: 47.5, longitude: 19.05) : nil,
      deviceDistance: distance.map(Meters.init))
  }

  @Test func countsWhatLiesBeforeTheFirstAndAfterTheLastPosition() {
    var span = DeviceDistanceSpan()
    for (distance, positioned) in [
      (0.0, false), (120, false), (150, true), (900, true), (905, false), (960, false),
    ] {
      span.add(Self.fix(distance, positioned: positioned))
    }
    #expect(span.outsidePositions == Meters(150 + 60))
  }

  @Test func recordsWithoutADistanceCountNothing() {
    var span = DeviceDistanceSpan()
    #expect(span.outsidePositions == nil)
    span.add(Self.fix(nil, positioned: false))
    span.add(Self.fix(nil, positioned: true))
    #expect(span.outsidePositions == nil)
  }

  @Test func noPositionAtAllIsAllOutside() {
    var span = DeviceDistanceSpan()
    span.add(Self.fix(10, positioned: false))
    span.add(Self.fix(250, positioned: false))
    #expect(span.outsidePositions == Meters(240))
  }

  @Test func aCounterThatWentBackCountsNothing() {
    var span = DeviceDistanceSpan()
    span.add(Self.fix(500, positioned: false))
    span.add(Self.fix(10, positioned: true))
    span.add(Self.fix(400, positioned: true))
    span.add(Self.fix(5, positioned: false))
    #expect(span.outsidePositions == Meters(0))
  }

  @Test func thePositionedDistanceLeavesItOut() {
    var totals = DeviceTotals(
      distance: Meters(88797.21), timerTime: nil, elapsedTime: nil, parts: 1,
      partName: "session")
    #expect(totals.positionedDistance == Meters(88797.21))
    totals.unpositionedDistance = Meters(3421.52)
    #expect(abs((totals.positionedDistance?.value ?? 0) - 85375.69) < 1e-6)
  }
}
