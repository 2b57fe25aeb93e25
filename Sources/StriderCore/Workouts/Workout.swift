/// A structured workout: steps and repeated blocks of steps, run in order.
///
/// Repeats nest once (a block holds steps, never another block), which is what runners
/// write ("6 × 400 m with 200 m jog") and what watches accept. `plan` flattens it into the
/// steps the coach walks through.
public struct Workout: Sendable, Hashable {
  /// A step, or a block of steps done `count` times.
  public enum Item: Sendable, Hashable {
    case step(WorkoutStep)
    case repeated(count: Int, steps: [WorkoutStep])
  }

  public var name: String?
  public var items: [Item]

  public init(name: String? = nil, items: [Item]) {
    self.name = name
    self.items = items
  }

  /// Every step in the order it is run, each with where it stands in its block.
  public var plan: [PlannedStep] {
    var result: [PlannedStep] = []
    for item in items {
      switch item {
      case .step(let step):
        result.append(PlannedStep(step: step, number: result.count + 1, repetition: nil))
      case .repeated(let count, let steps):
        guard count > 0 else { continue }
        for round in 1...count {
          for step in steps {
            result.append(
              PlannedStep(
                step: step, number: result.count + 1,
                repetition: PlannedStep.Repetition(round: round, of: count)))
          }
        }
      }
    }
    return result
  }
}

/// One step of a workout's plan: the step, its place in the whole plan, and its round in
/// a repeated block ("Interval 3 of 6").
public struct PlannedStep: Sendable, Hashable {
  public struct Repetition: Sendable, Hashable {
    public var round: Int
    public var of: Int
  }

  public var step: WorkoutStep
  /// 1 for the first step of the plan.
  public var number: Int
  /// The round of its repeated block; nil for a step on its own.
  public var repetition: Repetition?
}
