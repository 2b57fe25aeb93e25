#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Wall time for pacing a replay. Never used as the time of a fix: that is GNSS time only.
public protocol PacingClock {
  /// Seconds since an arbitrary start; never goes backwards.
  func now() -> Double
  /// Waits, or (for a manual clock) advances.
  mutating func sleep(seconds: Double)
}

/// The system's monotonic clock (CLOCK_MONOTONIC), unaffected by changes to the date.
public struct SystemClock: PacingClock, Sendable {
  public init() {}

  public func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }

  public mutating func sleep(seconds: Double) {
    guard seconds > 0, seconds.isFinite else { return }
    // A wait of more than 30 years (a replay at 1e-290x) is as good as forever, and Int(_:)
    // traps beyond 9.2e18.
    let whole = min(seconds, 1e9).rounded(.down)
    var request = timespec(
      tv_sec: Int(whole), tv_nsec: Int((min(seconds, 1e9) - whole) * 1e9))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
  }
}

/// A clock that only moves when told: replays in tests run instantly and deterministically.
public struct ManualClock: PacingClock, Sendable {
  public private(set) var current: Double

  public init(start: Double = 0) { current = start }

  public func now() -> Double { current }

  public mutating func sleep(seconds: Double) {
    if seconds > 0, seconds.isFinite { current += seconds }
  }

  public mutating func advance(by seconds: Double) { sleep(seconds: seconds) }
}
