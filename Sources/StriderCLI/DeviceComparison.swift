import StriderCore
import StriderRender

/// The device's own figures beside Strider's, as `analyze` and `sessions show` print them:
/// "25.20 km, timer 58:12, 1954 kcal, 8 pauses (2:09) (1 session); Strider 0.2 % shorter,
/// 2776 kcal from the speed".
struct DeviceComparison {
  var device: DeviceTotals
  var summary: SessionSummary

  /// Seconds a track may go on past the device's summary (the device closes it a moment
  /// after its last record).
  static let endGrace = 60.0

  /// Whether the track holds fixes well after the device's last summary ends (a file cut
  /// short before the summary of its last part): the totals then do not cover the track.
  var goesOnAfterDevice: Bool {
    guard let end = device.end, let last = summary.end?.time else { return false }
    return last.secondsSince1970 - end.secondsSince1970 > Self.endGrace
  }

  /// Metres the device counted before its first position and after its last, when enough
  /// to matter (a tenth of a percent, and 10 m): left out of the comparison and said.
  var unpositioned: Meters? {
    guard let outside = device.unpositionedDistance, let total = device.distance?.value,
      outside.value >= 10, outside.value >= total / 1000
    else { return nil }
    return outside
  }

  /// Strider's distance against the device's over the positioned part of the file, % of
  /// the device's; nil without one.
  var distanceGap: Double? {
    guard let total = device.distance?.value, !goesOnAfterDevice else { return nil }
    let d = total - (unpositioned?.value ?? 0)
    guard d > 0 else { return nil }
    return 100 * (summary.distance.value - d) / d
  }

  /// Strider's calories against the device's, % of the device's; nil without them.
  var caloriesGap: Double? {
    guard let device = device.calories?.value, device > 0, !goesOnAfterDevice else { return nil }
    return 100 * (summary.calories.value - device) / device
  }

  /// Where Strider's calories came from, as the line says it.
  private var caloriesSource: String {
    switch summary.caloriesSource ?? .speed {
    case .speed: "from the speed"
    case .power: "from the power meter"
    case .heartRate: "from the heart rate"
    }
  }

  /// The line of the table.
  var line: String {
    var parts: [String] = []
    if let distance = device.distance {
      parts.append(DisplayFormat.distance(distance, units: summary.units))
    }
    if let timer = device.timerTime { parts.append("timer " + DisplayFormat.clock(timer)) }
    if let calories = device.calories { parts.append(DisplayFormat.calories(calories)) }
    if let pauses = device.pauses {
      var text = "\(pauses) pause" + (pauses == 1 ? "" : "s")
      if pauses > 0, let paused = device.pausedTime {
        text += " (" + DisplayFormat.clock(paused) + ")"
      }
      parts.append(text)
    }
    var line = parts.joined(separator: ", ")
    line += " (\(device.parts) \(device.partName)\(device.parts == 1 ? "" : "s"))"
    if let unpositioned, !goesOnAfterDevice {
      line +=
        ", \(DisplayFormat.distance(unpositioned, units: summary.units)) of it without a "
        + "position (a sensor, before the first fix or after the last)"
    }
    if goesOnAfterDevice, let end = device.end {
      line += "; the device's summaries end at \(end.iso8601), the track goes on: not compared"
    } else {
      var strider: [String] = []
      if let gap = distanceGap {
        let size = String(format: "%.1f", abs(gap))
        strider.append(size == "0.0" ? "the same" : "\(size) % \(gap < 0 ? "shorter" : "longer")")
      }
      if caloriesGap != nil {
        strider.append(DisplayFormat.calories(summary.calories) + " " + caloriesSource)
      }
      if !strider.isEmpty { line += "; Strider " + strider.joined(separator: ", ") }
    }
    return line
  }

  /// The `device` object of `analyze --format json`.
  var json: JSONValue {
    let number = JSONValue.rounded
    return .object([
      JSONMember("distance_m", number(device.distance?.value, 2)),
      JSONMember("timer_s", number(device.timerTime?.value, 1)),
      JSONMember("elapsed_s", number(device.elapsedTime?.value, 1)),
      JSONMember("calories_kcal", number(device.calories?.value, 0)),
      JSONMember("pauses", device.pauses.map { .int($0) } ?? .null),
      JSONMember("paused_s", number(device.pausedTime?.value, 1)),
      JSONMember(device.partName + "s", .int(device.parts)),
      JSONMember("unpositioned_distance_m", number(device.unpositionedDistance?.value, 2)),
      JSONMember("distance_gap_pct", number(distanceGap, 2)),
      JSONMember("calories_gap_pct", number(caloriesGap, 1)),
      JSONMember("covers_track", .bool(!goesOnAfterDevice)),
    ])
  }
}
