import Foundation
import StriderCore
import TOMLKit

/// A workout written in TOML (`docs/workouts.md`): a name and `[[step]]` blocks, each a step
/// or a `repeat` of `[[step.step]]` blocks.
///
/// Read with the TOML reader the config file uses, and as strictly: an unknown key, a value
/// of the wrong kind, two lengths or two targets on one step, or a repeat inside a repeat is
/// an error naming the file, the line and the step, so a typo never goes unnoticed.
public enum WorkoutFile {
  /// Reads and checks the workout at `path`.
  public static func load(path: String) throws(TOMLFileError) -> Workout {
    guard FileManager.default.fileExists(atPath: path) else {
      throw TOMLFileError(path: path, line: nil, key: nil, message: "no such file")
    }
    return try parse(try TOMLFile.text(at: path), path: path)
  }

  /// Reads a workout from TOML text; `path` names the file in errors.
  public static func parse(_ text: String, path: String) throws(TOMLFileError) -> Workout {
    let table = try TOMLFile.table(text, path: path)
    let reader = WorkoutReader(path: path, lines: WorkoutLines(text))
    return try reader.workout(table)
  }
}

/// Turns the TOML tables into a `Workout`, with the place of every error.
struct WorkoutReader {
  let path: String
  let lines: WorkoutLines

  static let topKeys = ["name", "step"]
  static let lengthKeys = ["distance_m", "distance_km", "distance_mi", "duration"]
  static let targetKeys = [
    "pace_per_km", "pace_per_mile", "speed_kmh", "speed_mph", "heart_rate_zone", "heart_rate",
  ]
  static let stepKeys = ["kind"] + lengthKeys + targetKeys
  static let repeatKeys = ["repeat", "step"]

  func fail(_ key: String?, _ message: String) -> TOMLFileError {
    TOMLFileError(
      path: path, line: key.flatMap { lines.line(of: $0) }, key: key, message: message)
  }

  func workout(_ table: TOMLTable) throws(TOMLFileError) -> Workout {
    for key in table.keys.sorted() where !Self.topKeys.contains(key) {
      throw fail(key, "unknown key; known keys: " + Self.topKeys.joined(separator: ", "))
    }
    var name: String?
    if let value = table["name"] {
      guard let text = value.string else { throw fail("name", "expected a string") }
      name = text
    }
    let blocks = try steps(table["step"], at: "step")
    var items: [Workout.Item] = []
    for (offset, block) in blocks.enumerated() {
      let key = "step[\(offset + 1)]"
      if block["repeat"] != nil {
        items.append(try repeated(block, at: key))
      } else {
        items.append(.step(try step(block, at: key)))
      }
    }
    return Workout(name: name, items: items)
  }

  /// The `[[step]]` tables of `value`; at least one.
  private func steps(_ value: (any TOMLValueConvertible)?, at key: String) throws(TOMLFileError)
    -> [TOMLTable]
  {
    guard let value else {
      throw fail(nil, "no steps: add at least one [[\(key)]] block (see docs/workouts.md)")
    }
    guard let array = value.array else {
      throw fail(key, "expected [[\(key)]] blocks, an array of tables")
    }
    var tables: [TOMLTable] = []
    for (offset, element) in array.enumerated() {
      guard let table = element.table else {
        throw fail("\(key)[\(offset + 1)]", "expected a table of step keys")
      }
      tables.append(table)
    }
    guard !tables.isEmpty else { throw fail(key, "no steps") }
    return tables
  }

  private func repeated(_ table: TOMLTable, at key: String) throws(TOMLFileError)
    -> Workout.Item
  {
    for name in table.keys.sorted() where !Self.repeatKeys.contains(name) {
      throw fail(
        "\(key).\(name)",
        Self.stepKeys.contains(name)
          ? "a repeat holds its steps in [[step.step]] blocks; \(name) belongs in one of them"
          : "unknown key; a repeat has: " + Self.repeatKeys.joined(separator: ", "))
    }
    guard let count = table["repeat"].flatMap(Self.integer), (1...100).contains(count) else {
      throw fail("\(key).repeat", "expected a whole number of rounds from 1 to 100")
    }
    guard table["step"] != nil else {
      throw fail("\(key).repeat", "a repeat needs its steps: add [[step.step]] blocks after it")
    }
    let blocks = try steps(table["step"], at: "\(key).step")
    var steps: [WorkoutStep] = []
    for (offset, block) in blocks.enumerated() {
      let inner = "\(key).step[\(offset + 1)]"
      if block["repeat"] != nil || block["step"] != nil {
        throw fail("\(inner).repeat", "repeats nest once: a repeat cannot hold another repeat")
      }
      steps.append(try step(block, at: inner))
    }
    return .repeated(count: count, steps: steps)
  }

