import StriderCore

/// One `workout_step` message as the FIT profile stores it, before it means anything:
/// `FITWorkoutImport` reads the meaning.
public struct FITWorkoutStep: Sendable, Hashable {
  /// `message_index`: the step's number from 0, which repeat steps refer to.
  public var index: Int?
  /// `duration_type`: 0 time, 1 distance, 5 open, 6 repeat until steps complete, ...
  public var durationType: Int?
  /// `duration_value`: milliseconds, centimetres, or the step a repeat goes back to.
  public var durationValue: Double?
  /// `target_type`: 0 speed, 1 heart rate, 2 open, 4 power, ...
  public var targetType: Int?
  /// `target_value`: a zone (0: custom), or a repeat's count.
  public var targetValue: Double?
  public var customTargetLow: Double?
  public var customTargetHigh: Double?
  /// `intensity`: 0 active, 1 rest, 2 warm-up, 3 cool-down, 4 recovery, 5 interval.
  public var intensity: Int?

  public init(
    index: Int? = nil, durationType: Int? = nil, durationValue: Double? = nil,
    targetType: Int? = nil, targetValue: Double? = nil, customTargetLow: Double? = nil,
    customTargetHigh: Double? = nil, intensity: Int? = nil
  ) {
    self.index = index
    self.durationType = durationType
    self.durationValue = durationValue
    self.targetType = targetType
    self.targetValue = targetValue
    self.customTargetLow = customTargetLow
    self.customTargetHigh = customTargetHigh
    self.intensity = intensity
  }

  init(_ definition: FITDefinition, in message: UnsafeRawPointer) {
    typealias F = FITProfile.WorkoutStep
    func int(_ number: UInt8) -> Int? {
      definition.value(number, in: message).flatMap { Int(exactly: $0) }
    }
    self.init(
      index: int(FITProfile.messageIndex), durationType: int(F.durationType),
      durationValue: definition.value(F.durationValue, in: message),
      targetType: int(F.targetType), targetValue: definition.value(F.targetValue, in: message),
      customTargetLow: definition.value(F.customTargetLow, in: message),
      customTargetHigh: definition.value(F.customTargetHigh, in: message),
      intensity: int(F.intensity))
  }
}
