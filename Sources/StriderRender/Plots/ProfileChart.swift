/// A figure along a session drawn over its distance, as peers show elevation, pace and heart
/// rate under a map: a filled profile `height` rows high, each column the mean of the
/// samples in its stretch of distance, with the highest and lowest value labelled on the
/// left and the distance under it.
///
/// Each row holds eight levels of a column (▁ to █), or three in ASCII (`.`, `:`, `#`). A
/// column without samples (a gap, a stop for a figure measured only while moving) is left
/// blank rather than drawn as zero.
public struct ProfileChart: Sendable {
  /// One value at a distance along the session, metres.
  public struct Sample: Sendable, Hashable {
    public var distance: Double
    public var value: Double
  }

  public var title: String
  public var samples: [Sample]
  /// How the axis writes a value ("1:38 /100 m", "42 m", "154 bpm").
  public var label: @Sendable (Double) -> String
  /// Whether a smaller value is drawn higher (a pace: faster is up).
  public var inverted: Bool
  public var glyphs: Glyphs

  public init(
    title: String, samples: [Sample], inverted: Bool = false, glyphs: Glyphs,
    label: @escaping @Sendable (Double) -> String
  ) {
    self.title = title
    self.samples = samples.filter { $0.distance.isFinite && $0.value.isFinite }
    self.inverted = inverted
    self.glyphs = glyphs
    self.label = label
  }

  /// The chart as lines of at most `width` columns: the title, `height` rows of the
  /// profile and a distance axis; none when there is nothing to draw or no room.
  public func lines(width: Int, height: Int, distanceLabel: (Double) -> String) -> [String] {
    guard let first = samples.first, height > 0 else { return [] }
    // The labels are as wide as the extremes' texts (the columns' means lie between them);
    // the columns are what is left of the width.
    let values = samples.map(\.value)
    let margin =
      max(TextWidth.of(label(values.min() ?? 0)), TextWidth.of(label(values.max() ?? 0))) + 1
    let columns = width - margin
    guard columns >= 10 else { return [] }
    let start = first.distance
    let end = samples.map(\.distance).max() ?? start
    let span = max(end - start, 1e-9)
    var sums = [Double](repeating: 0, count: columns)
    var counts = [Int](repeating: 0, count: columns)
    for sample in samples {
      let column = min(columns - 1, max(0, Int((sample.distance - start) / span * Double(columns))))
      sums[column] += sample.value
      counts[column] += 1
    }
    let means = zip(sums, counts).map { $1 > 0 ? $0 / Double($1) : nil }
    let present = means.compactMap { $0 }
    guard let low = present.min(), let high = present.max() else { return [] }
    let range = high - low
    // What the columns drawn reach, labelled: each column is a stretch's mean, so a single
    // wild sample does not set the scale.
    let topLabel = label(inverted ? low : high)
    let bottomLabel = label(inverted ? high : low)
    let levels = glyphs.kind == .unicode ? Self.blocks : Self.asciiBlocks
    let steps = levels.count
    // Each column's height in steps of a row: at least one step where a value is, so the
    // lowest still shows.
    let filled: [Int?] = means.map { mean in
      guard let mean else { return nil }
      let fraction = range > 0 ? (mean - low) / range : 0.5
      let shown = inverted ? 1 - fraction : fraction
      return max(1, Int((shown * Double(height * steps)).rounded()))
    }
    var lines = [title]
    for row in 0..<height {
      let floor = (height - 1 - row) * steps
      var line = ""
      for column in filled {
        guard let column else {
          line += " "
          continue
        }
        let inRow = min(steps, max(0, column - floor))
        line += inRow == 0 ? " " : String(levels[inRow - 1])
      }
      let axis = row == 0 ? topLabel : row == height - 1 ? bottomLabel : ""
      lines.append(Self.trimmed(TextLayout.padLeft(axis, to: margin - 1) + " " + line))
    }
    let left = distanceLabel(start)
    let right = distanceLabel(end)
    let gap = max(1, columns - TextWidth.of(left) - TextWidth.of(right))
    lines.append(
      String(repeating: " ", count: margin) + left + String(repeating: " ", count: gap) + right)
    return lines
  }

  private static func trimmed(_ line: String) -> String {
    var line = line
    while line.last == " " { line.removeLast() }
    return line
  }

  static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
  static let asciiBlocks: [Character] = [".", ":", "#"]
}
