import StriderAccuracy
import Testing

/// The order statistics the accuracy tables and targets read.
@Suite struct StatisticsTests {
  /// Nearest rank: the ⌈q·n⌉-th smallest value.
  @Test(arguments: [(9, 9.0, 9.0), (10, 9.0, 10.0), (100, 90.0, 99.0), (900, 810.0, 891.0)])
  func percentilesAreNearestRank(count: Int, p90: Double, p99: Double) throws {
    let values = (1...count).reversed().map(Double.init)
    let stats = try #require(Statistics(values))
    #expect(stats.p90 == p90)
    #expect(stats.p99 == p99)
    #expect(stats.worst == Double(count))
    #expect(stats.median == (Double(count) + 1) / 2)
  }

  @Test func noValuesNoFigures() {
    #expect(Statistics([]) == nil)
  }
}