  private func step(_ table: TOMLTable, at key: String) throws(TOMLFileError) -> WorkoutStep {
    for name in table.keys.sorted() where !Self.stepKeys.contains(name) {
      throw fail(
        "\(key).\(name)", "unknown key; a step has: " + Self.stepKeys.joined(separator: ", "))
    }
    guard let kindValue = table["kind"] else {
      throw fail(
        key,
        "a step needs a kind: " + WorkoutStepKind.allCases.map(\.rawValue).joined(separator: ", "))
    }
    guard let text = kindValue.string, let kind = WorkoutStepKind(rawValue: text) else {
      throw fail(
        "\(key).kind",
        "expected one of "
          + WorkoutStepKind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
    }
    return WorkoutStep(
      kind: kind, length: try length(table, at: key), target: try target(table, at: key))
  }

  /// The one length key of a step; none makes an open step (ended by a lap press).
  private func length(_ table: TOMLTable, at key: String) throws(TOMLFileError) -> StepLength {
    let given = Self.lengthKeys.filter { table[$0] != nil }
    guard given.count <= 1 else {
      throw fail(
        "\(key).\(given[1])",
        "a step has one length, and \(given[0]) is already given (\(given.joined(separator: ", ")))"
      )
    }
    guard let name = given.first, let value = table[name] else { return .open }
    let place = "\(key).\(name)"
    if name == "duration" {
      guard let seconds = Self.duration(value), seconds > 0, seconds <= 86_400 else {
        throw fail(
          place,
          "expected a duration such as \"1:30\", \"1:00:00\" or a number of seconds, "
            + "more than 0 and at most 24 hours")
      }
      return .time(Seconds(seconds))
    }
    let scale: Double = name == "distance_m" ? 1 : name == "distance_km" ? 1000 : 1609.344
    guard let amount = Self.number(value), amount > 0, amount * scale <= 1_000_000 else {
      throw fail(place, "expected a distance more than 0 and at most 1000 km")
    }
    return .distance(Meters(amount * scale))
  }

  /// The one target key of a step, if any.
  private func target(_ table: TOMLTable, at key: String) throws(TOMLFileError)
    -> WorkoutTarget?
  {
    let given = Self.targetKeys.filter { table[$0] != nil }
    guard given.count <= 1 else {
      throw fail(
        "\(key).\(given[1])",
        "a step has one target, and \(given[0]) is already given (\(given.joined(separator: ", ")))"
      )
    }
    guard let name = given.first, let value = table[name] else { return nil }
    let place = "\(key).\(name)"
    switch name {
    case "pace_per_km", "pace_per_mile":
      let per = name == "pace_per_km" ? 1000 : 1609.344
      guard let pair = Self.pair(value, Self.clock, within: 60...3600) else {
        throw fail(
          place, "expected two paces such as [\"4:00\", \"4:15\"], each from 1:00 to 60:00")
      }
      return .pace(
        fastest: Pace(pair.low * 1000 / per), slowest: Pace(pair.high * 1000 / per))
    case "speed_kmh", "speed_mph":
      let per = name == "speed_kmh" ? 1000 : 1609.344
      guard let pair = Self.pair(value, Self.number, within: 0.1...200) else {
        throw fail(place, "expected two speeds such as [24, 28], each from 0.1 to 200")
      }
      return .speed(
        MetersPerSecond(pair.low * per / 3600)...MetersPerSecond(pair.high * per / 3600))
    case "heart_rate_zone":
      guard let zone = Self.integer(value), (1...HeartRateZones.count).contains(zone) else {
        throw fail(place, "expected a zone from 1 to \(HeartRateZones.count)")
      }
      return .heartRateZone(zone)
    default:
      guard let pair = Self.pair(value, Self.number, within: 30...250) else {
        throw fail(place, "expected two heart rates such as [140, 155], each from 30 to 250 bpm")
      }
      return .heartRate(BeatsPerMinute(pair.low)...BeatsPerMinute(pair.high))
    }
  }
}

extension WorkoutReader {
  /// An integer or a finite float; TOML keeps them apart, people do not.
  static func number(_ value: any TOMLValueConvertible) -> Double? {
    switch value.type {
    case .int: value.int.map(Double.init)
    case .double: value.double.flatMap { $0.isFinite ? $0 : nil }
    default: nil
    }
  }

  /// A whole number (an integer, or a float with nothing after the point).
  static func integer(_ value: any TOMLValueConvertible) -> Int? {
    guard let number = number(value), number == number.rounded(), abs(number) < 1e9 else {
      return nil
    }
    return Int(number)
  }

  /// Seconds from a number, or from a clock string ("45", "1:30", "1:00:00").
  static func duration(_ value: any TOMLValueConvertible) -> Double? {
    if let seconds = number(value) { return seconds }
    return clock(value)
  }

  /// Seconds from a clock string: "m:ss" or "h:mm:ss", each part after the first below 60.
  static func clock(_ value: any TOMLValueConvertible) -> Double? {
    guard let text = value.string else { return nil }
    let parts = text.trimmingCharacters(in: .whitespaces).split(
      separator: ":", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count),
      parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isASCII) }),
      case let numbers = parts.compactMap({ Int($0) }), numbers.count == parts.count,
      numbers.dropFirst().allSatisfy({ (0..<60).contains($0) }), numbers[0] >= 0
    else { return nil }
    return Double(numbers.reduce(0) { $0 * 60 + $1 })
  }

  /// Two values read by `element`, as a TOML array of two, the smaller first (a range may be
  /// written either way round) and both within `range`.
  static func pair(
    _ value: any TOMLValueConvertible, _ element: (any TOMLValueConvertible) -> Double?,
    within range: ClosedRange<Double>
  ) -> (low: Double, high: Double)? {
    guard let array = value.array, array.count == 2 else { return nil }
    let values = array.compactMap(element)
    guard values.count == 2, values.allSatisfy({ range.contains($0) }) else { return nil }
    return (min(values[0], values[1]), max(values[0], values[1]))
  }
}
