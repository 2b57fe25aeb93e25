/// A workout file that cannot be used: the file, the line and the key, and what was wrong.
public struct WorkoutFileError: Error, Hashable, CustomStringConvertible {
  public var path: String
  public var line: Int?
  /// Where in the workout: `name`, `step[2].pace_per_km`, `step[3].step[1].kind`.
  public var key: String?
  public var message: String

  public init(path: String, line: Int?, key: String?, message: String) {
    self.path = path
    self.line = line
    self.key = key
    self.message = message
  }

  public var description: String {
    let place = line.map { "\(path):\($0)" } ?? path
    return "\(place): " + (key.map { "\($0): " } ?? "") + message
  }
}
