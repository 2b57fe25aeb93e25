import Foundation
import StriderCore

/// A FIT workout file (what Garmin Connect and other planners send to a watch) as a
/// `Workout`, with a note for each part Strider cannot follow.
///
/// Follows the FIT profile's `workout_step` message:
/// - `duration_type` 0 (time, ms) and 1 (distance, cm) become time and distance steps, 5
///   (open) an open step; a step that ends on something Strider does not measure (heart
///   rate above or below a value, calories, power) becomes an open step, with a note.
/// - `duration_type` 6 (repeat until steps complete) repeats the steps from the one
///   `duration_value` names, `target_value` times in all. Repeats nest once in Strider; a
///   repeat over a repeat is an error. Other repeats (until a time, a distance, ...) are
///   errors too: their rounds are unknown.
/// - `target_type` 0 (speed) with custom bounds (scale 1000, m/s) becomes a pace range (a
///   speed range on a ride); 1 (heart rate) a zone, or custom bounds in bpm (stored + 100);
///   speed zones, heart rate in % of the maximum, power, cadence and grade are not coached,
///   with a note.
/// - `intensity` 2 warm-up, 3 cool-down, 1 rest and 4 recovery give the step's kind; active
///   and interval are work.
public enum FITWorkoutImport {
  /// `duration_type` of a repeat of the steps from an earlier one, a number of times.
  static let repeatSteps = 6
  /// `duration_type`s of repeats until something happens: until a time, distance,
  /// calories, heart rate or power (7–13), or a last lap's power (17, 18).
  static let otherRepeats: Set<Int> = [7, 8, 9, 10, 11, 12, 13, 17, 18]

  /// A workout and what was left out or changed to read it.
  public struct Imported: Sendable, Hashable {
    public var workout: Workout
    public var notes: [String]
  }

  /// The largest FIT workout read: 1 MiB, as for the config file and TOML workouts. A
  /// workout is a few hundred bytes (a message per step); a file this size is the wrong
  /// file (an activity of hours), or a stream that never ends (`/dev/zero`), and it is read
  /// whole, so it is refused before it is read.
  public static let sizeLimit = 1 << 20

  /// Reads the workout in the FIT file at `path`.
  public static func load(path: String) throws(FormatError) -> Imported {
    let data = try readSmall(path)
    var reader = FITReader(bytes: data, fileName: path)
    while try reader.next() != nil {}
    guard !reader.workoutSteps.isEmpty else {
      throw FormatError(
        .wrongFormat, file: path, message: "no workout_step messages: not a FIT workout file")
    }
    let activity = reader.workoutSport.flatMap(FITProfile.activity(sport:)) ?? .run
    return try workout(reader.workoutSteps, file: path, activity: activity)
  }

  /// The file's bytes, refusing one over `sizeLimit` (by its size when it has one, else by
  /// reading no further than one byte past it).
  static func readSmall(_ path: String) throws(FormatError) -> [UInt8] {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw FormatError(.unreadable, file: path, message: "cannot be read")
    }
    defer { try? handle.close() }
    func tooLarge(_ size: Int?) -> FormatError {
      FormatError(
        .unreadable, file: path,
        message: "is \(size.map { "\($0) bytes" } ?? "over \(sizeLimit) bytes"), too large "
          + "for a FIT workout (at most \(sizeLimit) bytes, 1 MiB): is it an activity file?")
    }
    var info = stat()
    if fstat(handle.fileDescriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
      info.st_size > sizeLimit
    {
      throw tooLarge(Int(info.st_size))
    }
    let data: Data
    do {
      data = try handle.read(upToCount: sizeLimit + 1) ?? Data()
    } catch {
      throw FormatError(.unreadable, file: path, message: "cannot be read")
    }
    guard data.count <= sizeLimit else { throw tooLarge(nil) }
    return [UInt8](data)
  }

