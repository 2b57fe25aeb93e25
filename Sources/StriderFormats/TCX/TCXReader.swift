import StriderCore

/// Reads the trackpoints of a Garmin Training Center (TCX) file as fixes, streaming.
///
/// Follows the Training Center Database v2 schema
/// (https://www8.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd): trackpoints are read
/// from `Activities/Activity/Lap/Track`, from the activities of a `MultiSportSession`
/// (`FirstSport`, `NextSport`) and from `Courses/Course/Track`. Elements are matched by local
/// name, so any namespace prefix works; unknown elements are skipped with their content. The
/// same streaming XML scanner as the GPX reader does the tokenizing, so the same rules hold:
/// no DTD internal subset, no entity expansion, a nesting limit.
///
/// A device starts a new `<Track>` after a timer pause and at each lap. A pause is a new
/// segment (nothing is counted across it), and so is each activity; a lap is a button
/// pressed or an automatic lap, across which the device counts its distance, so the first
/// `<Track>` of a lap goes on with the segment before where its first point follows the
/// last one read within 30 s. (Read as a new segment, every lap lost its first step, a
/// 9-lap 10 km 1.27 % short of its device.)
///
/// A `<Trackpoint>` without `<Position>` (indoor rides, a watch before its first fix, a bike
/// leg with only a sensor) is kept as a time-only fix: `coordinate` nil and mode `.noFix`,
/// with its time, altitude, heart rate and cadence, so the gate records it as `no_fix`
/// instead of losing it. Positioned trackpoints have mode `.unknown`; TCX carries no
/// accuracy, so `horizontalAccuracy` stays nil. `<DistanceMeters>` becomes
/// `deviceDistance`, `<HeartRateBpm><Value>` `heartRate`, `<Cadence>` (bike, rpm) and the
/// extension's `<TPX><RunCadence>` `cadence`, `<TPX><Speed>` (m/s) `speed`.
public struct TCXReader: NamedSourceReader {
  public static let format = FileFormat.tcx
  public static let title = "TCX"
  public static let extensions = ["tcx"]

  public var metadata: TrackMetadata { stack.document.metadata }
  /// The totals of every `<Lap>` read so far, in file order; the lap being read is last.
  public var laps: [TCXLap] { stack.document.laps }
  /// The activity laps' distances and timer times added up (course laps say nothing of
  /// what a device counted).
  public var deviceTotals: DeviceTotals? {
    // A lap's totals come before its points: the device counted more than a cut file holds.
    guard stack.damage == nil else { return nil }
    let activityLaps = laps.filter { $0.sport != nil }
    var totals = DeviceTotals.summing(
      activityLaps.map { ($0.distance, $0.totalTime, nil) }, partName: "lap")
    // A lap's negative energy is no estimate (a hostile or broken file): left out.
    totals?.calories = DeviceTotals.sum(
      activityLaps.map { $0.calories.map(\.value).flatMap { $0 >= 0 ? $0 : nil } }
    ).map(Kilocalories.init)
    if Set(sports).count <= 1 { totals?.unpositionedDistance = span.outsidePositions }
    return totals
  }
  /// The activity laps with a `StartTime`, as the session's laps (`<Intensity>Resting` is a
  /// rest lap); course laps are a plan, not laps run.
  public var recordedLaps: RecordedLaps? {
    RecordedLaps(
      starts: laps.compactMap { lap in
        guard lap.sport != nil, let start = lap.startTime else { return nil }
        return (start, lap.intensity ?? .active)
      })
  }
  /// The `Sport` attribute of every `<Activity>` read so far, in file order.
  public var sports: [String] { stack.document.sports }

  /// Where the file ended early, after its first trackpoint (`XMLElementStack.damage`).
  public var damage: FormatError? { stack.damage }
  public var warnings: [String] {
    stack.damage.map { [XMLDamage.warning($0, fixes: "trackpoints", laps: true)] } ?? []
  }

  private var stack: XMLElementStack<TCXDocument>
  /// Where the device's running distance stood at the first and last positions.
  private var span = DeviceDistanceSpan()

  /// Reads from any chunk source; `fileName` is used in error messages.
  public init(source: some ByteChunkSource, fileName: String) {
    stack = XMLElementStack(source: source, fileName: fileName, document: TCXDocument())
  }

  /// Whether the first bytes of a file look like TCX: the root element, after an optional
  /// byte-order mark, XML declaration, comments and processing instructions, is
  /// `TrainingCenterDatabase` (with or without a namespace prefix).
  ///
  /// False when the prefix ends before the root element's name does.
  public static func looksLike(prefix: [UInt8]) -> Bool {
    XMLRoot.isNamed(TCXElement.rootName, prefix: prefix)
  }

  public mutating func next() throws(FormatError) -> Fix? {
    let fix = try stack.next()
    if let fix { span.add(fix) }
    return fix
  }
}

extension FileFormat {
  /// Garmin Training Center XML.
  public static let tcx = FileFormat(rawValue: "tcx")
}
