import StriderCore

/// Which faults a simulated session contains and how many of each.
///
/// Faults are spread over the session in equal slots, one fault per slot, in a shuffled
/// order, away from the first and last minute, so that they do not hide one another and a
/// signal loss never swallows another fault. A session too short for all of them keeps as
/// many as fit (at least `minimumSpacing` apart), in the order of `SimulatedFault.Kind`.
///
/// `.all` contains every kind a few times while keeping the faulty fixes to about 2 % of
/// a session, so a good filter can still land within 1 % of the true distance.
public struct FaultConfiguration: Sendable, Hashable {
  /// How many occurrences of each kind one session gets (a missing kind: none).
  ///
  /// For `.staleHead` any count above zero means one head of 1–3 cached fixes at the start.
  public var perSession: [SimulatedFault.Kind: Int]
  /// The least time between two scheduled faults.
  public var minimumSpacing: Seconds
  /// The reorder window the expectations assume: a late fix within it should be accepted
  /// (reordered), a later one rejected as `out_of_order`.
  public var reorderWindow: Seconds

  public init(
    perSession: [SimulatedFault.Kind: Int],
    minimumSpacing: Seconds = Seconds(40),
    reorderWindow: Seconds = Seconds(5)
  ) {
    self.perSession = perSession
    self.minimumSpacing = minimumSpacing
    self.reorderWindow = reorderWindow
  }

  /// A clean session.
  public static let none = FaultConfiguration(perSession: [:])

  /// Every kind of fault, a few times per session.
  public static let all = FaultConfiguration(perSession: [
    .staleHead: 1, .network: 3, .jump: 3, .lateFix: 4, .duplicates: 2, .missingAccuracy: 2,
    .negativeAccuracy: 2, .noFix: 3, .signalLoss: 2, .clockJump: 2,
  ])

  /// Only the given kinds, `count` times each.
  public static func only(_ kinds: [SimulatedFault.Kind], count: Int = 2) -> FaultConfiguration {
    FaultConfiguration(perSession: Dictionary(uniqueKeysWithValues: kinds.map { ($0, count) }))
  }

  /// How many occurrences of `kind` a session gets.
  /// The faults a list names: `all`, `none`, or kinds separated by commas (`outlier,dropout`,
  /// two of each); the name not known, for a name that is no kind.
  public static func named(_ list: String) -> Result<FaultConfiguration, UnknownFault> {
    switch list {
    case "all": return .success(.all)
    case "none": return .success(.none)
    default:
      var kinds: [SimulatedFault.Kind] = []
      for name in list.split(separator: ",") {
        guard let kind = SimulatedFault.Kind(rawValue: String(name)) else {
          return .failure(UnknownFault(name: String(name)))
        }
        kinds.append(kind)
      }
      return .success(.only(kinds))
    }
  }

  /// A fault name that is no kind, and the kinds there are.
  public struct UnknownFault: Error, CustomStringConvertible {
    public var name: String
    public var description: String {
      "unknown fault '\(name)'; known: "
        + SimulatedFault.Kind.allCases.map(\.rawValue).joined(separator: ", ")
    }
  }

  public func count(of kind: SimulatedFault.Kind) -> Int {
    max(0, perSession[kind] ?? 0)
  }

  /// Whether the session gets no faults at all.
  public var isEmpty: Bool { SimulatedFault.Kind.allCases.allSatisfy { count(of: $0) == 0 } }
}
