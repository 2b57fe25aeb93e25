import StriderSimulator
import Testing

@testable import StriderCore

/// Calories from a heart rate for a known person (`HeartRateEnergy`, Keytel et al. 2005),
/// and which source the engine takes.
@Suite struct HeartRateEnergyTests {
  static let t0 = GNSSTime(secondsSince1970: 1_700_000_000)

  @Test func keytelsEquationsForAManAndAWoman() {
    let man = HeartRateEnergy(person: PersonProfile(age: 35, sex: .male), weight: Kilograms(70))
    #expect(abs(man.kilojoulesPerMinute(at: 154) - 63.0372) < 1e-4)
    let woman = HeartRateEnergy(
      person: PersonProfile(age: 35, sex: .female), weight: Kilograms(60))
    #expect(abs(woman.kilojoulesPerMinute(at: 150) - 41.6898) < 1e-4)
    #expect(woman.kilojoulesPerMinute(at: 20) == 0, "never below zero")
  }

  @Test func aMinuteAtOneRateIsItsEquationsMinute() throws {
    var energy = HeartRateEnergy(person: PersonProfile(age: 40, sex: .male), weight: Kilograms(75))
    for second in 0...60 {
      energy.add(time: Self.t0 + Seconds(Double(second)), heartRate: BeatsPerMinute(140))
    }
    let kcal = try #require(energy.kilocalories)
    #expect(abs(kcal.value - energy.kilojoulesPerMinute(at: 140) / 4.184) < 1e-9)
    var sparse = HeartRateEnergy(person: PersonProfile(age: 40, sex: .male), weight: Kilograms(75))
    for second in 0..<100 {
      sparse.add(
        time: Self.t0 + Seconds(Double(second)),
        heartRate: second % 5 == 0 ? nil : BeatsPerMinute(140))
    }
    #expect(sparse.kilocalories == nil, "a strap that missed a fifth stands in for nothing")
  }

  /// A simulated run with a heart rate on every fix: the person known, its calories are the
  /// heart rate's and say so; unknown, the speed's; a ride's power meter comes first.
  @Test func theEngineTakesPowerThenHeartRateThenSpeed() {
    let run = Simulator.run(
      SimulationConfiguration(activity: .run, seed: 8, routeLength: Meters(2000))
    ).fixes.map { fix in
      var fix = fix
      fix.heartRate = BeatsPerMinute(150)
      return fix
    }
    let person = PersonProfile(age: 30, sex: .female)
    var known = SessionConfiguration(activity: .run)
    known.person = person
    let byHeart = SessionRecorder.record(fixes: run, configuration: known).summary
    var expected = HeartRateEnergy(person: person, weight: Kilograms(70))
    for fix in run { expected.add(time: fix.time, heartRate: fix.heartRate) }
    #expect(byHeart?.caloriesSource == .heartRate)
    #expect(abs((byHeart?.calories.value ?? 0) - (expected.kilocalories?.value ?? -1)) < 1e-6)
    let bySpeed = SessionRecorder.record(
      fixes: run, configuration: SessionConfiguration(activity: .run)
    ).summary
    #expect(bySpeed?.caloriesSource == .speed && bySpeed?.calories != byHeart?.calories)

    var ride = SessionConfiguration(activity: .ride)
    ride.person = person
    let powered = run.map { fix in
      var fix = fix
      fix.power = Watts(180)
      return fix
    }
    #expect(
      SessionRecorder.record(fixes: powered, configuration: ride).summary?.caloriesSource == .power)
    #expect(
      SessionRecorder.record(fixes: powered, configuration: ride.measured(as: .walk)).summary?
        .caloriesSource == .heartRate, "a walk's power is no pedal work; the person goes with it")
  }
}
