/// Five heart-rate zones as shares of the maximum heart rate: the common scheme of
/// 50–60–70–80–90–100 % of HRmax (Sally Edwards' Heart Zone Training, and the default of
/// Polar's and many other sports watches), with its lower boundaries configurable.
///
/// A whole bpm `b` is in zone k when it is at or above zone k's lower boundary and below
/// zone k + 1's; at or above zone 5's lower boundary it is zone 5 (a rate above the
/// maximum too), below zone 1's it is in no zone. The store's totals apply the same rule
/// in SQL (`lowerBounds`).
public struct HeartRateZones: Hashable, Sendable {
  /// The lower boundaries of zones 1 to 5 in % of the maximum heart rate.
  public static let defaultPercents: [Double] = [50, 60, 70, 80, 90]
  public static let count = 5

  public let maximum: BeatsPerMinute
  public let percents: [Double]

  /// Nil when `maximum` is not a positive number or `percents` are not five increasing
  /// shares between 0 and 100 (exclusive).
  public init?(maximum: BeatsPerMinute, percents: [Double] = defaultPercents) {
    guard maximum.value.isFinite, maximum.value > 0, Self.validate(percents) == nil else {
      return nil
    }
    self.maximum = maximum
    self.percents = percents
  }

  /// What is wrong with `percents` as zone boundaries; nil when they will do.
  public static func validate(_ percents: [Double]) -> String? {
    guard percents.count == count else { return "expected \(count) numbers, one per zone" }
    guard percents.allSatisfy({ $0.isFinite && $0 > 0 && $0 < 100 }) else {
      return "expected shares of the maximum between 0 and 100"
    }
    guard zip(percents, percents.dropFirst()).allSatisfy({ $0 < $1 }) else {
      return "expected each zone to start above the one before"
    }
    return nil
  }

  /// The lower boundary of each zone in bpm (not rounded).
  public var lowerBounds: [Double] { percents.map { maximum.value * $0 / 100 } }

  /// The zone (1 to 5) of a rate in whole bpm; nil below zone 1.
  public func zone(of bpm: Int) -> Int? {
    let rate = Double(bpm)
    return lowerBounds.lastIndex { rate >= $0 }.map { $0 + 1 }
  }

  /// The zones' boundaries in whole bpm, for people: "93-111" (the first whole bpm in the
  /// zone to the last), the top zone open ("168+").
  public func ranges() -> [String] {
    let bounds = lowerBounds
    return (0..<Self.count).map { k in
      let low = Int(saturating: bounds[k].rounded(.up))
      guard k + 1 < Self.count else { return "\(low)+" }
      return "\(low)-\(Int(saturating: bounds[k + 1].rounded(.up) - 1))"
    }
  }

  /// The time in each zone of `time`.
  public func time(in time: HeartRateTime) -> ZoneTime {
    var zones = [Double](repeating: 0, count: Self.count)
    var below = 0.0
    for (bpm, seconds) in time.seconds {
      if let zone = zone(of: bpm) { zones[zone - 1] += seconds } else { below += seconds }
    }
    return ZoneTime(zones: zones.map(Seconds.init), below: Seconds(below))
  }
}

/// Time in each of the five zones, and the time with a heart rate below zone 1.
public struct ZoneTime: Hashable, Sendable {
  /// Zone 1 to zone 5.
  public var zones: [Seconds]
  public var below: Seconds

  public init(zones: [Seconds], below: Seconds = .zero) {
    self.zones = zones
    self.below = below
  }

  /// All time with a heart rate, in a zone or below.
  public var total: Seconds { Seconds(zones.reduce(below.value) { $0 + $1.value }) }

  /// Each zone's share of all time with a heart rate, in %; zeros when there is none.
  public var percentages: [Double] {
    let all = total.value
    return zones.map { all > 0 ? 100 * $0.value / all : 0 }
  }
}
