/// One recorded session as the day's storyline reads it: its identity and its own
/// storyline of stops and moves (`Timeline.segments`).
public struct StorylineSession: Sendable, Hashable {
  public var id: Int64
  public var name: String?
  public var segments: [TimelineSegment]

  public init(id: Int64, name: String?, segments: [TimelineSegment]) {
    self.id = id
    self.name = name
    self.segments = segments
  }
}
