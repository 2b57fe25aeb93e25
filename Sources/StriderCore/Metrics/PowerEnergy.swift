/// What a ride cost, read from its power meter rather than guessed from its speed.
///
/// A power meter measures the work done on the pedals; the body spends about four times as
/// much, its gross efficiency (work over energy, resting metabolism included) being 20 to
/// 25 % in trained cyclists at steady effort (Jeukendrup, Craig and Hawley 2000, J Sci Med
/// Sport 3(4)). Strider takes 23.9 %, the convention of power meters and their software (a
/// kilojoule of work, a kilocalorie spent), so its figure is the device's. The speed-band
/// METs of `CalorieModel` know neither the wind nor the hill nor the rider.
///
/// The work is summed over every fix with a time, each fix's power held until the next and
/// for at most `longestStep` across a gap; standing still is no work, so the pauses need not
/// be known, and live and finished figures are the same sum. It stands in for the speed's
/// calories only where the meter covered the ride: `coverage` of its timed fixes at least.
public struct PowerEnergy: Sendable {
  /// Work over energy spent, resting metabolism included: one kilocalorie a kilojoule.
  public static let grossEfficiency = 1 / 4.184
  /// A fix's power counts for at most this long after it (a dropped signal is no ride).
  public static let longestStep = Seconds(10)
  /// The share of timed fixes that must carry a power for the meter to stand in.
  public static let coverage = 0.9
  /// Fewer timed fixes than this say too little about a ride.
  public static let fewestFixes = 30

  private var last: (time: GNSSTime, power: Double?)?
  private(set) var joules = 0.0
  private var timed = 0
  private var powered = 0

  public init() {}

  /// Adds one fix in time order; a fix without a time, or one no later than the last,
  /// adds nothing.
  public mutating func add(time: GNSSTime?, power: Watts?) {
    guard let time else { return }
    if let last {
      guard time > last.time else { return }
      if let watts = last.power {
        joules += watts * min((time - last.time).value, Self.longestStep.value)
      }
    }
    let watts = power.map(\.value).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
    timed += 1
    if watts != nil { powered += 1 }
    last = (time, watts)
  }

  /// The energy spent, when the meter covered the ride; nil otherwise.
  public var kilocalories: Kilocalories? {
    guard timed >= Self.fewestFixes, Double(powered) >= Self.coverage * Double(timed) else {
      return nil
    }
    return Kilocalories(joules / Self.grossEfficiency / 4184)
  }
}
