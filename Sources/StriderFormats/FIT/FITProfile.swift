import StriderCore

/// The part of the FIT profile (message and field numbers, scales and offsets) Strider
/// reads, as the published FIT profile defines them.
enum FITProfile {
  /// Seconds from 1970-01-01 to the FIT epoch, 1989-12-31T00:00:00Z.
  static let epochOffset = 631_065_600.0
  /// Semicircles to degrees: 2^31 semicircles are 180 degrees.
  static let degreesPerSemicircle = 180.0 / 2_147_483_648.0
  /// The smallest `date_time` that is a date: smaller values count seconds from the
  /// device's power-on (the profile's `date_time` type, "min" value).
  static let firstDate: Double = 0x1000_0000
  /// The field number every message uses for its timestamp.
  static let timestamp: UInt8 = 253

  static let record: UInt16 = 20
  static let session: UInt16 = 18
  static let lap: UInt16 = 19
  static let event: UInt16 = 21
  static let workout: UInt16 = 26
  static let workoutStep: UInt16 = 27
  /// The field number of `message_index`, which numbers a workout's steps.
  static let messageIndex: UInt8 = 254

  /// `workout` fields: the sport.
  enum Workout {
    static let sport: UInt8 = 4
  }

  /// `workout_step` fields: how the step ends (`duration_type`, `duration_value`), what it
  /// aims at (`target_type`, `target_value`, custom low and high) and its `intensity`.
  enum WorkoutStep {
    static let durationType: UInt8 = 1
    static let durationValue: UInt8 = 2
    static let targetType: UInt8 = 3
    static let targetValue: UInt8 = 4
    static let customTargetLow: UInt8 = 5
    static let customTargetHigh: UInt8 = 6
    static let intensity: UInt8 = 7
  }

  /// `event` fields: which event (0 is the timer) and its type (0 start; 1 stop, 4 stop
  /// all, 8 stop and disable, 9 stop and disable all).
  enum Event {
    static let event: UInt8 = 0
    static let eventType: UInt8 = 1
    static let timer = 0.0
    static let start = 0.0
    static let stopTypes: [Double] = [1, 4, 8, 9]
  }

  /// `record` fields: position (semicircles), altitude (scale 5, offset 500 m), heart rate,
  /// cadence, distance (scale 100 m), speed (scale 1000 m/s), compressed speed and
  /// distance (3 bytes), power (W), temperature (°C), GPS accuracy (m), enhanced speed and
  /// altitude.
  enum Record {
    static let latitude: UInt8 = 0
    static let longitude: UInt8 = 1
    static let altitude: UInt8 = 2
    static let heartRate: UInt8 = 3
    static let cadence: UInt8 = 4
    static let distance: UInt8 = 5
    static let speed: UInt8 = 6
    static let power: UInt8 = 7
    static let compressedSpeedDistance: UInt8 = 8
    static let temperature: UInt8 = 13
    static let gpsAccuracy: UInt8 = 31
    static let enhancedSpeed: UInt8 = 73
    static let enhancedAltitude: UInt8 = 78
  }

  /// `session` fields: start time, sport, sub-sport, elapsed and timer time (scale 1000 s),
  /// distance (scale 100 m), calories (kcal).
  enum Session {
    static let startTime: UInt8 = 2
    static let sport: UInt8 = 5
    static let subSport: UInt8 = 6
    static let totalElapsedTime: UInt8 = 7
    static let totalTimerTime: UInt8 = 8
    static let totalDistance: UInt8 = 9
    static let totalCalories: UInt8 = 11
  }

  /// Whether the reader keeps field `number` of global message `global`.
  static func uses(global: UInt16, field number: UInt8) -> Bool {
    if number == timestamp { return true }
    switch global {
    case record:
      return number <= 8 || number == Record.temperature || number == 31 || number == 73
        || number == 78
    case session:
      return (2...9).contains(number) || number == Session.totalCalories
    case lap:
      return Lap.fields.contains(number)
    case event:
      return number <= 1
    case workout:
      return number == Workout.sport
    case workoutStep:
      return (1...7).contains(number) || number == messageIndex
    default:
      return false
    }
  }

  /// The profile's names of the `sport` enum values a tracker meets.
  static func sportName(_ value: Int) -> String {
    switch value {
    case 0: "generic"
    case 1: "running"
    case 2: "cycling"
    case 3: "transition"
    case 4: "fitness_equipment"
    case 5: "swimming"
    case 10: "training"
    case 11: "walking"
    case 12: "cross_country_skiing"
    case 15: "rowing"
    case 16: "mountaineering"
    case 17: "hiking"
    case 18: "multisport"
    case 19: "paddling"
    case 24: "driving"
    default: "sport \(value)"
    }
  }

  /// The activity a `sport` value names, when Strider has one for it.
  static func activity(sport value: Int) -> Activity? {
    switch value {
    case 1: .run
    case 2: .ride
    case 5: .swim
    case 11: .walk
    case 17: .hike
    case 24: .drive
    default: nil
    }
  }
}

/// One `session` message: the device's own account of an activity or of one part of a
/// multisport one.
public struct FITSession: Sendable, Equatable {
  /// The `sport` enum value, nil when the device left it invalid.
  public var sport: Int?
  /// The `sub_sport` enum value.
  public var subSport: Int?
  public var startTime: GNSSTime?
  /// Seconds from start to end, pauses included.
  public var totalElapsedTime: Double?
  /// Seconds the timer ran.
  public var totalTimerTime: Double?
  /// The device's distance, in metres.
  public var totalDistance: Meters?
  /// The device's energy estimate.
  public var totalCalories: Kilocalories?

  /// The profile's name of the sport ("running", "cycling"), nil when none was given.
  public var sportName: String? { sport.map(FITProfile.sportName) }
}
