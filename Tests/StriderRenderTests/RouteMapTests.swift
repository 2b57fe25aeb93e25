import Foundation
import StriderCore
import StriderRender
import StriderSimulator
import Testing

@Suite struct RouteMapTests {
  /// A closed square of `side` metres starting at `origin`, one point every `step` metres.
  static func square(at origin: Coordinate, side: Double = 1000, step: Double = 10) -> [Coordinate]
  {
    let plane = LocalTangentPlane(origin: origin)
    var points: [PlanePoint] = []
    let n = Int(side / step)
    for i in 0..<n { points.append(PlanePoint(east: Double(i) * step, north: 0)) }
    for i in 0..<n { points.append(PlanePoint(east: side, north: Double(i) * step)) }
    for i in 0..<n { points.append(PlanePoint(east: side - Double(i) * step, north: side)) }
    for i in 0...n { points.append(PlanePoint(east: 0, north: side - Double(i) * step)) }
    return points.map { plane.unproject($0) }
  }

  /// The drawn cells (anything but a blank) of a grid.
  static func drawnCells(_ grid: Grid) -> [(Int, Int)] {
    var result: [(Int, Int)] = []
    for row in 0..<grid.height {
      for column in 0..<grid.width where grid[column, row].character != " " {
        result.append((column, row))
      }
    }
    return result
  }

  /// How many 8-connected groups the drawn cells form (1 = no gaps).
  static func components(_ grid: Grid) -> Int {
    var seen = Set<Int>()
    var count = 0
    let drawn = Set(drawnCells(grid).map { $0.1 * grid.width + $0.0 })
    for start in drawn where !seen.contains(start) {
      count += 1
      var stack = [start]
      seen.insert(start)
      while let cell = stack.popLast() {
        let (x, y) = (cell % grid.width, cell / grid.width)
        for dy in -1...1 {
          for dx in -1...1 {
            let nx = x + dx
            let ny = y + dy
            guard nx >= 0, ny >= 0, nx < grid.width, ny < grid.height else { continue }
            let next = ny * grid.width + nx
            if drawn.contains(next), seen.insert(next).inserted { stack.append(next) }
          }
        }
      }
    }
    return count
  }

  static func draw(
    _ route: ProjectedRoute, columns: Int = 80, rows: Int = 30, viewport: MapViewport = .fit,
    options: MapOptions = MapOptions(drawing: .ascii), glyphs: Glyphs = .unicode,
    finished: Bool = false
  ) -> Grid {
    var grid = Grid(width: columns, height: rows)
    RouteMap(
      route: route, viewport: viewport, options: options, glyphs: glyphs, isFinished: finished
    ).draw(into: &grid)
    return grid
  }

  /// Columns and rows the drawn cells span.
  static func extent(_ grid: Grid) -> (columns: Int, rows: Int) {
    let cells = drawnCells(grid)
    let xs = cells.map(\.0)
    let ys = cells.map(\.1)
    return ((xs.max() ?? 0) - (xs.min() ?? 0) + 1, (ys.max() ?? 0) - (ys.min() ?? 0) + 1)
  }

  @Test(arguments: [(80, 30), (200, 60), (40, 40), (120, 20)])
  func aSquareLooksSquare(columns: Int, rows: Int) {
    let route = ProjectedRoute(track: Self.square(at: SimulatedRoute.defaultOrigin))
    let grid = Self.draw(route, columns: columns, rows: rows)
    let (width, height) = Self.extent(grid)
    // A cell is about twice as tall as wide: a square spans about twice as many columns.
    let ratio = Double(width - 1) / Double(height - 1)
    #expect(abs(ratio - 2) < 0.2, "square drawn \(width)×\(height) cells, ratio \(ratio)")
    #expect(Self.components(grid) == 1)
  }

  @Test(arguments: [
    Coordinate(latitude: -16.5, longitude: 179.995),  // Fiji, across the antimeridian
    Coordinate(latitude: 89.99, longitude: 0),  // a kilometre from the North Pole
    Coordinate(latitude: -89.995, longitude: 120),  // at the South Pole station
    Coordinate(latitude: 0, longitude: -179.999),
  ])
  func awkwardPlacesRenderWithoutGaps(origin: Coordinate) {
    let route = ProjectedRoute(track: Self.square(at: origin))
    for drawing in MapOptions.Drawing.allCases {
      let grid = Self.draw(route, options: MapOptions(drawing: drawing))
      #expect(Self.components(grid) == 1, "\(drawing) at \(origin):\n\(grid.text)")
      let (width, height) = Self.extent(grid)
      let aspect: Double = Double(width - 1) / Double(height - 1)
      #expect(abs(aspect - 2) < 0.2, "\(grid.text)")
    }
  }

