/// How much a sentence matters when several wait to be spoken: a workout step's start or
/// result first, then the coach's "Speed up" / "Slow down", then pause and signal news,
/// then the periodic figures.
public enum CuePriority: Int, Sendable, Hashable, Comparable, CaseIterable {
  case routine
  case status
  case coaching
  case step

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A sentence to speak, with its priority and what it is about: a newer sentence on the
/// same topic replaces one still waiting (a "Back on pace" makes a waiting "Speed up"
/// pointless; the latest figures make older ones stale).
public struct SpokenCue: Sendable, Hashable {
  public enum Topic: Sendable, Hashable {
    case figures
    case target
    case pause
    case signal
    case storage
  }

  public var text: String
  public var priority: CuePriority
  public var topic: Topic?

  public init(_ text: String, priority: CuePriority = .routine, topic: Topic? = nil) {
    self.text = text
    self.priority = priority
    self.topic = topic
  }

  /// A session cue: periodic figures and new bests are routine, pause and signal news are
  /// status.
  public init(_ cue: Cue) {
    switch cue.trigger {
    case .time, .distance, .split, .finish: self.init(cue.text, priority: .routine, topic: .figures)
    // Each new best is its own news, said after the finish's figures.
    case .record: self.init(cue.text, priority: .routine)
    case .pause, .resume: self.init(cue.text, priority: .status, topic: .pause)
    case .signalLost, .signalRegained: self.init(cue.text, priority: .status, topic: .signal)
    case .storage: self.init(cue.text, priority: .status, topic: .storage)
    // The runner pressed for it: said before the figures, as a step's result is.
    case .lap: self.init(cue.text, priority: .step)
    }
  }

  /// A coach's sentence: steps first, then the target's warnings (one topic: the latest
  /// word about the target is the one that counts).
  public init(_ cue: CoachCue) {
    switch cue.kind {
    case .stepStart, .stepResult, .workoutDone: self.init(cue.text, priority: .step)
    case .speedUp, .slowDown, .backOnTarget:
      self.init(cue.text, priority: .coaching, topic: .target)
    }
  }
}

/// The sentences waiting to be spoken, so that two never talk over each other: the speaker
/// takes one (`next`) only when the last has ended.
///
/// The most important waits least (`CuePriority`), sentences of one priority go in the
/// order said, a sentence replaces a waiting one on its topic, and beyond `capacity` the
/// least important and oldest is dropped: stale news is not worth hearing.
public struct CueQueue: Sendable, Hashable {
  public let capacity: Int
  public private(set) var waiting: [SpokenCue] = []

  public init(capacity: Int = 3) {
    self.capacity = max(1, capacity)
  }

  public var isEmpty: Bool { waiting.isEmpty }

  public mutating func push(_ cue: SpokenCue) {
    if let topic = cue.topic { waiting.removeAll { $0.topic == topic } }
    waiting.append(cue)
    while waiting.count > capacity {
      // The first of the lowest priority: the least important, and the oldest of those.
      guard let lowest = waiting.map(\.priority).min(),
        let index = waiting.firstIndex(where: { $0.priority == lowest })
      else { break }
      waiting.remove(at: index)
    }
  }

  /// The sentence to speak now: the first of the highest priority.
  public mutating func next() -> SpokenCue? {
    guard let highest = waiting.map(\.priority).max(),
      let index = waiting.firstIndex(where: { $0.priority == highest })
    else { return nil }
    return waiting.remove(at: index)
  }
}
