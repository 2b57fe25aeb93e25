import StriderCore

/// Composes a whole frame: the panels of `Layout` filled from a `ScreenState`.
///
/// The result is a `Grid` the size of the terminal; the driver sends
/// `grid.changes(from: previousGrid)` to the screen. Below the minimum size the frame says
/// so instead, centred, and the driver needs nothing special for that case either.
public enum Screen {
  /// Below this the panels cannot show their figures; the screen asks for more room.
  public static let minimumColumns = 40
  public static let minimumRows = 12

  /// One rendered frame and the map's frame (kept by the event loop for the pan keys).
  public struct Frame: Sendable {
    public var grid: Grid
    public var layout: Layout?
    public var map: MapFrame?
  }

  /// The frame for a terminal of `columns` × `rows`.
  public static func render(_ state: ScreenState, columns: Int, rows: Int) -> Frame {
    var grid = Grid(width: columns, height: rows)
    let glyphs = state.glyphs
    let dashboard = Dashboard(
      snapshot: state.snapshot, activity: state.activity, units: state.units,
      state: state.sessionState, heartRate: state.heartRate, heartRateZones: state.heartRateZones,
      gps: state.gps, glyphs: glyphs)
    let labPanel = state.lab.map { FilterLabPanel(state: $0, units: state.units, glyphs: glyphs) }
    guard
      let layout = Layout.make(
        columns: columns, rows: rows, dashboardHeight: dashboard.preferredHeight,
        labHeight: labPanel?.preferredHeight, hasProgress: state.replay != nil,
        workoutHeight: state.workout.map { _ in WorkoutPanel.preferredHeight })
    else {
      drawTooSmall(into: &grid, glyphs: glyphs)
      return Frame(grid: finished(grid, state), layout: nil, map: nil)
    }
    if layout.isCompact {
      grid.withRegion(layout.dashboard) { dashboard.drawCompact(into: &$0) }
    } else {
      grid.withRegion(layout.dashboard) { dashboard.draw(into: &$0) }
    }
    var mapFrame: MapFrame?
    if let profile = state.profile {
      let panel = ProfilePanel(chart: profile, units: state.units, glyphs: glyphs)
      grid.withRegion(layout.map) { panel.draw(into: &$0) }
    } else if state.showsGPSPanel {
      let panel = GPSPanel(
        sky: state.sky, fix: state.newestFix, units: state.units, glyphs: glyphs)
      grid.withRegion(layout.map) { panel.draw(into: &$0) }
    } else {
      mapFrame = drawMap(state, in: layout.map, into: &grid)
    }
    if let rect = layout.lab, let labPanel {
      grid.withRegion(rect) { labPanel.draw(into: &$0) }
    }
    if let rect = layout.workout, let status = state.workout {
      let panel = WorkoutPanel(
        status: status, activity: state.activity, units: state.units, glyphs: glyphs)
      grid.withRegion(rect) { panel.draw(into: &$0) }
    }
    if let rect = layout.splits {
      let table = SplitsTable(
        snapshot: state.snapshot, activity: state.activity, units: state.units, glyphs: glyphs)
      grid.withRegion(rect) { table.draw(into: &$0) }
    }
    if let rect = layout.cues {
      let log = CueLog(
        cues: state.cues, coach: state.coachCues, glyphs: glyphs, utcOffset: state.utcOffset)
      grid.withRegion(rect) { log.draw(into: &$0) }
    }
    if let rect = layout.progress, let replay = state.replay {
      grid.withRegion(rect) { ProgressBar(progress: replay, glyphs: glyphs).draw(into: &$0) }
    }
    let status = StatusLine(
      glyphs: glyphs, showsReplayKeys: state.replay != nil || state.lab != nil,
      showsLabKeys: state.lab != nil, showsHistoryKey: state.sessionState == .finished,
      showsGPSKey: state.gps.link == .gpsd || state.gps.link == .noGPSD, message: state.message)
    grid.withRegion(layout.status) { status.draw(into: &$0) }
    if state.helpVisible {
      HelpOverlay(
        glyphs: glyphs, showsReplayKeys: state.replay != nil || state.lab != nil,
        showsLabKeys: state.lab != nil
      ).draw(into: &grid)
    }
    return Frame(grid: finished(grid, state), layout: layout, map: mapFrame)
  }

  /// The last touches the state asks for: no colour, and with the ASCII glyphs nothing
  /// beyond ASCII, whatever a panel drew or a file name held (the net under `Glyphs`).
  private static func finished(_ grid: Grid, _ state: ScreenState) -> Grid {
    let plain = state.colour ? grid : grid.withoutColour()
    return state.glyphs.kind == .ascii ? plain.asciiOnly() : plain
  }

  /// The map in a box: the scale and view mode in the title, the markers' legend in the
  /// bottom edge.
  private static func drawMap(_ state: ScreenState, in rect: GridRect, into grid: inout Grid)
    -> MapFrame?
  {
    let glyphs = state.glyphs
    let map = RouteMap(
      route: state.route, viewport: state.viewport, options: state.mapOptions, glyphs: glyphs,
      isFinished: state.sessionState == .finished)
    var frame: MapFrame?
    grid.withRegion(rect.inset(by: 1)) { frame = map.draw(into: &$0) }
    var title = "Map"
    if let frame {
      let scale = DisplayFormat.shortLength(Meters(frame.metresPerColumn), units: state.units)
      title += glyphs.separator + scale + "/col"
    }
    if state.mapOptions.effectiveDrawing(for: glyphs) == .braille {
      title += glyphs.separator + "braille"
    }
    if state.mapOptions.thick { title += glyphs.separator + "thick" }
    if state.viewport.follow { title += glyphs.separator + "follow" }
    grid.drawBox(rect, glyphs: glyphs, title: title)
    var legend = [
      "\(glyphs.start) start",
      state.sessionState == .finished ? "\(glyphs.finish) finish" : "\(glyphs.current) now",
    ]
    if state.mapOptions.showsRaw { legend.append("\(glyphs.rawFix) raw fix") }
    if state.replay?.isFinished == true { legend.append(ReplayProgress.nextSteps) }
    var text = " " + legend.joined(separator: "  ") + " "
    if TextWidth.of(text) + 4 > rect.width, state.replay?.isFinished == true {
      legend.removeLast()
      text = " " + legend.joined(separator: "  ") + " "
    }
    if TextWidth.of(text) + 4 <= rect.width {
      grid.write(text, column: rect.x + 2, row: rect.maxY - 1)
    }
    return frame
  }

  /// "Terminal too small (39×11); need at least 40×12", centred and wrapped.
  static func drawTooSmall(into grid: inout Grid, glyphs: Glyphs) {
    let x = glyphs.times
    let message =
      "Terminal too small (\(grid.width)\(x)\(grid.height)); need at least "
      + "\(minimumColumns)\(x)\(minimumRows)"
    let lines = TextLayout.wrap(message, width: max(1, grid.width - 2))
    let top = max(0, (grid.height - lines.count) / 2)
    for (index, line) in lines.enumerated() {
      grid.writeCentred(line, in: grid.bounds, row: top + index, style: .bold)
    }
  }
}
