import StriderCore

extension DeviceComparison {
  /// The row of the table: "25.20 km, timer 58:12, 1954 kcal, 8 pauses (2:09) (1 session);
  /// Strider 0.2 % shorter, 2776 kcal from the speed".
  public var line: String {
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
        strider.append(DisplayFormat.calories(striderCalories.calories) + " " + caloriesSource)
      }
      if !strider.isEmpty { line += "; Strider " + strider.joined(separator: ", ") }
    }
    return line
  }

  /// Where Strider's calories came from, as the line says it.
  private var caloriesSource: String {
    switch striderCalories.source {
    case .speed, .device: "from the speed"
    case .power: "from the power meter"
    case .heartRate: "from the heart rate"
    }
  }
}
