import StriderSimulator
import Testing

@testable import StriderCore

/// A ride's calories from its power meter (`PowerEnergy`), live and finished alike.
@Suite struct PowerEnergyTests {
  static let t0 = GNSSTime(secondsSince1970: 1_700_000_000)

  @Test func workIsHeldPowerOverTimeAndAGapCountsTenSeconds() {
    var energy = PowerEnergy()
    for second in 0..<60 {
      energy.add(time: Self.t0 + Seconds(Double(second)), power: Watts(200))
    }
    // A minute's signal lost: only ten seconds of it count.
    energy.add(time: Self.t0 + Seconds(119), power: Watts(200))
    energy.add(time: Self.t0 + Seconds(119), power: Watts(900))  // not later: nothing
    #expect(energy.joules == 200 * 59 + 200 * 10)
    let kcal = try? #require(energy.kilocalories)
    #expect(abs((kcal?.value ?? 0) - energy.joules / 1000) < 1e-9, "a kilojoule, a kilocalorie")
  }

  @Test func aMeterThatMissedMoreThanATenthStandsInForNothing() {
    var energy = PowerEnergy()
    for second in 0..<100 {
      energy.add(time: Self.t0 + Seconds(Double(second)), power: second < 85 ? Watts(150) : nil)
    }
    #expect(energy.kilocalories == nil)
    var short = PowerEnergy()
    for second in 0..<20 { short.add(time: Self.t0 + Seconds(Double(second)), power: Watts(150)) }
    #expect(short.kilocalories == nil, "twenty fixes say too little")
  }

  /// A simulated ride with a meter on every fix: the summary and the live figures say the
  /// meter's calories; a run with the same power keeps its speed's (running power is no
  /// pedal work).
  @Test func aRidesCaloriesAreItsMetersLiveAndFinished() {
    let ride = Simulator.powered(activity: .ride, watts: 180)
    var engine = SessionPipeline(configuration: SessionConfiguration(activity: .ride))
    var live: Kilocalories?
    for fix in ride {
      _ = engine.ingest(fix)
      live = engine.engine.snapshot.calories
    }
    let summary = engine.finish().summary
    var meter = PowerEnergy()
    for fix in ride { meter.add(time: fix.time, power: fix.power) }
    let expected = meter.kilocalories
    #expect(expected != nil && summary.calories == expected)
    // Live, the fixes the gate still holds (its reorder window) are not counted yet.
    let behind = (expected?.value ?? 0) - (live?.value ?? 0)
    #expect(behind >= 0 && behind < 180 * 30 / 4184.0, "said live as it will finish: \(behind)")
    let bySpeed = SessionRecorder.record(
      fixes: ride.map {
        var f = $0; f.power = nil; return f
      },
      configuration: SessionConfiguration(activity: .ride)
    ).summary?.calories
    #expect(bySpeed != expected)
    let run = SessionRecorder.record(
      fixes: ride, configuration: SessionConfiguration(activity: .run)
    ).summary?.calories
    let runBySpeed = SessionRecorder.record(
      fixes: ride.map {
        var f = $0; f.power = nil; return f
      },
      configuration: SessionConfiguration(activity: .run)
    ).summary?.calories
    #expect(run == runBySpeed)
  }
}

extension Simulator {
  /// A 2 km simulated session whose every fix carries `watts`.
  static func powered(activity: Activity, watts: Double) -> [Fix] {
    Simulator.run(
      SimulationConfiguration(activity: activity, seed: 7, routeLength: Meters(2000))
    ).fixes.map { fix in
      var fix = fix
      fix.power = Watts(watts)
      return fix
    }
  }
}
