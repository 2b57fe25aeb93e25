import StriderCore

/// Order statistics of a list of errors, as the accuracy tables report them.
///
/// The median is the middle value (the mean of the two middle values for an even count);
/// p90 and p99 are nearest-rank percentiles (the ⌈0.9·n⌉-th and ⌈0.99·n⌉-th smallest
/// values), so with fewer than ten cases p90 is the worst one, and with fewer than a hundred
/// p99 is.
public struct Statistics: Sendable, Equatable {
  public var count: Int
  public var median: Double
  public var p90: Double
  public var p99: Double
  public var worst: Double

  /// Nil for an empty list.
  public init?(_ values: [Double]) {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let n = sorted.count
    count = n
    median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
    func percentile(_ q: Double) -> Double {
      let rank = Int((q * Double(n)).rounded(.up))
      return sorted[max(0, min(n - 1, rank - 1))]
    }
    p90 = percentile(0.9)
    p99 = percentile(0.99)
    worst = sorted[n - 1]
  }
}

extension Statistics {
  /// One of the figures a subset's JSON line carries.
  enum Figure: String {
    case median, p90, p99, worst
  }

  /// The figures as the JSON members `NAME_FIGURE_pct` (`live_vs_finished_p90_pct`), in the
  /// order given: every spread of errors a subset reports is named the same way.
  func percentMembers(_ name: String, _ figures: Figure...) -> [JSONMember] {
    figures.map { figure in
      let value =
        switch figure {
        case .median: median
        case .p90: p90
        case .p99: p99
        case .worst: worst
        }
      return JSONMember("\(name)_\(figure.rawValue)_pct", .number(value))
    }
  }
}
