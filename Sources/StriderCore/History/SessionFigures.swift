/// What the history keeps of a finished session so that totals and records never read its
/// fixes again: its distance, times and elevation gain as the summary gives them, and its
/// best efforts on the finished track.
///
/// Computed once when the session is kept (and again whenever it is finished anew); a
/// ten-year history then answers `stats` and `records` from a few thousand rows.
public struct SessionFigures: Hashable, Sendable {
  /// The version of the best-effort search these figures were made with; a stored row of
  /// an older version is made again (the engine's numbers changed).
  public static let currentVersion = 1

  public var activity: Activity
  public var distance: Meters
  public var elapsed: Seconds
  public var moving: Seconds
  /// Nil where the summary does not trust the elevation.
  public var elevationGain: Meters?
  public var efforts: [BestEffort]

  public init(
    activity: Activity, distance: Meters, elapsed: Seconds, moving: Seconds,
    elevationGain: Meters?, efforts: [BestEffort]
  ) {
    self.activity = activity
    self.distance = distance
    self.elapsed = elapsed
    self.moving = moving
    self.elevationGain = elevationGain
    self.efforts = efforts
  }

  /// The figures of a finished session: the summary's numbers (one session, one set of
  /// numbers), and the best efforts searched on `track`, the track the summary was
  /// computed from. A raw (unfiltered) summary has no finished track, so no efforts.
  public init(summary: SessionSummary, track: FinishedTrack) {
    self.init(
      activity: summary.activity, distance: summary.distance, elapsed: summary.elapsed,
      moving: summary.moving, elevationGain: summary.elevationGain,
      efforts: BestEfforts.of(track, activity: summary.activity))
  }

  /// The figures of a finished session whose efforts were searched already (an import
  /// searches its track before it lets it go).
  public init(summary: SessionSummary, efforts: [BestEffort]) {
    self.init(
      activity: summary.activity, distance: summary.distance, elapsed: summary.elapsed,
      moving: summary.moving, elevationGain: summary.elevationGain, efforts: efforts)
  }

  /// The effort for `target`, if the session reached it.
  public func effort(_ target: BestEffortTarget) -> BestEffort? {
    efforts.first { $0.target == target }
  }
}