  @Test func theSimulatedRunAcrossTheAntimeridianMatchesVienna() {
    let vienna = Simulator.run(SimulationConfiguration(seed: 1, errorModel: .perfect))
    let fiji = Simulator.run(
      SimulationConfiguration(
        seed: 1, origin: Coordinate(latitude: -16.5, longitude: 179.999), errorModel: .perfect))
    let a = Self.draw(ProjectedRoute(track: vienna.fixes.compactMap(\.coordinate)))
    let b = Self.draw(ProjectedRoute(track: fiji.fixes.compactMap(\.coordinate)))
    #expect(a.text == b.text)
  }

  @Test func segmentStartsLeaveAGap() {
    let plane = LocalTangentPlane(origin: SimulatedRoute.defaultOrigin)
    let near: [PlanePoint] = (0..<10).map { PlanePoint(east: Double($0) * 10, north: 0) }
    let far: [PlanePoint] = (0..<10).map { PlanePoint(east: 200 + Double($0) * 10, north: 0) }
    let points = near + far
    let route = ProjectedRoute(track: points.map { plane.unproject($0) }, segmentStarts: [10])
    let grid = Self.draw(route, columns: 40, rows: 5)
    #expect(Self.components(grid) == 2, "\(grid.text)")
  }

  @Test func markersForStartCurrentAndFinish() {
    let plane = LocalTangentPlane(origin: SimulatedRoute.defaultOrigin)
    let track = (0...50).map { plane.unproject(PlanePoint(east: Double($0) * 10, north: 0)) }
    let route = ProjectedRoute(track: track)
    for glyphs in [Glyphs.unicode, .ascii] {
      let live = Self.draw(route, columns: 40, rows: 5, glyphs: glyphs)
      #expect(live.text.contains(glyphs.start) && live.text.contains(glyphs.current))
      #expect(!live.text.contains(glyphs.finish))
      let done = Self.draw(route, columns: 40, rows: 5, glyphs: glyphs, finished: true)
      #expect(done.text.contains(glyphs.finish) && !done.text.contains(glyphs.current))
      #expect(Set([glyphs.start, glyphs.finish, glyphs.current, glyphs.rawFix]).count == 4)
    }
  }

