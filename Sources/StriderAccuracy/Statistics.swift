/// Order statistics of a list of errors, as the accuracy tables report them.
///
/// The median is the middle value (the mean of the two middle values for an even count);
/// p90 is the nearest-rank 90th percentile (the ⌈0.9·n⌉-th smallest value), so with ten
/// cases or fewer it is the worst one.
public struct Statistics: Sendable, Equatable {
  public var count: Int
  public var median: Double
  public var p90: Double
  public var worst: Double

  /// Nil for an empty list.
  public init?(_ values: [Double]) {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let n = sorted.count
    count = n
    median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
    let rank = Int((0.9 * Double(n)).rounded(.up))
    p90 = sorted[max(0, min(n - 1, rank - 1))]
    worst = sorted[n - 1]
  }
}
