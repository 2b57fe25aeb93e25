import StriderCore

/// A power meter's and a thermometer's figures over a session's fixes (FIT records carry
/// them): `analyze` and `sessions show` print them where a file had them.
struct SensorFigures {
  private(set) var powerCount = 0
  private var powerSum = 0.0
  private(set) var powerMax = 0.0
  private(set) var temperatureCount = 0
  private var temperatureSum = 0.0
  private(set) var temperatureMin = Double.infinity
  private(set) var temperatureMax = -Double.infinity

  mutating func add(_ fix: Fix) {
    if let power = fix.power?.value {
      powerCount += 1
      powerSum += power
      powerMax = max(powerMax, power)
    }
    if let temperature = fix.temperature?.value {
      temperatureCount += 1
      temperatureSum += temperature
      temperatureMin = min(temperatureMin, temperature)
      temperatureMax = max(temperatureMax, temperature)
    }
  }

  static func of(_ fixes: some Sequence<Fix>) -> SensorFigures {
    var figures = SensorFigures()
    for fix in fixes { figures.add(fix) }
    return figures
  }

  /// Mean watts over the records that had power (a freewheel's zeros count).
  var averagePower: Double? { powerCount > 0 ? powerSum / Double(powerCount) : nil }
  var averageTemperature: Double? {
    temperatureCount > 0 ? temperatureSum / Double(temperatureCount) : nil
  }

  /// The table's rows: "power  avg 212 W, max 540 W (4700 records)", "temperature  18 to
  /// 24 °C, avg 21 °C"; none for a sensor no fix had.
  var rows: [(String, String)] {
    var rows: [(String, String)] = []
    if let average = averagePower {
      rows.append(
        (
          "power",
          "avg \(Int(saturating: average.rounded())) W, max \(Int(saturating: powerMax.rounded())) W "
            + "(\(powerCount) records)"
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

  /// The `sensors` object of `analyze --format json`; nil without either sensor.
  var json: JSONValue? {
    guard powerCount > 0 || temperatureCount > 0 else { return nil }
    let number = JSONValue.rounded
    return .object([
      JSONMember("power_records", .int(powerCount)),
      JSONMember("power_avg_w", number(averagePower, 1)),
      JSONMember("power_max_w", number(powerCount > 0 ? powerMax : nil, 0)),
      JSONMember("temperature_records", .int(temperatureCount)),
      JSONMember("temperature_min_c", number(temperatureCount > 0 ? temperatureMin : nil, 0)),
      JSONMember("temperature_max_c", number(temperatureCount > 0 ? temperatureMax : nil, 0)),
      JSONMember("temperature_avg_c", number(averageTemperature, 1)),
    ])
  }
}
