/// The gate of a `SessionEngine`, run apart from it: a file read at full speed has its
/// fixes judged on a thread of its own while the engine works on the ones judged before,
/// so the second core takes a share of the engine's work and not only the parsing.
///
/// Judging is the engine's first step and needs nothing from the rest, so the decisions it
/// hands to the engine (`SessionEngine.absorb(judged:)`, `ingest(judged:of:into:)`) are the
/// ones the engine's own gate would make, and the stage goes back into the engine before
/// its finish (`takeBackGate`), which judges the fixes still held: the figures are the
/// same either way.
public struct GateStage: Sendable {
  fileprivate(set) var gate: Gate

  /// A stage judging as an engine with `configuration` does.
  public init(configuration: SessionConfiguration) {
    gate = Gate(configuration: configuration.gate)
  }

  /// Judges `fixes` in order.
  public mutating func judge(_ fixes: ArraySlice<Fix>) -> JudgedBatch {
    var batch = JudgedBatch()
    batch.stageBefore = self
    batch.fixes.reserveCapacity(fixes.count)
    batch.ends.reserveCapacity(fixes.count)
    batch.decisions.reserveCapacity(fixes.count + 8)
    for fix in fixes {
      batch.fixes.append(fix)
      if fix.coordinate?.isValid == true { batch.withPosition += 1 }
      gate.ingest(fix, into: &batch.decisions)
      batch.ends.append(batch.decisions.count)
    }
    return batch
  }
}

/// Fixes with the gate's decisions on them (`GateStage.judge`).
public struct JudgedBatch: Sendable {
  /// The fixes judged, in order.
  public var fixes: [Fix] = []
  /// The decisions they made possible, in order: fix `i`'s are `decisions(of: i)`. A fix
  /// held in the reorder window is decided with a later fix, or at the finish.
  public var decisions: [GateDecision] = []
  /// Where each fix's decisions end in `decisions`.
  var ends: [Int] = []
  /// How many of the fixes have a valid position (`SessionEngine.fixesWithPosition`).
  public var withPosition = 0
  /// The stage as it was before it judged these fixes: an engine stopped partway through
  /// the batch takes it back with the fixes it took (`SessionEngine.takeBackGate(_:after:)`).
  public var stageBefore: GateStage?

  public init() {}

  /// The decisions judging fix `i` made possible.
  public func decisions(of i: Int) -> ArraySlice<GateDecision> {
    decisions[(i == 0 ? 0 : ends[i - 1])..<ends[i]]
  }
}

extension SessionEngine {
  /// Takes what a `GateStage` made of some fixes as `absorb` takes fixes its own gate
  /// judges: an engine fed this way is fed no fixes, and takes the stage back
  /// (`takeBackGate`) before `finish`.
  mutating func absorb(judged batch: JudgedBatch) {
    absorb(judged: batch.decisions, fixes: batch.fixes.count, withPosition: batch.withPosition)
  }
}
