import Foundation

/// A heart-rate strap's, a cadence sensor's, a power meter's and a thermometer's figures
/// over a session's fixes (FIT and TCX records, GPX extensions carry them): `analyze` and
/// `sessions show` print them where a file had them.
public struct SensorFigures: Sendable {
  public private(set) var heartRateCount = 0
  private var heartRateSum = 0.0
  public private(set) var heartRateMax = 0.0
  public private(set) var cadenceCount = 0
  private var cadenceSum = 0.0
  public private(set) var cadenceMax = 0.0
  public private(set) var powerCount = 0
  private var powerSum = 0.0
  public private(set) var powerMax = 0.0
  /// The last 30 s of power, for the normalised power's rolling mean.
  private var powerWindow: [(time: Double, watts: Double)] = []
  private var powerWindowHead = 0
  private var powerWindowSum = 0.0
  private var rolledFourthPowers = 0.0
  private var rolledCount = 0
  public private(set) var temperatureCount = 0
  private var temperatureSum = 0.0
  public private(set) var temperatureMin = Double.infinity
  public private(set) var temperatureMax = -Double.infinity

  public init() {}

  public mutating func add(_ fix: Fix) {
    // A strap that lost contact writes 0; a wheel that freewheels, a runner who stands, a
    // cadence of 0: neither is a heartbeat or a stride, and averages leave them out as
    // watches and peers do.
    if let rate = fix.heartRate?.value, rate.isFinite, rate > 0 {
      heartRateCount += 1
      heartRateSum += rate
      heartRateMax = max(heartRateMax, rate)
    }
    if let cadence = fix.cadence?.value, cadence.isFinite, cadence > 0 {
      cadenceCount += 1
      cadenceSum += cadence
      cadenceMax = max(cadenceMax, cadence)
    }
    if let power = fix.power?.value {
      powerCount += 1
      powerSum += power
      powerMax = max(powerMax, power)
      if let time = fix.time?.secondsSince1970 { roll(power, at: time) }
    }
    if let temperature = fix.temperature?.value {
      temperatureCount += 1
      temperatureSum += temperature
      temperatureMin = min(temperatureMin, temperature)
      temperatureMax = max(temperatureMax, temperature)
    }
  }

  public static func of(_ fixes: some Sequence<Fix>) -> SensorFigures {
    var figures = SensorFigures()
    for fix in fixes { figures.add(fix) }
    return figures
  }

  /// Coggan's normalised power: the fourth root of the mean fourth power of the 30 s rolling
  /// mean, which weighs surges as the body pays for them (Allen and Coggan, *Training and
  /// Racing with a Power Meter*). Records out of time order are left out of it.
  private mutating func roll(_ watts: Double, at time: Double) {
    if let last = powerWindow.last, time <= last.time { return }
    powerWindow.append((time, watts))
    powerWindowSum += watts
    while time - powerWindow[powerWindowHead].time >= Self.rollingWindow {
      powerWindowSum -= powerWindow[powerWindowHead].watts
      powerWindowHead += 1
    }
    if powerWindowHead > 1024 {
      powerWindow.removeFirst(powerWindowHead)
      powerWindowHead = 0
    }
    // The window counts once it spans its 30 s (the first half minute has no rolling mean).
    guard time - (powerWindow.first?.time ?? time) >= Self.rollingWindow - 1 else { return }
    let mean = powerWindowSum / Double(powerWindow.count - powerWindowHead)
    rolledFourthPowers += mean * mean * mean * mean
    rolledCount += 1
  }

  static let rollingWindow = 30.0

  /// Nil under a minute of power (too short for a rolling mean of 30 s to say anything).
  public var normalisedPower: Double? {
    rolledCount >= 30 ? pow(rolledFourthPowers / Double(rolledCount), 0.25) : nil
  }

  /// Mean beats per minute over the records with a heart rate.
  public var averageHeartRate: Double? {
    heartRateCount > 0 ? heartRateSum / Double(heartRateCount) : nil
  }
  /// Mean revolutions (strides of one foot, or pedal turns) per minute over the records
  /// with a cadence above zero.
  public var averageCadence: Double? { cadenceCount > 0 ? cadenceSum / Double(cadenceCount) : nil }
  /// Mean watts over the records that had power (a freewheel's zeros count).
  public var averagePower: Double? { powerCount > 0 ? powerSum / Double(powerCount) : nil }
  public var averageTemperature: Double? {
    temperatureCount > 0 ? temperatureSum / Double(temperatureCount) : nil
  }

