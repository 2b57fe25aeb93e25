/// A place the user has been, kept across days so the same place has the same number and,
/// once named, the same name (`strider places name ID NAME`).
public struct KnownPlace: Sendable, Hashable, Codable {
  public var id: Int
  public var latitude: Double
  public var longitude: Double
  /// The user's name for it; "Place N" until given.
  public var name: String?

  public init(id: Int, coordinate: Coordinate, name: String? = nil) {
    self.id = id
    latitude = coordinate.latitude
    longitude = coordinate.longitude
    self.name = name
  }

  public var coordinate: Coordinate { Coordinate(latitude: latitude, longitude: longitude) }

  /// What to call it.
  public var title: String { name ?? "Place \(id)" }
}
