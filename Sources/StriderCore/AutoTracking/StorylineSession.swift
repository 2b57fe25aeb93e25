/// One recorded session as the day's storyline reads it: its identity and its own
/// storyline of stops and moves (`Timeline.segments`).
public struct StorylineSession: Sendable, Hashable {
  public var id: Int64
  public var name: String?
  public var segments: [TimelineSegment]
  /// The session's activity, when known: every move of a drive is a vehicle's, even one
  /// crawling in a queue at a walker's speed, and every move of a ride a ride's.
  public var activity: Activity?

  public init(id: Int64, name: String?, segments: [TimelineSegment], activity: Activity? = nil) {
    self.id = id
    self.name = name
    self.segments = segments
    self.activity = activity
  }

  /// What a move of this session was: the session's activity's (`MoveKind(activity:)`),
  /// else the speed's guess the move carries.
  public func kind(of move: MoveKind) -> MoveKind {
    activity.flatMap(MoveKind.init(activity:)) ?? move
  }
}
