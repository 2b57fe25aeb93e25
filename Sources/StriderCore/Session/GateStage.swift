/// The gate of a session, run before its engine: the pipeline judges each fix with its
/// own stage, and a file read at full speed has its fixes judged on a thread of its own
/// while the engine works on the ones judged before, so the second core takes a share of
/// the engine's work and not only the parsing.
///
/// Judging needs nothing from the rest, so the decisions either way are the same, and a
/// stage that judged ahead goes back into the pipeline before its finish
/// (`SessionPipeline.takeBackGate`), which judges the fixes still held.
public struct GateStage: Sendable {
  fileprivate(set) var gate: Gate

  /// A stage judging as an engine with `configuration` does.
  public init(configuration: SessionConfiguration) {
    gate = Gate(configuration: configuration.gate)
  }

  /// Judges one fix, appending the decisions it made possible to `decisions`.
  mutating func judge(_ fix: Fix, into decisions: inout [GateDecision]) {
    gate.ingest(fix, into: &decisions)
  }

  /// The decisions on the fixes still held for reordering: judged now, at the finish or
  /// when the source is lost.
  mutating func judgeHeld() -> [GateDecision] { gate.finish() }

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
  /// the batch takes it back with the fixes it took (`SessionPipeline.takeBackGate(_:after:)`).
  public var stageBefore: GateStage?

  public init() {}

  /// The decisions judging fix `i` made possible.
  public func decisions(of i: Int) -> ArraySlice<GateDecision> {
    decisions[(i == 0 ? 0 : ends[i - 1])..<ends[i]]
  }

}
