import StriderCore

/// One line of the history: what `strider sessions list` shows without loading the fixes.
public struct SessionListing: Hashable, Sendable {
  public var id: Int64
  public var name: String?
  public var activity: Activity
  public var origin: SessionOrigin
  public var state: SessionState
  /// The recording was cut off once (even if it has been finished since).
  public var wasInterrupted: Bool
  /// Where the fixes came from: a file path, a gpsd address, "simulator".
  public var source: String?
  public var startTime: GNSSTime?
  public var endTime: GNSSTime?
  public var fixCount: Int
  /// From the summary; nil until the session is finished.
  public var distance: Meters?
  public var elapsed: Seconds?
  public var moving: Seconds?
  public var calories: Kilocalories?

  /// Moving time over distance, in seconds per kilometre.
  public var averagePace: Double? {
    guard let distance, let moving, distance >= Pace.shortestMeasured, moving.value > 0 else {
      return nil
    }
    return moving.value / distance.kilometres
  }
}
