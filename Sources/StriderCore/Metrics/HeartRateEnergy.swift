/// The person a heart rate is read for: the equations that turn a heart rate into energy
/// differ by sex and age (`HeartRateEnergy`).
public struct PersonProfile: Sendable, Hashable, Codable {
  public enum Sex: String, Sendable, Hashable, Codable, CaseIterable {
    case female, male
  }

  public var age: Double
  public var sex: Sex

  public init(age: Double, sex: Sex) {
    self.age = age
    self.sex = sex
  }
}

/// What a session cost, read from its heart rate: Keytel et al. 2005 (J Sports Sci 23(3),
/// "Prediction of energy expenditure from heart rate monitoring during submaximal
/// exercise"), the equations without a measured VO₂max, from 115 people at 40 to 80 % of it:
///
///     men:   EE (kJ/min) = −55.0969 + 0.6309 HR + 0.1988 kg + 0.2017 age
///     women: EE (kJ/min) = −20.4022 + 0.4472 HR − 0.1263 kg + 0.074 age
///
/// Summed over every fix with a time and a heart rate, each held until the next and for at
/// most `PowerEnergy.longestStep` across a gap, never below zero. It stands in for the
/// speed's calories only where the person is known (`profile.age`, `profile.sex`) and the
/// strap covered the session: `PowerEnergy.coverage` of its timed fixes at least.
public struct HeartRateEnergy: Sendable {
  public let person: PersonProfile
  public let weight: Kilograms

  private var last: (time: GNSSTime, rate: Double?)?
  private(set) var kilojoules = 0.0
  private var timed = 0
  private var beating = 0

  public init(person: PersonProfile, weight: Kilograms) {
    self.person = person
    self.weight = weight
  }

  /// Kilojoules a minute at `rate` beats per minute (Keytel et al. 2005), at least zero.
  public func kilojoulesPerMinute(at rate: Double) -> Double {
    let kg = weight.value
    let perMinute =
      switch person.sex {
      case .male: -55.0969 + 0.6309 * rate + 0.1988 * kg + 0.2017 * person.age
      case .female: -20.4022 + 0.4472 * rate - 0.1263 * kg + 0.074 * person.age
      }
    return max(0, perMinute)
  }

  /// Adds one fix in time order; a fix without a time, or one no later than the last,
  /// adds nothing.
  public mutating func add(time: GNSSTime?, heartRate: BeatsPerMinute?) {
    guard let time else { return }
    if let last {
      guard time > last.time else { return }
      if let rate = last.rate {
        let seconds = min((time - last.time).value, PowerEnergy.longestStep.value)
        kilojoules += kilojoulesPerMinute(at: rate) * seconds / 60
      }
    }
    let rate = heartRate.map(\.value).flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
    timed += 1
    if rate != nil { beating += 1 }
    last = (time, rate)
  }

  /// The energy spent, when the strap covered the session; nil otherwise.
  public var kilocalories: Kilocalories? {
    guard timed >= PowerEnergy.fewestFixes, Double(beating) >= PowerEnergy.coverage * Double(timed)
    else { return nil }
    return Kilocalories(kilojoules / 4.184)
  }
}