  /// The table's rows: "heart rate  avg 154 bpm, max 178 bpm (2808 records)", "cadence  avg
  /// 86 rpm, max 101 rpm (2790 records)" (on foot also in steps: "172 steps/min", one
  /// stride being two steps), "power  avg 212 W, max 540 W (4700 records)", "temperature
  /// 18 to 24 °C, avg 21 °C"; none for a sensor no fix had.
  public func rows(onFoot: Bool) -> [(String, String)] {
    var rows: [(String, String)] = []
    func whole(_ value: Double) -> Int { Int(saturating: value.rounded()) }
    if let average = averageHeartRate {
      rows.append(
        (
          "heart rate",
          "avg \(whole(average)) bpm, max \(whole(heartRateMax)) bpm (\(heartRateCount) records)"
        ))
    }
    if let average = averageCadence {
      let steps = onFoot ? " (\(whole(2 * average)) steps/min)" : ""
      rows.append(
        (
          "cadence",
          "avg \(whole(average)) rpm\(steps), max \(whole(cadenceMax)) rpm "
            + "(\(cadenceCount) records)"
        ))
    }
    if let average = averagePower {
      let normalised = normalisedPower.map { "normalised \(whole($0)) W, " } ?? ""
      rows.append(
        (
          "power",
          "avg \(whole(average)) W, \(normalised)max \(whole(powerMax)) W (\(powerCount) records)"
        ))
    }
    if let average = averageTemperature {
      rows.append(
        (
          "temperature",
          "\(Int(saturating: temperatureMin.rounded())) to \(Int(saturating: temperatureMax.rounded())) °C, "
            + "avg \(Int(saturating: average.rounded())) °C"
        ))
    }
    return rows
  }

  /// The `sensors` object of `analyze --format json`; nil without any sensor.
  public var json: JSONValue? {
    guard heartRateCount > 0 || cadenceCount > 0 || powerCount > 0 || temperatureCount > 0
    else { return nil }
    let number = JSONValue.rounded
    return .object([
      JSONMember("heart_rate_records", .int(heartRateCount)),
      JSONMember("heart_rate_avg_bpm", number(averageHeartRate, 1)),
      JSONMember("heart_rate_max_bpm", number(heartRateCount > 0 ? heartRateMax : nil, 0)),
      JSONMember("cadence_records", .int(cadenceCount)),
      JSONMember("cadence_avg_rpm", number(averageCadence, 1)),
      JSONMember("cadence_max_rpm", number(cadenceCount > 0 ? cadenceMax : nil, 0)),
      JSONMember("power_records", .int(powerCount)),
      JSONMember("power_avg_w", number(averagePower, 1)),
      JSONMember("power_max_w", number(powerCount > 0 ? powerMax : nil, 0)),
      JSONMember("power_normalised_w", number(normalisedPower, 1)),
      JSONMember("temperature_records", .int(temperatureCount)),
      JSONMember("temperature_min_c", number(temperatureCount > 0 ? temperatureMin : nil, 0)),
      JSONMember("temperature_max_c", number(temperatureCount > 0 ? temperatureMax : nil, 0)),
      JSONMember("temperature_avg_c", number(averageTemperature, 1)),
    ])
  }
}

extension SensorFigures {
  /// The figures of each lap, fix by fix in time order: a fix belongs to the first lap that
  /// has not ended before it (the last lap takes every later fix), as the TCX writer puts
  /// points in laps; one set for the whole session without laps.
  public struct ByLap: Sendable {
    public private(set) var laps: [SensorFigures]
    private let ends: [GNSSTime]
    private var current = 0

    public init(lapEnds: [GNSSTime]) {
      ends = lapEnds
      laps = Array(repeating: SensorFigures(), count: max(1, lapEnds.count))
    }

    public mutating func add(_ fix: Fix) {
      if let time = fix.time {
        while current + 1 < laps.count, time > ends[current] { current += 1 }
      }
      laps[current].add(fix)
    }
  }
}
