import Testing

@testable import StriderCore

/// The speaker's queue: two sentences never talk over each other, the most important waits
/// least, and stale sentences give way.
@Suite struct CueQueueTests {
  static func drain(_ queue: inout CueQueue) -> [String] {
    var said: [String] = []
    while let next = queue.next() { said.append(next.text) }
    return said
  }

  @Test func theMostImportantGoesFirstAndOneAtATime() {
    var queue = CueQueue(capacity: 5)
    queue.push(
      SpokenCue(Cue(time: GNSSTime(secondsSince1970: 0), trigger: .time, text: "Five minutes.")))
    queue.push(SpokenCue("Auto-paused.", priority: .status, topic: .pause))
    queue.push(
      SpokenCue(
        CoachCue(time: GNSSTime(secondsSince1970: 0), kind: .speedUp, step: 2, text: "Speed up.")))
    queue.push(
      SpokenCue(
        CoachCue(
          time: GNSSTime(secondsSince1970: 0), kind: .stepStart, step: 3, text: "Recovery.")))
    #expect(queue.next()?.text == "Recovery.")
    #expect(Self.drain(&queue) == ["Speed up.", "Auto-paused.", "Five minutes."])
    #expect(queue.next() == nil)
  }

  @Test func aNewerSentenceOnTheSameTopicReplacesTheWaitingOne() {
    var queue = CueQueue()
    queue.push(SpokenCue("Speed up.", priority: .coaching, topic: .target))
    queue.push(SpokenCue("Auto-paused.", priority: .status, topic: .pause))
    queue.push(SpokenCue("Back on pace.", priority: .coaching, topic: .target))
    queue.push(SpokenCue("Resumed.", priority: .status, topic: .pause))
    #expect(Self.drain(&queue) == ["Back on pace.", "Resumed."])
  }

  @Test func beyondCapacityTheLeastImportantAndOldestIsDropped() {
    var queue = CueQueue(capacity: 2)
    queue.push(SpokenCue("Interval 1 of 6.", priority: .step))
    queue.push(SpokenCue("GPS signal lost.", priority: .status, topic: .signal))
    queue.push(SpokenCue("400 metres in 1:38.", priority: .step))
    #expect(Self.drain(&queue) == ["Interval 1 of 6.", "400 metres in 1:38."])
    var same = CueQueue(capacity: 2)
    for text in ["a", "b", "c"] { same.push(SpokenCue(text, priority: .step)) }
    #expect(Self.drain(&same) == ["b", "c"], "in one priority, the oldest goes")
  }

  @Test(
    "Every session trigger and coach kind has its priority",
    arguments: CueTrigger.allCases)
  func sessionPriorities(trigger: CueTrigger) {
    let cue = SpokenCue(Cue(time: GNSSTime(secondsSince1970: 0), trigger: trigger, text: "x"))
    switch trigger {
    case .time, .distance, .split, .finish, .record: #expect(cue.priority == .routine)
    case .pause, .resume, .signalLost, .signalRegained, .storage:
      #expect(cue.priority == .status)
    case .lap: #expect(cue.priority == .step)
    }
  }
}
