import StriderSimulator
import Testing

@testable import StriderCore

/// The simulator's generator must match the published reference code bit for bit.
struct SimulationRandomTests {
  /// First outputs of xoshiro256** seeded by SplitMix64, from the reference C code
  /// (prng.di.unimi.it), compiled and run once to produce these constants.
  @Test(arguments: [
    (UInt64(0), [UInt64(0x99EC_5F36_CB75_F2B4), 0xBF6E_1F78_4956_452A, 0x1A5F_849D_4933_E6E0]),
    (UInt64(42), [UInt64(0x1578_0B2E_0C2E_C716), 0x6104_D986_6D11_3A7E, 0xAE17_5332_39E4_99A1]),
  ])
  func matchesReference(seed: UInt64, expected: [UInt64]) {
    var rng = SeededRandom(seed: seed)
    let outputs = (0..<expected.count).map { _ in rng.next() }
    #expect(outputs == expected, "xoshiro256** must equal the reference output for seed \(seed)")
  }

  @Test func gaussianHasUnitVarianceAndZeroMean() {
    var rng = SeededRandom(seed: 7)
    let n = 20_000
    let samples = (0..<n).map { _ in rng.gaussian() }
    let mean = samples.reduce(0, +) / Double(n)
    let variance = samples.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(n - 1)
    #expect(abs(mean) < 0.03, "the mean of 20 000 standard normals is within 4 standard errors")
    #expect(abs(variance - 1) < 0.05, "the variance of 20 000 standard normals is near 1")
  }

  @Test func integersStayInRangeAndCoverIt() {
    var rng = SeededRandom(seed: 3)
    var seen = Set<Int>()
    for _ in 0..<2000 {
      let value = rng.integer(in: -2...7)
      #expect((-2...7).contains(value))
      seen.insert(value)
    }
    #expect(seen.count == 10, "2000 draws hit all ten values")
  }

  @Test func streamsAreIndependent() {
    var a = SeededRandom(seed: 5, stream: 1)
    var b = SeededRandom(seed: 5, stream: 2)
    #expect(a.next() != b.next())
  }
}