  @Test func rejectionMarkersAreUniqueInEachGlyphSet() {
    for glyphs in [Glyphs.unicode, .ascii] {
      let markers = RejectionMarker.all(glyphs: glyphs)
      #expect(markers.count == RejectionReason.allCases.count)
      let characters = markers.map(\.glyph)
      #expect(Set(characters).count == characters.count)
      // Nor may a marker look like the route or the other markers.
      let taken: Set<Character> = [
        glyphs.start, glyphs.finish, glyphs.current, glyphs.rawFix, "-", "|", "/", "\\", " ",
      ]
      #expect(taken.isDisjoint(with: characters))
      if glyphs.kind == .ascii { #expect(characters.allSatisfy { $0.isASCII }) }
    }
  }

  @Test func rejectedFixesAreDrawnWithTheirMarker() {
    let plane = LocalTangentPlane(origin: SimulatedRoute.defaultOrigin)
    let track = (0...50).map { plane.unproject(PlanePoint(east: Double($0) * 10, north: 0)) }
    var route = ProjectedRoute(track: track)
    route.appendRejected(plane.unproject(PlanePoint(east: 250, north: 60)), reason: .nonGNSS)
    let grid = Self.draw(route, columns: 40, rows: 9, glyphs: .ascii)
    #expect(grid.text.contains("^"), "\(grid.text)")
    let hidden = Self.draw(
      route, columns: 40, rows: 9, options: MapOptions(drawing: .ascii, showsRejected: false),
      glyphs: .ascii)
    #expect(!hidden.text.contains("^"))
  }

  @Test func zoomHalvesTheScaleAndPanMovesTheView() {
    let route = ProjectedRoute(track: Self.square(at: SimulatedRoute.defaultOrigin))
    let map = RouteMap(route: route)
    let fitted = map.frame(columns: 80, rows: 30)
    var viewport = MapViewport.fit
    viewport.zoomIn()
    let zoomed = RouteMap(route: route, viewport: viewport).frame(columns: 80, rows: 30)
    #expect(abs(fitted.metresPerColumn / zoomed.metresPerColumn - MapViewport.zoomStep) < 1e-9)
    viewport.pan(.right, frame: zoomed)
    let panned = RouteMap(route: route, viewport: viewport).frame(columns: 80, rows: 30)
    #expect(abs(panned.centre.east - zoomed.centre.east - zoomed.metresPerColumn * 20) < 1e-6)
    // Zoomed out one step, the square spans two thirds of the columns it spanned.
    viewport = .fit
    let (fittedWidth, _) = Self.extent(Self.draw(route, viewport: viewport))
    viewport.zoomOut()
    let (width, _) = Self.extent(Self.draw(route, viewport: viewport))
    #expect(abs(Double(width) - Double(fittedWidth) / MapViewport.zoomStep) <= 2)
    viewport.reset()
    #expect(viewport == .fit)
  }

  @Test func followCentresTheCurrentPosition() {
    let route = ProjectedRoute(track: Self.square(at: SimulatedRoute.defaultOrigin))
    var viewport = MapViewport(zoom: 4, follow: true)
    let grid = Self.draw(route, columns: 41, rows: 21, viewport: viewport)
    #expect(grid[20, 10].character == Glyphs.unicode.current, "\(grid.text)")
    viewport.follow = false
    let away = Self.draw(route, columns: 41, rows: 21, viewport: viewport)
    #expect(away[20, 10].character != Glyphs.unicode.current)
  }

  @Test func thickLinesCoverMoreCells() {
    let route = ProjectedRoute(track: Self.square(at: SimulatedRoute.defaultOrigin))
    for drawing in MapOptions.Drawing.allCases {
      let thin = Self.draw(route, options: MapOptions(drawing: drawing))
      let thick = Self.draw(route, options: MapOptions(drawing: drawing, thick: true))
      let dots: (Grid) -> Int = { grid in
        grid.cells.reduce(0) { sum, cell in
          guard let scalar = cell.character.unicodeScalars.first, scalar.value >= 0x2800,
            scalar.value <= 0x28FF
          else { return sum + (cell.character == " " ? 0 : 1) }
          return sum + (scalar.value - 0x2800).nonzeroBitCount
        }
      }
      #expect(dots(thick) > dots(thin) * 5 / 4, "\(drawing)")
      #expect(Self.components(thick) == 1)
    }
  }

  @Test func brailleFallsBackToASCIIWithoutBraille() {
    let route = ProjectedRoute(track: Self.square(at: SimulatedRoute.defaultOrigin))
    let grid = Self.draw(route, options: MapOptions(drawing: .braille), glyphs: .ascii)
    #expect(grid.text.unicodeScalars.allSatisfy { $0.isASCII })
  }

  @Test func anEmptyRouteSaysSo() {
    let grid = Self.draw(ProjectedRoute(), columns: 30, rows: 5)
    #expect(grid.text.contains("No position yet"))
  }

  @Test func aStaleFixDoesNotBecomeTheOrigin() {
    var route = ProjectedRoute()
    route.appendRaw(Coordinate(latitude: 52.52, longitude: 13.40))  // Berlin, hours ago
    route.appendTrack(SimulatedRoute.defaultOrigin)
    #expect(route.plane?.origin == SimulatedRoute.defaultOrigin)
    #expect(route.raw.count == 1 && (route.raw[0].magnitude) > 400_000)
  }

  /// Not a benchmark (debug builds are slow): a guard that decimation keeps a 100,000-point
  /// route cheap. The release figure is measured separately and reported in
  /// docs/performance.md.
  @Test func aHundredThousandPointsStayCheap() {
    let plane = LocalTangentPlane(origin: SimulatedRoute.defaultOrigin)
    let track = (0..<100_000).map { i -> Coordinate in
      let t = Double(i) / 100_000 * 20 * .pi
      return plane.unproject(
        PlanePoint(east: 3000 * cos(t) + Double(i) * 0.05, north: 2000 * sin(t * 1.3)))
    }
    let route = ProjectedRoute(track: track)
    let clock = ContinuousClock()
    var grid = Grid(width: 200, height: 60)
    let elapsed = clock.measure {
      RouteMap(route: route, options: MapOptions(drawing: .braille)).draw(into: &grid)
    }
    #expect(elapsed < .seconds(1), "debug build drew in \(elapsed)")
    #expect(Self.components(grid) >= 1)
  }
}
