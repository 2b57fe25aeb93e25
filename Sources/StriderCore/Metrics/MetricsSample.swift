/// One step of the filtered track as the engine feeds it to the metrics, in time order.
///
/// The engine has already decided what counts: it passes `step == 0` at the first sample,
/// across gaps and while paused, marks auto-paused samples with `isMoving == false`, and sets
/// `startsSegment` after a gap. The accumulator therefore never measures distance itself; it
/// trusts the step, so live, replayed and analysed sessions sum the same numbers.
public struct MetricsSample: Sendable, Hashable, Codable {
  /// GNSS time of the point (never the system clock).
  public var time: GNSSTime
  /// Where the filtered track puts the user.
  public var coordinate: Coordinate
  /// Altitude, if the source has one; used for elevation gain and the grade in calories.
  public var altitude: Meters?
  /// Distance from the previous sample; 0 at the first sample, across gaps and while paused.
  public var step: Meters = .zero
  /// False while auto-paused: moving time does not grow, elapsed time does.
  public var isMoving: Bool = true
  /// A gap lies before this sample: it adds no time, and nothing is interpolated across it
  /// for pace. Its step counts only where it was settled before the gap (`settledSpan`).
  public var startsSegment: Bool = false
  /// Of a moving step into or out of a stop, the part the user was moving; they stood the
  /// rest. Nil: the whole step was moving.
  public var movingDuration: Seconds?
  /// The moving time the step's distance was covered in and when it began, where that is
  /// not the sample's own: the live engine counts its distance along positions settled a
  /// few fixes behind the newest, so its splits are measured on their clock. Nil: the
  /// sample's.
  public var settledSpan: Span?

  /// A stretch of the settled clock (`settledSpan`).
  public struct Span: Sendable, Hashable, Codable {
    public var start: GNSSTime
    public var moving: Seconds
  }
}
