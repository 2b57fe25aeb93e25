import Testing

@testable import StriderCore

/// The sensor figures `analyze` and `sessions show` print: averages that leave out what is
/// no reading (a strap without contact writes 0), Coggan's normalised power, the rows.
@Suite struct SensorFiguresTests {
  static let t0 = GNSSTime(secondsSince1970: 1_700_000_000)

  static func fix(
    _ second: Int, heartRate: Double? = nil, cadence: Double? = nil, power: Double? = nil,
    temperature: Double? = nil
  ) -> Fix {
    var fix = Fix(time: t0 + Seconds(Double(second)), coordinate: nil)
    fix.heartRate = heartRate.map(BeatsPerMinute.init)
    fix.cadence = cadence.map(RevolutionsPerMinute.init)
    fix.power = power.map(Watts.init)
    fix.temperature = temperature.map(Celsius.init)
    return fix
  }

  @Test func zerosOfAStrapOrACadenceAreNoReadingButAPowerOfZeroIs() {
    let figures = SensorFigures.of([
      Self.fix(0, heartRate: 150, cadence: 80, power: 200),
      Self.fix(1, heartRate: 0, cadence: 0, power: 0),
      Self.fix(2, heartRate: 160, cadence: 90, power: 100),
    ])
    #expect(figures.heartRateCount == 2 && figures.averageHeartRate == 155)
    #expect(figures.heartRateMax == 160)
    #expect(figures.cadenceCount == 2 && figures.averageCadence == 85)
    #expect(figures.powerCount == 3 && figures.averagePower == 100)
    #expect(figures.normalisedPower == nil, "under a minute of power")
  }

  @Test func aSteadyPowerIsItsOwnNormalisedPowerAndSurgesWeighMore() throws {
    let steady = SensorFigures.of((0..<600).map { Self.fix($0, power: 250) })
    #expect(abs(try #require(steady.normalisedPower) - 250) < 1e-9)
    // A minute hard, a minute easy: the same mean, more paid for.
    let surging = SensorFigures.of(
      (0..<600).map { Self.fix($0, power: $0 / 60 % 2 == 0 ? 400 : 100) })
    #expect(surging.averagePower == 250)
    #expect(try #require(surging.normalisedPower) > 280)
  }

  @Test func rowsAndJSONSayOnlyWhatAFixCarried() {
    let none = SensorFigures.of([Self.fix(0), Self.fix(1)])
    #expect(none.rows(onFoot: true).isEmpty)
    #expect(none.json == nil)
    let run = SensorFigures.of([
      Self.fix(0, heartRate: 150, cadence: 86, temperature: 18),
      Self.fix(1, heartRate: 158, cadence: 88, temperature: 24),
    ])
    let rows = run.rows(onFoot: true)
    #expect(rows.map(\.0) == ["heart rate", "cadence", "temperature"])
    #expect(rows[0].1 == "avg 154 bpm, max 158 bpm (2 records)")
    #expect(rows[1].1 == "avg 87 rpm (174 steps/min), max 88 rpm (2 records)")
    #expect(rows[2].1 == "18 to 24 °C, avg 21 °C")
    #expect(run.rows(onFoot: false)[1].1 == "avg 87 rpm, max 88 rpm (2 records)")
  }
}
