import StriderCore

/// Merges the TPV reports gpsd sends for one epoch into one fix.
///
/// gpsd reports a TPV after every sentence that changes its fix, so one receiver epoch
/// arrives as several TPVs with the same time, each more complete than the last (GGA gives
/// the position, RMC the speed, GST the error estimates). Judged one by one, all but the
/// first would be duplicates, and the first is the least complete. The merger holds the
/// newest report of the current epoch and hands it on when a report of another epoch
/// arrives. A report without a time (gpsd does not know the date yet) followed by a timed
/// one at the same place is the same epoch completing.
public struct TPVEpochMerger: Sendable {
  private var held: Fix?

  public init() {}

  /// Whether a report is waiting for its epoch to end.
  public var isHolding: Bool { held != nil }

  /// Takes a report; returns the previous epoch's fix when this one starts a new epoch.
  public mutating func add(_ fix: Fix) -> Fix? {
    guard let previous = held else {
      held = fix
      return nil
    }
    if sameEpoch(previous, fix) {
      held = fix
      return nil
    }
    held = fix
    return previous
  }

  /// Hands on the report still held (at the end of a file, a timeout, a disconnect).
  public mutating func flush() -> Fix? {
    defer { held = nil }
    return held
  }

  private func sameEpoch(_ a: Fix, _ b: Fix) -> Bool {
    if a.segment != b.segment { return false }
    switch (a.time, b.time) {
    case (let ta?, let tb?): return ta == tb
    case (nil, _?):
      // Completed once the date is known: the same position, a moment later.
      guard let ca = a.coordinate, let cb = b.coordinate else { return a.coordinate == nil }
      return Geodesy.distanceMeters(ca, cb) < 1
    case (_?, nil): return false
    case (nil, nil): return a.coordinate == b.coordinate
    }
  }
}
