import StriderCore

/// Everything one frame of the history screen shows, as plain values: the history read
/// from the store, which sessions the search leaves and which is selected, and the session
/// opened, if any. `HistoryScreen.render` is a pure function of it.
public struct HistoryViewState: Sendable {
  public var data: HistoryData
  /// The entries the search leaves, newest first (all of them without a search).
  public var shown: [HistoryEntry]
  /// Index into `shown`; nil when it is empty.
  public var selection: Int?
  /// The search text.
  public var query: String
  /// Whether keys go into the search text (after `/`, until Enter or Esc).
  public var isSearching: Bool
  /// The session opened with Enter, with its route projected once.
  public var detail: HistorySessionDetail?
  public var route: ProjectedRoute
  public var viewport: MapViewport
  public var mapOptions: MapOptions
  public var glyphs: Glyphs
  public var colour: Bool
  /// A short note for the status line, if any.
  public var message: String?
  /// How many weeks back from today the charts end (`[` and `]` move them).
  public var chartWeeksBack = 0
  /// Which of the opened session's profiles is drawn in place of its map (an index into
  /// `HistorySessionDetail.profiles`); nil: the map.
  public var shownProfile: Int?

  /// The profile drawn in place of the map, if any.
  public var profile: ProfileChart? {
    guard let shownProfile, let profiles = detail?.profiles, profiles.indices.contains(shownProfile)
    else { return nil }
    return profiles[shownProfile]
  }

  /// The map, then each profile, then the map again.
  public mutating func showNextProfile() {
    let count = detail?.profiles.count ?? 0
    guard count > 0 else {
      shownProfile = nil
      return
    }
    let next = (shownProfile ?? -1) + 1
    shownProfile = next < count ? next : nil
  }

  public init(data: HistoryData, glyphs: Glyphs = .unicode, colour: Bool = true) {
    self.data = data
    shown = data.entries
    selection = data.entries.isEmpty ? nil : 0
    query = ""
    isSearching = false
    detail = nil
    route = ProjectedRoute()
    viewport = .fit
    mapOptions = MapOptions(drawing: .braille, showsRaw: false)
    self.glyphs = glyphs
    self.colour = colour
    message = nil
  }

  /// The session under the selection.
  public var selected: HistoryEntry? { selection.map { shown[$0] } }

  /// The history as the charts show it: ending `chartWeeksBack` weeks before today.
  public var chartData: HistoryData {
    var data = data
    data.today = data.today.adding(days: -7 * chartWeeksBack)
    return data
  }

  /// Weeks the charts go back at a key: a quarter of a year.
  public static let chartStep = 13

  /// Moves the charts `steps` quarters back (negative: forward), no later than today and no
  /// earlier than the quarter that holds the first session.
  public mutating func moveCharts(by steps: Int) {
    let first = data.dailyDistance.keys.min() ?? data.today
    let furthest = max(0, (data.today.dayNumber - first.dayNumber) / 7)
    let furthestStep = (furthest + Self.chartStep - 1) / Self.chartStep * Self.chartStep
    chartWeeksBack = min(furthestStep, max(0, chartWeeksBack + steps * Self.chartStep))
  }
}
