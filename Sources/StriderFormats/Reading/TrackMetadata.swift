import StriderCore

/// What a track file says about itself, apart from its fixes.
public struct TrackMetadata: Sendable, Equatable {
  /// The track's name (`<trk><name>`), else the file's (`<metadata><name>` or GPX 1.0 `<name>`).
  public var name: String?
  /// The raw text of `<trk><type>`, trimmed.
  public var typeText: String?
  /// The activity `typeText` names, when it names one Strider knows.
  public var declaredActivity: Activity?
  /// The program that wrote the file (the GPX `creator` attribute).
  public var creator: String?
  /// A description for readers (GPX `<metadata><desc>`), written by exports.
  public var note: String?

  public init(
    name: String? = nil, typeText: String? = nil, declaredActivity: Activity? = nil,
    creator: String? = nil
  ) {
    self.name = name
    self.typeText = typeText
    self.declaredActivity = declaredActivity
    self.creator = creator
  }

  /// The activity a free-text track type names, or nil when it names none we know.
  ///
  /// GPX leaves `<type>` free text; these are the words apps commonly write there,
  /// compared without case: run/running, walk/walking, hike/hiking,
  /// ride/bike/biking/cycling/mountain biking, swim/swimming/open water swimming.
  public static func activity(fromTypeText text: String) -> Activity? {
    let word = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "_" || $0 == "\t" })
      .joined(separator: " ")
    switch word {
    case "run", "running": return .run
    case "walk", "walking": return .walk
    case "hike", "hiking": return .hike
    case "swim", "swimming", "open water swimming": return .swim
    case "ride", "bike", "biking", "cycling", "mountain biking": return .ride
    case "drive", "driving", "car": return .drive
    default: return nil
    }
  }
}
