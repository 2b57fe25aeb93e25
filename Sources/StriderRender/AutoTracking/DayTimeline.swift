/// A day's places and moves as the timeline panel draws them: plain values, already in
/// local clock time, so the panel needs no calendar and a test writes one by hand.
public struct DayTimeline: Sendable, Hashable {
  /// One stay or one move.
  public struct Entry: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
      /// A stay at a place, with the place's number (its colour and ASCII letter follow it).
      case place(id: Int)
      /// A move, with the vehicle flag (a drive is drawn apart from a walk or a ride).
      case move(vehicle: Bool)
    }

    public var kind: Kind
    /// What the row says first: the place's name, or the move's activity ("walk").
    public var label: String
    /// Minutes after the day's local midnight; nil where the sessions do not say (the
    /// first stay began before anything was recorded, the last one has not ended).
    public var startMinute: Double?
    public var endMinute: Double?
    /// What follows on the row: "2.10 km  26:00  (session 4)".
    public var detail: String

    public init(
      kind: Kind, label: String, startMinute: Double?, endMinute: Double?, detail: String
    ) {
      self.kind = kind
      self.label = label
      self.startMinute = startMinute
      self.endMinute = endMinute
      self.detail = detail
    }

    public var isPlace: Bool {
      if case .place = kind { true } else { false }
    }
  }

  /// The day as the title says it: "2024-05-06".
  public var date: String
  public var entries: [Entry]

  public init(date: String, entries: [Entry]) {
    self.date = date
    self.entries = entries
  }

  /// The span the axis covers, in minutes after midnight: from the whole hour before the
  /// first known time to the whole hour after the last (at least an hour).
  public var axis: ClosedRange<Double> {
    let times = entries.flatMap { [$0.startMinute, $0.endMinute] }.compactMap { $0 }
    guard let first = times.min(), let last = times.max() else { return 0...1440 }
    let low = (first / 60).rounded(.down) * 60
    let high = (last / 60).rounded(.up) * 60
    return low...max(high, low + 60)
  }
}
