import StriderCore
import StriderSimulator

/// What the filter lab shows: which filters are on, what each gate check rejected, and the
/// distance with and without filtering against the simulator's truth.
public struct FilterLabState: Sendable, Hashable {
  /// Gate checks the user turned off (all on by default).
  public var disabledChecks: Set<RejectionReason>
  public var smootherOn: Bool
  public var autoPauseOn: Bool
  /// Fixes rejected so far, by reason.
  public var rejectedCounts: [RejectionReason: Int]
  /// The raw geodesic length of every fix with a position.
  public var rawDistance: Meters
  /// The distance the engine measures with the current filters.
  public var filteredDistance: Meters
  /// The simulator's true distance so far; nil when unknown.
  public var truthDistance: Meters?
  /// The last fault injected, to confirm a key press ("jump").
  public var lastInjected: SimulatedFault.Kind?

  public init(
    disabledChecks: Set<RejectionReason> = [], smootherOn: Bool = true, autoPauseOn: Bool = true,
    rejectedCounts: [RejectionReason: Int] = [:], rawDistance: Meters = .zero,
    filteredDistance: Meters = .zero, truthDistance: Meters? = nil,
    lastInjected: SimulatedFault.Kind? = nil
  ) {
    self.disabledChecks = disabledChecks
    self.smootherOn = smootherOn
    self.autoPauseOn = autoPauseOn
    self.rejectedCounts = rejectedCounts
    self.rawDistance = rawDistance
    self.filteredDistance = filteredDistance
    self.truthDistance = truthDistance
    self.lastInjected = lastInjected
  }

  /// Whether a gate check is on.
  public func isOn(_ reason: RejectionReason) -> Bool { !disabledChecks.contains(reason) }
}
