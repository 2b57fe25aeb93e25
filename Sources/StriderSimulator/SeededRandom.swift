import Foundation
import StriderCore

/// A small, fast, seedable random number generator: xoshiro256** seeded through SplitMix64.
///
/// The simulator must give bit-identical sessions for the same seed on every machine and
/// every Swift version, so it cannot use `SystemRandomNumberGenerator` nor the standard
/// library's `Double.random(in:using:)` (whose algorithm is not specified). The generator
/// and every derived sample (uniform doubles, integers, Box–Muller Gaussians) are spelled
/// out here. Algorithms: D. Blackman and S. Vigna, "Scrambled linear pseudorandom number
/// generators" (ACM TOMS, 2021) for xoshiro256**, and G. Steele, D. Lea and C. Flood,
/// "Fast splittable pseudorandom number generators" (OOPSLA 2014) for SplitMix64, which
/// expands one 64-bit seed into the four state words as the xoshiro authors recommend.
///
/// The Gaussian samples use `log`, `sin` and `cos`; those agree across glibc and Apple's
/// libm for the arguments used here in practice, but IEEE 754 does not require it.
public struct SeededRandom: RandomNumberGenerator, Sendable, Hashable {
  private var s0: UInt64
  private var s1: UInt64
  private var s2: UInt64
  private var s3: UInt64
  /// The second value of the last Box–Muller pair, kept so no draw is wasted.
  private var spareGaussian: Double?

  /// A generator whose whole future output is fixed by `seed`.
  public init(seed: UInt64) {
    var mixer = seed
    s0 = SeededRandom.splitMix64(&mixer)
    s1 = SeededRandom.splitMix64(&mixer)
    s2 = SeededRandom.splitMix64(&mixer)
    s3 = SeededRandom.splitMix64(&mixer)
    if s0 | s1 | s2 | s3 == 0 { s0 = 1 }  // the one state xoshiro cannot leave
    spareGaussian = nil
  }

  /// An independent generator for one concern of the simulation (motion, noise, faults).
  ///
  /// Separate streams keep, for example, the noise of every fix unchanged when a fault is
  /// switched on, so two sessions differ only where the fault is.
  public init(seed: UInt64, stream: UInt64) {
    var mixer = seed ^ (stream &* 0xD1B5_4A32_D192_ED03)
    self.init(seed: SeededRandom.splitMix64(&mixer))
  }

  /// One step of SplitMix64.
  static func splitMix64(_ state: inout UInt64) -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// The next 64 random bits (xoshiro256**).
  public mutating func next() -> UInt64 {
    let result = rotateLeft(s1 &* 5, 7) &* 9
    let t = s1 << 17
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = rotateLeft(s3, 45)
    return result
  }

  /// A uniform double in [0, 1) with 53 random bits.
  public mutating func uniform() -> Double {
    Double(next() >> 11) * 0x1p-53
  }

  /// A uniform double in `range` (both ends possible up to rounding).
  public mutating func uniform(in range: ClosedRange<Double>) -> Double {
    range.lowerBound + (range.upperBound - range.lowerBound) * uniform()
  }

  /// A uniform quantity in `range`.
  public mutating func uniform<Q: Quantity>(in range: ClosedRange<Q>) -> Q {
    Q(uniform(in: range.lowerBound.value...range.upperBound.value))
  }

  /// A uniform integer in `range`, without modulo bias (Lemire's multiply-and-reject).
  public mutating func integer(in range: ClosedRange<Int>) -> Int {
    let span = UInt64(range.upperBound - range.lowerBound) &+ 1
    if span == 0 { return range.lowerBound &+ Int(truncatingIfNeeded: next()) }
    var product = next().multipliedFullWidth(by: span)
    if product.low < span {
      let threshold = (0 &- span) % span
      while product.low < threshold { product = next().multipliedFullWidth(by: span) }
    }
    return range.lowerBound + Int(product.high)
  }

  /// True with the given probability.
  public mutating func chance(_ probability: Double) -> Bool {
    uniform() < probability
  }

  /// A standard normal sample by the Box–Muller transform (G. Box and M. Muller, 1958).
  ///
  /// Box–Muller rather than a ziggurat: it is a few lines, has no tables, and its output
  /// depends only on `log`, `sqrt`, `sin` and `cos`.
  public mutating func gaussian() -> Double {
    if let spare = spareGaussian {
      spareGaussian = nil
      return spare
    }
    let u1 = Double((next() >> 11) + 1) * 0x1p-53  // (0, 1]: log never sees zero
    let u2 = uniform()
    let radius = (-2 * log(u1)).squareRoot()
    let angle = 2 * Double.pi * u2
    spareGaussian = radius * sin(angle)
    return radius * cos(angle)
  }

  /// A normal sample with the given mean and standard deviation.
  public mutating func gaussian(mean: Double, sigma: Double) -> Double {
    mean + sigma * gaussian()
  }

  /// The elements of `array` in a random order (Fisher–Yates).
  public mutating func shuffled<T>(_ array: [T]) -> [T] {
    var result = array
    guard result.count > 1 else { return result }
    for i in stride(from: result.count - 1, to: 0, by: -1) {
      result.swapAt(i, integer(in: 0...i))
    }
    return result
  }
}

@inline(__always)
private func rotateLeft(_ x: UInt64, _ k: UInt64) -> UInt64 {
  (x << k) | (x >> (64 - k))
}
