/// Energy cost of moving, from published metabolic equations.
///
/// All figures are **gross**: they include the resting 3.5 ml O₂/kg/min (1 MET), as the ACSM
/// equations and the Compendium METs do, so a 70 kg runner at 10 km/h for an hour costs
/// ≈ 773 kcal (the net cost, without rest, would be ≈ 700 kcal). Oxygen converts to energy at
/// 5 kcal per litre, the round figure ACSM uses.
///
/// Which equation applies:
/// - **walk**: the ACSM walking equation at every speed,
///   `VO₂ = 0.1·v + 1.8·v·grade + 3.5` ml/kg/min with v in m/min. ACSM validates it for
///   50–100 m/min (1.9–3.7 mph); above that it underestimates, which is the price of one
///   documented formula over a fitted curve.
/// - **run**: the ACSM running equation, `VO₂ = 0.2·v + 0.9·v·grade + 3.5`, from
///   `runWalkTransition` (1.9 m/s ≈ 6.8 km/h) up; below it a runner is walking (a walk break,
///   a hill, a traffic light), so the walking equation applies there. ACSM gives the running
///   equation for speeds above 134 m/min and for true jogging from 80 m/min; 1.9 m/s sits near
///   the preferred walk–run transition speed of about 2 m/s.
/// - **ride**: METs of the Compendium of Physical Activities (Ainsworth et al., 2011, Med Sci
///   Sports Exerc 43(8)) codes 01010–01060 by speed band, `kcal/min = MET·3.5·kg/1000·5`.
///   The Compendium has no grade term for cycling, so grade is ignored for rides.
/// - **hike**: the Compendium's hiking, cross country (code 17080, 6.0 MET) on the flat; on a
///   climb steep enough that the ACSM walking equation with its grade term gives more, that.
///   Rough ground and a pack cost more than a pavement walk, and a climb costs more still.
/// - **swim**: Compendium METs by speed band: swimming in a lake, ocean or river (18310,
///   6.0 MET) below 1.0 m/s (1:40 min per 100 m), freestyle laps fast, vigorous effort
///   (18230, 9.8 MET) from there. The Compendium gives efforts, not speeds; the 1.0 m/s
///   boundary is Strider's choice. Water is flat: grade is ignored.
///
/// Reference: ACSM's Guidelines for Exercise Testing and Prescription, metabolic equations
/// (walking and running). Downhill grades are taken as level: the equations are given for
/// level and uphill locomotion, and a negative grade term would push the cost below rest.
public enum CalorieModel {
  /// Resting oxygen uptake, ml O₂ per kg per minute (1 MET).
  public static let restingOxygen = 3.5
  /// Energy per litre of oxygen, kcal: ACSM's round figure (4.7–5.05 by fuel mix).
  public static let kilocaloriesPerLitre = 5.0
  /// Below this speed a runner is walking and the walking equation applies.
  public static let runWalkTransition = MetersPerSecond(1.9)

  /// Compendium 2011 cycling bands: (lower speed bound in m/s, MET).
  /// <10 mph 4.0 (01010), 10–11.9 mph 6.8 (01020), 12–13.9 mph 8.0 (01030),
  /// 14–15.9 mph 10.0 (01040), 16–19.9 mph 12.0 (01050), ≥20 mph 15.8 (01060).
  public static let cyclingBands: [(from: MetersPerSecond, met: Double)] = [
    (MetersPerSecond(0), 4.0),
    (MetersPerSecond(10 * mile / 3600), 6.8),
    (MetersPerSecond(12 * mile / 3600), 8.0),
    (MetersPerSecond(14 * mile / 3600), 10.0),
    (MetersPerSecond(16 * mile / 3600), 12.0),
    (MetersPerSecond(20 * mile / 3600), 15.8),
  ]

  private static let mile = 1609.344

  /// Compendium 2011 hiking, cross country (17080).
  public static let hikingMET = 6.0
  /// Compendium 2011 swimming bands: (lower speed bound in m/s, MET); see the type's notes.
  public static let swimmingBands: [(from: MetersPerSecond, met: Double)] = [
    (MetersPerSecond(0), 6.0),
    (MetersPerSecond(1.0), 9.8),
  ]

  /// Kilocalories per second of moving at `speed` on `grade` (rise over run, 0.05 = 5 %).
  ///
  /// Negative grades count as level; rides and swims ignore grade. A speed that is negative
  /// or not a number counts as standing (the resting term only, or the lowest band).
  public static func rate(
    activity: Activity, speed: MetersPerSecond, grade: Double, weight: Kilograms
  ) -> Double {
    let v = speed.value.isFinite ? max(0, speed.value) : 0
    let g = grade.isFinite ? max(0, grade) : 0
    let oxygen: Double  // ml O₂ per kg per minute
    switch activity {
    case .walk:
      oxygen = walkingOxygen(metresPerMinute: v * 60, grade: g)
    case .run:
      oxygen =
        v < runWalkTransition.value
        ? walkingOxygen(metresPerMinute: v * 60, grade: g)
        : runningOxygen(metresPerMinute: v * 60, grade: g)
    case .ride:
      oxygen = cyclingMET(speed: MetersPerSecond(v)) * restingOxygen
    case .hike:
      oxygen = max(hikingMET * restingOxygen, walkingOxygen(metresPerMinute: v * 60, grade: g))
    case .swim:
      oxygen = swimmingMET(speed: MetersPerSecond(v)) * restingOxygen
    case .drive:
      oxygen = 0  // not exercise: a drive adds nothing to the day's energy
    }
    let kg = weight.value.isFinite ? max(0, weight.value) : 0
    return oxygen * kg / 1000 * kilocaloriesPerLitre / 60
  }

  /// ACSM walking equation, ml O₂/kg/min.
  public static func walkingOxygen(metresPerMinute v: Double, grade: Double) -> Double {
    0.1 * v + 1.8 * v * grade + restingOxygen
  }

  /// ACSM running equation, ml O₂/kg/min.
  public static func runningOxygen(metresPerMinute v: Double, grade: Double) -> Double {
    0.2 * v + 0.9 * v * grade + restingOxygen
  }

  /// The Compendium MET of swimming at `speed`.
  public static func swimmingMET(speed: MetersPerSecond) -> Double {
    var met = 6.0
    for band in swimmingBands where speed >= band.from { met = band.met }
    return met
  }

  /// The Compendium MET of cycling at `speed`.
  public static func cyclingMET(speed: MetersPerSecond) -> Double {
    var met = 4.0
    for band in cyclingBands where speed >= band.from { met = band.met }
    return met
  }
}
