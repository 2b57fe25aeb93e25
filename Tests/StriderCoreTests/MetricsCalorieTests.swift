import StriderCore
import Testing

/// `CalorieModel` against hand-computed ACSM and Compendium figures (gross, 5 kcal/L O₂).
struct MetricsCalorieTests {
  let weight = Kilograms(70)

  @Test("Running 10 km/h for an hour, 70 kg: ACSM running equation")
  func runningHour() {
    // v = 10000/60 = 166.7 m/min; VO2 = 0.2·166.7 + 3.5 = 36.8 ml/kg/min;
    // 36.8 · 70 · 60 / 1000 = 154.7 L O2; × 5 kcal/L ≈ 773 kcal gross.
    let kcal =
      CalorieModel.rate(
        activity: .run, speed: MetersPerSecond(10 / 3.6), grade: 0, weight: weight) * 3600
    #expect(abs(kcal - 773.5) < 0.5, "hand value rounds v to 166.7 m/min")
  }

  @Test("Walking 5 km/h for an hour, 70 kg: ACSM walking equation")
  func walkingHour() {
    // v = 83.3 m/min; VO2 = 0.1·83.3 + 3.5 = 11.83; 11.83 · 70 · 60 / 1000 · 5 ≈ 248.5 kcal.
    let kcal =
      CalorieModel.rate(activity: .walk, speed: MetersPerSecond(5 / 3.6), grade: 0, weight: weight)
      * 3600
    #expect(abs(kcal - 248.5) < 0.1)
  }

  @Test("A runner below 1.9 m/s is walking; grade adds, downhill counts as level")
  func equationChoiceAndGrade() {
    let slow = MetersPerSecond(1.5)
    #expect(
      CalorieModel.rate(activity: .run, speed: slow, grade: 0, weight: weight)
        == CalorieModel.rate(activity: .walk, speed: slow, grade: 0, weight: weight))
    let v = MetersPerSecond(10 / 3.6)
    let level = CalorieModel.rate(activity: .run, speed: v, grade: 0, weight: weight)
    let uphill = CalorieModel.rate(activity: .run, speed: v, grade: 0.05, weight: weight)
    let downhill = CalorieModel.rate(activity: .run, speed: v, grade: -0.05, weight: weight)
    // 0.9 · 166.7 · 0.05 = 7.5 ml/kg/min more: 7.5 · 70 / 1000 · 5 / 60 kcal/s.
    #expect(abs((uphill - level) - 7.5 * 70 / 1000 * 5 / 60) < 1e-9)
    #expect(downhill == level)
  }

  /// Speeds in km/h and the Compendium 2011 MET of their band; kcal/h = MET · 3.5 · 70 · 0.3.
  @Test(
    "Cycling by Compendium MET band",
    arguments: [
      (10.0, 4.0), (17.0, 6.8), (20.0, 8.0), (24.0, 10.0), (28.0, 12.0), (35.0, 15.8),
      (0.0, 4.0),
    ])
  func cyclingBands(kilometresPerHour: Double, met: Double) {
    let v = MetersPerSecond(kilometresPerHour / 3.6)
    #expect(CalorieModel.cyclingMET(speed: v) == met)
    let kcal = CalorieModel.rate(activity: .ride, speed: v, grade: 0.1, weight: weight) * 3600
    #expect(abs(kcal - met * 73.5) < 1e-9, "grade is ignored for rides")
  }

  @Test("The accumulator adds calories over moving time only")
  func accumulatedOverMovingTime() {
    var track = MetricsTrack()
    track.move(speed: 10 / 3.6, for: 1800, every: 1)
    track.pause(for: 600, every: 1)
    track.move(speed: 10 / 3.6, for: 1800, every: 1)
    var (accumulator, _) = track.accumulate(MetricsConfiguration(activity: .run))
    let kcal = accumulator.finish().calories.value
    #expect(abs(kcal - 773.5) < 0.5, "the 10-minute pause costs nothing")
  }
}
