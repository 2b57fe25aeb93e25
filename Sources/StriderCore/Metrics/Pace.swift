/// How long one kilometre takes, in seconds: the figure runners and walkers think in.
///
/// Stored per kilometre whatever the display units, like every quantity in the engine;
/// `duration(per:)` gives the time per mile for imperial displays. A pace is only built from
/// a positive distance and time (or a positive speed): standing still has no pace, so the
/// failable initialisers return nil rather than infinity.
public struct Pace: Quantity {
  /// Seconds per kilometre.
  public var value: Double

  /// A pace of `value` seconds per kilometre.
  public init(_ value: Double) { self.value = value }

  /// The pace of covering `distance` in `duration`; nil unless both are positive and finite.
  public init?(distance: Meters, duration: Seconds) {
    guard distance.value > 0, duration.value > 0, distance.isFinite, duration.isFinite else {
      return nil
    }
    self.init(duration.value * 1000 / distance.value)
  }

  /// The pace of moving at `speed`; nil unless the speed is positive and finite.
  public init?(speed: MetersPerSecond) {
    guard speed.value > 0, speed.isFinite else { return nil }
    self.init(1000 / speed.value)
  }

  /// Over less than this a pace (or a speed) is the receiver's scatter and a second's
  /// rounding more than the user's motion: a receiver log on a desk read "0.03 km, 2:59
  /// /km", a stationary one "0.00 km, 54:19 /km". None is shown for a session, a split or
  /// a split under way shorter than this.
  public static let shortestMeasured = Meters(50)

  /// The speed this pace corresponds to.
  public var speed: MetersPerSecond { MetersPerSecond(value > 0 ? 1000 / value : 0) }

  /// The time one display unit (a kilometre or a mile) takes at this pace.
  public func duration(per units: UnitSystem) -> Seconds {
    Seconds(value * units.splitLength.value / 1000)
  }

  /// Whole minutes and seconds per display unit, rounded to the nearest second.
  ///
  /// The rounding is done on the total, so 5:59.6 carries to 6:00, never "5:60".
  public func minutesAndSeconds(per units: UnitSystem) -> (minutes: Int, seconds: Int) {
    let total = Pace.wholeSeconds(duration(per: units).value)
    return (total / 60, total % 60)
  }

  /// The slowest pace shown, per kilometre or per mile as displayed: an hour (1 km/h, or
  /// 1 mph). That is slower than any walk (a steep mountain path is about 2 km/h); a
  /// slower "pace" is standing still with a little GPS drift, and "14:37:03 /km" would be
  /// read as a number when it means nothing.
  public static let crawl = Seconds(3600)

  /// Whether this pace is too slow to mean anything in these units (see `crawl`).
  public func isCrawl(per units: UnitSystem) -> Bool {
    !(value.isFinite && value > 0) || duration(per: units).value.rounded() >= Pace.crawl.value
  }

  /// The clock form displays use: "5:33", or "--:--" below a crawl (`crawl`) or when there
  /// is no pace.
  public func clockText(per units: UnitSystem) -> String {
    guard !isCrawl(per: units) else { return "--:--" }
    return Pace.clock(Pace.wholeSeconds(duration(per: units).value))
  }

  /// The clock text with its unit, e.g. "5:33 /km" or "8:56 /mi".
  public func text(per units: UnitSystem) -> String {
    clockText(per: units) + (units == .metric ? " /km" : " /mi")
  }

  public var description: String { text(per: .metric) }

  /// Rounds a non-negative number of seconds to an integer without ever trapping:
  /// non-finite or negative values give 0, absurdly large ones are capped at 100 000 hours.
  static func wholeSeconds(_ seconds: Double) -> Int {
    guard seconds.isFinite, seconds > 0 else { return 0 }
    return Int(saturating: min(seconds, 360_000_000).rounded())
  }
}
