import StriderCore

/// One `lap` message: where the lap began, what it was for and what ended it.
public struct FITLap: Sendable, Hashable {
  public var startTime: GNSSTime?
  /// The profile's `intensity`: 0 active, 1 rest, 2 warm-up, 3 cool-down, 4 recovery, …
  public var intensity: Int?
  /// The profile's `lap_trigger`: 0 manual, 1 time, 2 distance, 3-6 position, 7 session
  /// end, 8 fitness equipment.
  public var trigger: Int?

  public init(startTime: GNSSTime?, intensity: Int? = nil, trigger: Int? = nil) {
    self.startTime = startTime
    self.intensity = intensity
    self.trigger = trigger
  }

  /// The laps run, as the session's laps: a lap press, a timed lap or a machine's ends a
  /// lap; a lap the device ended at a distance or a place is a split, which Strider makes
  /// itself, so the lap after it carries on the one before. A rest or recovery lap is rest.
  public static func recordedLaps(_ laps: [FITLap]) -> RecordedLaps? {
    var starts: [(time: GNSSTime, intensity: LapIntensity)] = []
    var previousEndsLap = true
    for lap in laps {
      guard let start = lap.startTime else { continue }
      let intensity: LapIntensity = lap.intensity == 1 || lap.intensity == 4 ? .rest : .active
      if previousEndsLap || starts.isEmpty {
        starts.append((start, intensity))
      } else if intensity == .rest {
        starts[starts.count - 1].intensity = .rest
      }
      previousEndsLap = !(2...6).contains(lap.trigger ?? 0)
    }
    return RecordedLaps(starts: starts)
  }
}

extension FITProfile {
  /// `lap` fields the reader keeps.
  enum Lap {
    static let startTime: UInt8 = 2
    static let intensity: UInt8 = 23
    static let lapTrigger: UInt8 = 24
    static let fields: Set<UInt8> = [startTime, intensity, lapTrigger]
  }
}

extension FITReader {
  /// At most this many laps are kept (a day of one-minute laps is 1440).
  static let lapLimit = 10_000

  /// Keeps the `lap` message whose header is the next byte.
  mutating func keepLap(_ definition: FITDefinition) {
    guard laps.count < Self.lapLimit else { return }
    let (start, intensity, trigger) = stream.withBytes { p in
      (
        definition.value(FITProfile.Lap.startTime, in: p),
        definition.value(FITProfile.Lap.intensity, in: p),
        definition.value(FITProfile.Lap.lapTrigger, in: p)
      )
    }
    laps.append(
      FITLap(
        startTime: start.flatMap { $0 >= FITProfile.firstDate ? $0 : nil }.map {
          GNSSTime(secondsSince1970: $0 + FITProfile.epochOffset)
        },
        intensity: intensity.flatMap { Int(exactly: $0) },
        trigger: trigger.flatMap { Int(exactly: $0) }))
  }

  /// The file's laps as the session's laps (`FITLap.recordedLaps`).
  public var recordedLaps: RecordedLaps? { FITLap.recordedLaps(laps) }
}
