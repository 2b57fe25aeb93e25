import StriderCore
import StriderSimulator

/// The simulator's truth, read by fix time: the true distance the filter lab scores against.
public struct TruthLookup: Sendable, Equatable {
  /// The truth samples, in time order.
  public let samples: [TruthSample]

  public init(samples: [TruthSample]) {
    self.samples = samples
  }

  /// The true distance covered at the sample at or just before `time` (a binary search: the
  /// truth is in time order); nil for a time outside the simulated run.
  public func distance(at time: GNSSTime) -> Meters? {
    guard let first = samples.first, let last = samples.last, time >= first.time,
      time - last.time <= Seconds(1)
    else { return nil }
    var low = 0
    var high = samples.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if samples[middle].time <= time { low = middle } else { high = middle - 1 }
    }
    return samples[low].distanceAlongRoute
  }
}
