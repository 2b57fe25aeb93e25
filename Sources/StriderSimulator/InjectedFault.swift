import StriderCore

/// A record of one fault the simulator put into a session: the answer key for gate tests.
///
/// There is one record per faulty fix delivered (a burst of five duplicates gives five
/// records, a stale head of three fixes gives three), and one record without a fix for a
/// signal loss.
public struct InjectedFault: Sendable, Hashable {
  /// The fault, with the parameters actually used.
  public var fault: SimulatedFault
  /// The delivery index (`origin.index`, the position in `fixes`) of the faulty fix; nil
  /// for a signal loss, which has no fix.
  public var fixIndex: Int?
  /// The time of the epoch the fault was injected at (for a signal loss, when it began).
  public var epochTime: GNSSTime
  /// What a good gate should decide about the faulty fix; nil when it should accept it
  /// (a late fix inside the reorder window) or when there is no fix.
  public var expectedRejection: RejectionReason?

  public init(
    fault: SimulatedFault, fixIndex: Int?, epochTime: GNSSTime,
    expectedRejection: RejectionReason?
  ) {
    self.fault = fault
    self.fixIndex = fixIndex
    self.epochTime = epochTime
    self.expectedRejection = expectedRejection
  }

  /// The kind of fault.
  public var kind: SimulatedFault.Kind { fault.kind }
}
