/// The gate of a `SessionEngine`, run apart from it: batch analysis judges the fixes on a
/// thread of its own while the engine works on the ones judged before, so the second core
/// takes a share of the engine's work and not only the parsing.
///
/// Judging is the engine's first step and needs nothing from the rest, so the decisions it
/// hands to `SessionEngine.absorb(judged:)` are the ones the engine's own gate would make:
/// the figures are the same either way.
public struct GateStage: Sendable {
  private var gate: Gate
  /// The fixes judged, as `SessionEngine.pointsIn` counts them.
  public private(set) var pointsIn = 0
  /// The fixes judged that had a valid position (`SessionEngine.fixesWithPosition`).
  public private(set) var fixesWithPosition = 0

  /// A stage judging as an engine with `configuration` does.
  public init(configuration: SessionConfiguration) {
    gate = Gate(configuration: configuration.gate)
  }

  /// Judges `fix`, appending the decisions it made possible to `decisions`.
  public mutating func judge(_ fix: Fix, into decisions: inout [GateDecision]) {
    pointsIn += 1
    if fix.coordinate?.isValid == true { fixesWithPosition += 1 }
    gate.ingest(fix, into: &decisions)
  }

  /// The decisions for the fixes still held, at the end of the stream.
  public mutating func finish(into decisions: inout [GateDecision]) {
    decisions.append(contentsOf: gate.finish())
  }
}
