/// One part of a multisport recording, as the device summed it up.
public struct DeviceLeg: Sendable, Equatable {
  /// The device's name for its sport ("swimming", "transition").
  public var sport: String?
  /// The activity Strider measures it as; nil for a sport it has none for (a transition).
  public var activity: Activity?
  public var start: GNSSTime?
  public var distance: Meters?
  public var timerTime: Seconds?
  /// Seconds from its start to its end, pauses included.
  public var elapsedTime: Seconds?

  /// Where the leg ends, when the device said how long it lasted.
  public var end: GNSSTime? {
    guard let start, let elapsed = elapsedTime?.value, elapsed.isFinite else { return nil }
    return GNSSTime(secondsSince1970: start.secondsSince1970 + elapsed)
  }

  public init(
    sport: String?, activity: Activity?, start: GNSSTime?, distance: Meters?,
    timerTime: Seconds?, elapsedTime: Seconds? = nil
  ) {
    self.elapsedTime = elapsedTime
    self.sport = sport
    self.activity = activity
    self.start = start
    self.distance = distance
    self.timerTime = timerTime
  }
}

/// What the recording device itself counted for the file: its distance (wheel sensor,
/// footpod or its own GPS filter) and its timer. `analyze` and `sessions show` print them
/// beside Strider's figures, so a user comparing with their watch sees both and the gap
/// between them; the store keeps them with an imported session.
public struct DeviceTotals: Sendable, Equatable {
  /// The device's distance over the whole file, nil when it gave none.
  public var distance: Meters?
  /// Seconds the device's timer ran (its own pauses left out), nil when it gave none.
  public var timerTime: Seconds?
  /// Seconds from the device's start to its end, pauses included, nil when it gave none.
  public var elapsedTime: Seconds?
  /// The energy the device says was spent (FIT sessions' `total_calories`, TCX laps'
  /// `<Calories>`), nil when it gave none. The device knew its wearer (weight, age, sex,
  /// heart rate), which a file does not tell Strider, so it is shown beside Strider's own
  /// figure, never in its place.
  public var calories: Kilocalories?
  /// How many of the device's summaries were added up: FIT sessions (a triathlon has
  /// five) or TCX laps.
  public var parts: Int
  /// What the parts are called in the file ("session", "lap").
  public var partName: String
  /// The parts of a multisport file, in file order (a FIT triathlon's swim, transitions,
  /// bike and run); empty when the file is one activity or does not say.
  public var legs: [DeviceLeg] = []
  /// Where the last of the device's summaries ends, when it says; a file cut short can
  /// hold records of a part whose summary was never written.
  public var end: GNSSTime?
  /// The device's own pauses that ended (FIT timer stops followed by a start), nil when the
  /// format does not say.
  public var pauses: Int?
  /// What the device counted on records without a position before the first one with a
  /// position and after the last (a wheel sensor running while the receiver looked for
  /// satellites): distance no track can hold. Nil when the records carry no distance.
  public var unpositionedDistance: Meters?

  /// The device's distance over the part of the file a track can measure, from its first
  /// position to its last: what Strider's distance is compared with.
  public var positionedDistance: Meters? {
    guard let distance else { return nil }
    return Meters(max(0, distance.value - (unpositionedDistance?.value ?? 0)))
  }

  /// Seconds the device's timer stood: elapsed less timer time, nil without both.
  public var pausedTime: Seconds? {
    guard let elapsed = elapsedTime?.value, let timer = timerTime?.value,
      elapsed.isFinite, timer.isFinite
    else { return nil }
    return Seconds(max(0, elapsed - timer))
  }

  public init(
    distance: Meters?, timerTime: Seconds?, elapsedTime: Seconds?, parts: Int, partName: String
  ) {
    self.distance = distance
    self.timerTime = timerTime
    self.elapsedTime = elapsedTime
    self.parts = parts
    self.partName = partName
  }

  /// The sum of the parts' figures; a figure no part gives stays nil.
  public static func summing(
    _ parts: [(distance: Meters?, timer: Seconds?, elapsed: Seconds?)], partName: String
  ) -> DeviceTotals? {
    guard !parts.isEmpty else { return nil }
    let totals = DeviceTotals(
      distance: sum(parts.map { $0.distance?.value }).map(Meters.init),
      timerTime: sum(parts.map { $0.timer?.value }).map(Seconds.init),
      elapsedTime: sum(parts.map { $0.elapsed?.value }).map(Seconds.init),
      parts: parts.count, partName: partName)
    return totals.distance == nil && totals.timerTime == nil && totals.elapsedTime == nil
      ? nil : totals
  }

  /// The sum of the finite values given; nil when no part gives one.
  public static func sum(_ values: [Double?]) -> Double? {
    let given = values.compactMap { $0 }.filter(\.isFinite)
    return given.isEmpty ? nil : given.reduce(0, +)
  }
}

/// Follows the device's running distance (`Fix.deviceDistance`) record by record, to find
/// what it counted outside the positioned part of the file (`unpositionedDistance`).
public struct DeviceDistanceSpan: Sendable, Equatable {
  private var first: Double?
  private var last: Double?
  private var firstPositioned: Double?
  private var lastPositioned: Double?

  public init() {}

  public mutating func add(_ fix: Fix) {
    guard let distance = fix.deviceDistance?.value, distance.isFinite else { return }
    if first == nil { first = distance }
    last = distance
    guard fix.coordinate != nil else { return }
    if firstPositioned == nil { firstPositioned = distance }
    lastPositioned = distance
  }

  /// The distance counted before the first positioned record and after the last; nil
  /// without device distances, all of it when no record has a position. A counter that
  /// went backwards (a reset) counts nothing.
  public var outsidePositions: Meters? {
    guard let first, let last else { return nil }
    guard let firstPositioned, let lastPositioned else { return Meters(max(0, last - first)) }
    return Meters(max(0, firstPositioned - first) + max(0, last - lastPositioned))
  }
}
