/// Where each panel goes on a terminal of a given size.
///
/// Wide terminals (at least 72×18) get a left column with the dashboard, the filter lab
/// (demo) and the splits, and the map filling the right with the cue log under it; when the
/// left column has no room for the splits they move beside the cue log (100 columns and
/// more) or are left out. Smaller terminals, down to `Screen.minimumColumns` ×
/// `Screen.minimumRows`, get a compact three-row dashboard over the map. The status line is
/// always the bottom row, the replay progress bar just above it.
///
/// A workout's panel goes under the dashboard and the filter lab when the left column has
/// room for it (the splits keep what is left), else at the bottom of the map's column; the
/// compact arrangement has no room for it.
public struct Layout: Sendable, Hashable {
  public var dashboard: GridRect
  /// The map's box (the map itself is drawn inside the frame).
  public var map: GridRect
  public var cues: GridRect?
  public var splits: GridRect?
  public var lab: GridRect?
  public var workout: GridRect?
  public var progress: GridRect?
  public var status: GridRect
  /// True for the small-terminal arrangement (compact dashboard, no cue log or splits).
  public var isCompact: Bool

  /// The smallest size drawn as a wide layout.
  public static let wideColumns = 72
  public static let wideRows = 18

  /// The layout for a terminal, or nil when it is below the minimum size.
  ///
  /// - Parameters:
  ///   - dashboardHeight: the dashboard's preferred height.
  ///   - labHeight: the lab panel's preferred height, nil when there is no lab.
  ///   - hasProgress: whether a replay progress bar is shown.
  ///   - workoutHeight: the workout panel's preferred height, nil without a workout.
  public static func make(
    columns: Int, rows: Int, dashboardHeight: Int, labHeight: Int?, hasProgress: Bool,
    workoutHeight: Int? = nil
  ) -> Layout? {
    guard columns >= Screen.minimumColumns, rows >= Screen.minimumRows else { return nil }
    let status = GridRect(x: 0, y: rows - 1, width: columns, height: 1)
    let progress = hasProgress ? GridRect(x: 0, y: rows - 2, width: columns, height: 1) : nil
    let body = rows - 1 - (hasProgress ? 1 : 0)
    guard columns >= wideColumns, rows >= wideRows else {
      return Layout(
        dashboard: GridRect(x: 0, y: 0, width: columns, height: 3),
        map: GridRect(x: 0, y: 3, width: columns, height: body - 3), cues: nil, splits: nil,
        lab: nil, workout: nil, progress: progress, status: status, isCompact: true)
    }
    let leftWidth = min(40, max(30, columns * 3 / 10))
    let rightWidth = columns - leftWidth
    var dashboardRows = min(dashboardHeight, body)
    var lab: GridRect?
    if let labHeight {
      // The lab keeps room for every toggle; the dashboard shortens to its main figures.
      let labRows = min(labHeight, max(FilterLabPanel.minimumHeight, body - dashboardRows))
      dashboardRows = min(dashboardRows, body - labRows)
      lab = GridRect(x: 0, y: dashboardRows, width: leftWidth, height: labRows)
    }
    let dashboard = GridRect(x: 0, y: 0, width: leftWidth, height: dashboardRows)
    var y = lab?.maxY ?? dashboardRows
    let cueRows = min(10, max(5, body / 4))
    var mapRows = body - cueRows
    var workout: GridRect?
    if let workoutHeight {
      if body - y >= workoutHeight {
        workout = GridRect(x: 0, y: y, width: leftWidth, height: workoutHeight)
        y += workoutHeight
      } else if mapRows - workoutHeight >= 6 {
        mapRows -= workoutHeight
        workout = GridRect(x: leftWidth, y: mapRows, width: rightWidth, height: workoutHeight)
      }
    }
    let bottom = GridRect(x: leftWidth, y: body - cueRows, width: rightWidth, height: cueRows)
    var splits: GridRect?
    var cues = bottom
    if body - y >= 6 {
      splits = GridRect(x: 0, y: y, width: leftWidth, height: body - y)
    } else if columns >= 100 {
      let splitsWidth = 32
      splits = GridRect(
        x: bottom.maxX - splitsWidth, y: bottom.y, width: splitsWidth, height: cueRows)
      cues = GridRect(x: bottom.x, y: bottom.y, width: bottom.width - splitsWidth, height: cueRows)
    }
    return Layout(
      dashboard: dashboard, map: GridRect(x: leftWidth, y: 0, width: rightWidth, height: mapRows),
      cues: cues, splits: splits, lab: lab, workout: workout, progress: progress, status: status,
      isCompact: false)
  }
}