  /// The workout the steps of a FIT file describe; `file` names it in errors and notes, and
  /// `activity` (the `workout` message's sport, else running) says whether a speed target
  /// is a pace range or a speed range.
  public static func workout(_ steps: [FITWorkoutStep], file: String, activity: Activity)
    throws(FormatError) -> Imported
  {
    var items: [Workout.Item] = []
    /// For each FIT step so far, the item it became; nil for a repeat step and the steps a
    /// repeat holds (a later repeat over them would nest).
    var itemOf: [Int?] = []
    var notes: [String] = []
    for (position, fit) in steps.enumerated() {
      let number = position + 1
      if fit.durationType == FITWorkoutImport.repeatSteps {
        guard let from = fit.durationValue.flatMap({ Int(exactly: $0) }), from >= 0,
          from < position, let count = fit.targetValue.flatMap({ Int(exactly: $0) }), count >= 1
        else {
          throw FormatError(
            .malformed, file: file,
            message: "step \(number): a repeat must go back to an earlier step, at least once")
        }
        let covered = itemOf[from..<position]
        guard covered.allSatisfy({ $0 != nil }), let first = covered.first.flatMap({ $0 }) else {
          throw FormatError(
            .malformed, file: file,
            message: "step \(number): repeats over a repeat; Strider's repeats nest once")
        }
        var repeated: [WorkoutStep] = []
        for item in items[first...] {
          if case .step(let step) = item { repeated.append(step) }
        }
        items.removeSubrange(first...)
        for k in from..<position { itemOf[k] = nil }
        items.append(.repeated(count: count, steps: repeated))
        itemOf.append(nil)
        continue
      }
      guard fit.durationType.map({ !FITWorkoutImport.otherRepeats.contains($0) }) ?? true else {
        throw FormatError(
          .malformed, file: file,
          message: "step \(number): a repeat until a time, distance, calories, heart rate or "
            + "power (duration_type \(fit.durationType ?? -1)) has no number of rounds")
      }
      let length = length(fit, number: number, notes: &notes)
      let target = target(fit, number: number, activity: activity, notes: &notes)
      itemOf.append(items.count)
      items.append(.step(WorkoutStep(kind: kind(fit.intensity), length: length, target: target)))
    }
    return Imported(
      workout: Workout(name: (file as NSString).lastPathComponent, items: items), notes: notes)
  }

  static func kind(_ intensity: Int?) -> WorkoutStepKind {
    switch intensity {
    case 2: .warmUp
    case 3: .coolDown
    case 1, 4: .recovery
    default: .work
    }
  }

  static func length(_ fit: FITWorkoutStep, number: Int, notes: inout [String]) -> StepLength {
    switch (fit.durationType, fit.durationValue) {
    case (0, let ms?) where ms > 0: return .time(Seconds(ms / 1000))
    case (1, let cm?) where cm > 0: return .distance(Meters(cm / 100))
    case (5, _), (nil, _): return .open
    case (2, let v?), (3, let v?):
      let whole = v.isFinite && abs(v) < 1e9 ? Int(v) : nil
      let bpm =
        whole.map { $0 > 100 ? "\($0 - 100) bpm" : "\($0) % of the maximum heart rate" }
        ?? "an unreadable figure (\(v))"
      let side = fit.durationType == 2 ? "below" : "above"
      notes.append(
        "step \(number): ends when the heart rate is \(side) \(bpm), which Strider does not "
          + "follow: it is open (it ends at a lap)")
    default:
      notes.append(
        "step \(number): ends on something Strider does not measure (duration_type "
          + "\(fit.durationType ?? -1)): it is open (it ends at a lap)")
    }
    return .open
  }

  static func target(
    _ fit: FITWorkoutStep, number: Int, activity: Activity, notes: inout [String]
  ) -> WorkoutTarget? {
    let zone = fit.targetValue.flatMap { Int(exactly: $0) } ?? 0
    switch fit.targetType {
    case nil, 2:
      return nil
    case 0 where zone == 0:
      guard let low = fit.customTargetLow, let high = fit.customTargetHigh, low > 0, high > 0
      else { break }
      let (slow, fast) = (min(low, high) / 1000, max(low, high) / 1000)
      if activity.prefersSpeed {
        return .speed(MetersPerSecond(slow)...MetersPerSecond(fast))
      }
      return .pace(fastest: Pace(1000 / fast), slowest: Pace(1000 / slow))
    case 1 where (1...HeartRateZones.count).contains(zone):
      return .heartRateZone(zone)
    case 1 where zone == 0:
      guard let low = fit.customTargetLow, let high = fit.customTargetHigh, low > 100, high > 100
      else {
        notes.append(
          "step \(number): a heart-rate target in % of the maximum is not coached")
        return nil
      }
      return .heartRate(
        BeatsPerMinute(min(low, high) - 100)...BeatsPerMinute(max(low, high) - 100))
    default:
      break
    }
    let name: String
    switch fit.targetType {
    case 0: name = "a speed zone of the watch's own"
    case 3: name = "a cadence target"
    case 4: name = "a power target"
    case 5: name = "a grade target"
    default: name = "target_type \(fit.targetType ?? -1)"
    }
    notes.append("step \(number): \(name) is not coached")
    return nil
  }
}
