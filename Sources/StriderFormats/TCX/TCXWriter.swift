import StriderCore

/// Writes a session as Garmin Training Center XML (TCX).
public enum TCXWriter: SessionWriter {
  public static let format = ExportFormat.tcx

  /// Garmin's activity extension: speed (m/s) per track point.
  static let activityExtension = "http://www.garmin.com/xmlschemas/ActivityExtension/v2"

  /// Garmin Training Center Database v2: one activity, one lap holding the whole track (or
  /// one `<Lap>` per lap pressed, `SessionSummary.laps`), in the schema's element order.
  ///
  /// Each point's `DistanceMeters` is the session's distance at its time, read from the
  /// finished track (as a device writes its odometer, not the sum of noisy steps), so the
  /// last point's is the lap's whatever points were chosen.
  public static func write(
    _ export: SessionExport, points: ExportPoints, to stream: inout some ExportStream
  ) {
    let record = export.record
    let finished = record.finishedTrack
    var sensors = SensorFigures.ByLap(lapEnds: record.summary?.laps?.map(\.end) ?? [])
    for judged in record.fixes { sensors.add(judged.fix) }
    var lap = Lap(record: record, startTime: record.startTime, lapSensors: sensors.laps)
    for fix in export.selectedFixes(points).fixes {
      lap.write(
        fix, distance: finished.isEmpty ? nil : { finished.distance(at: $0) }, to: &stream)
    }
    lap.end(to: &stream)
  }

  /// As GPX: the live track, from the whole record, where the zone hides the finished one.
  public static func canWrite(_ rows: some SessionRows) -> Bool {
    guard !(rows.hidesEnds && rows.points == .track && rows.odometer().isEmpty) else {
      return false
    }
    // Read before anything is written, so that a failure to read them is told first.
    _ = (rows.odometer(), rows.lapSensors())
    return true
  }

  public static func write(_ rows: some SessionRows, to stream: inout some ExportStream) {
    let odometer = rows.odometer()
    let distance = odometer.isEmpty ? nil : { odometer.distance(at: $0) }
    var lap = Lap(record: rows.record, startTime: rows.startTime, lapSensors: rows.lapSensors())
    rows.forEachPoint { fix, _ in lap.write(fix, distance: distance, to: &stream) }
    lap.end(to: &stream)
  }

  /// The activity's one lap written a point at a time, for an export that reads its points
  /// a row at a time (`write` is this over a whole record). The header waits for the
  /// first timed point, whose time stands in for a start the session lacks.
  public struct Lap {
    private let sport: String
    private let startTime: GNSSTime?
    private let summary: SessionSummary?
    private var headerWritten = false
    private var cumulative = 0.0
    private var previous: Fix?
    private var currentSegment: Int?
    /// The pressed laps, and the one being written; empty: one lap of the whole session.
    private let laps: [StriderCore.Lap]
    private var lapIndex = 0
    /// The heart rate and cadence of each lap, in the order written.
    private let lapSensors: [SensorFigures]

    /// - Parameter startTime: the session's start (`SessionRecord.startTime`).
    /// - Parameter lapSensors: each lap's heart rate and cadence (`SensorFigures.ByLap` over
    ///   the session's fixes and its laps' ends), for the laps' averages and maxima.
    public init(record: SessionRecord, startTime: GNSSTime?, lapSensors: [SensorFigures] = []) {
      self.lapSensors = lapSensors
      sport =
        switch record.activity {
        case .run: "Running"
        case .ride: "Biking"
        // TCX's Sport has no other values: a walk, hike, swim or drive is "Other" (GPX's
        // <type> and FIT's sport keep them).
        case .walk, .hike, .swim, .drive: "Other"
        }
      self.startTime = startTime
      summary = record.summary
      laps = record.summary?.laps ?? []
    }

    private mutating func writeHeader(firstTime: GNSSTime?, to stream: inout some ExportStream) {
      headerWritten = true
      // <Id> and StartTime are xsd:dateTime: never "nan" nor a seven-digit year, whatever a
      // hostile file said.
      let start =
        [startTime, firstTime].compactMap { $0 }.first(where: \.fitsRFC3339)
        ?? GNSSTime(secondsSince1970: 0)
      stream.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
      stream.write(
        "<TrainingCenterDatabase xmlns=\"http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2\""
          + " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\""
          + " xsi:schemaLocation=\"http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"
          + " http://www.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd\">\n")
      stream.write("  <Activities>\n    <Activity Sport=\"\(sport)\">\n")
      stream.write("      <Id>\(start.iso8601)</Id>\n")
      openLap(start: start, to: &stream)
    }

    /// A `<Lap>`'s opening and totals: the pressed lap under way, or the whole session.
    /// A lap's calories are the session's in proportion to its distance.
    private func openLap(start sessionStart: GNSSTime, to stream: inout some ExportStream) {
      let lap = laps.indices.contains(lapIndex) ? laps[lapIndex] : nil
      let start = lap.map(\.start).flatMap { $0.fitsRFC3339 ? $0 : nil } ?? sessionStart
      let elapsed = lap?.elapsed.value ?? summary?.elapsed.value ?? 0
      let total = summary?.distance.value ?? 0
      let distance = lap?.distance.value ?? total
      var calories = summary?.calories.value ?? 0
      if lap != nil { calories = total > 0 ? calories * distance / total : 0 }
      stream.write("      <Lap StartTime=\"\(start.iso8601)\">\n")
      stream.write(
        "        <TotalTimeSeconds>\(GPXWriter.decimal(elapsed, places: 1))</TotalTimeSeconds>\n")
      stream.write(
        "        <DistanceMeters>\(GPXWriter.decimal(distance, places: 2))</DistanceMeters>\n")
      stream.write("        <Calories>\(Int(max(0, min(65_535, calories.rounded()))))</Calories>\n")
      let sensors = lapSensors.indices.contains(lapIndex) ? lapSensors[lapIndex] : nil
      if let sensors, let average = sensors.averageHeartRate,
        let bpm = GPXWriter.wholeNumber(average, in: 1...255),
        let top = GPXWriter.wholeNumber(sensors.heartRateMax, in: 1...255)
      {
        stream.write("        <AverageHeartRateBpm><Value>\(bpm)</Value></AverageHeartRateBpm>\n")
        stream.write("        <MaximumHeartRateBpm><Value>\(top)</Value></MaximumHeartRateBpm>\n")
      }
      let intensity = lap?.intensity == .rest ? "Resting" : "Active"
      stream.write("        <Intensity>\(intensity)</Intensity>\n")
      // The lap's <Cadence> is a bike's (TCX keeps a run's in an extension).
      if sport == "Biking", let average = sensors?.averageCadence,
        let rpm = GPXWriter.wholeNumber(average, in: 0...254)
      {
        stream.write("        <Cadence>\(rpm)</Cadence>\n")
      }
      stream.write("        <TriggerMethod>Manual</TriggerMethod>\n")
    }

    /// Closes the lap under way and opens the next pressed one.
    private mutating func nextLap(to stream: inout some ExportStream) {
      if currentSegment != nil { stream.write("        </Track>\n") }
      currentSegment = nil
      stream.write("      </Lap>\n")
      lapIndex += 1
      openLap(start: laps[lapIndex].start, to: &stream)
    }

    /// Writes the next point; an untimed one is left out. `distance` is the session's
    /// distance at a time, from the finished track (nil without one: the points' own
    /// steps are summed instead).
    public mutating func write(
      _ fix: Fix, distance: ((GNSSTime) -> Meters)?, to stream: inout some ExportStream
    ) {
      guard let time = fix.time else { return }
      if !headerWritten { writeHeader(firstTime: time, to: &stream) }
      guard time.fitsRFC3339 else { return }
      while lapIndex + 1 < laps.count, time > laps[lapIndex].end { nextLap(to: &stream) }
      // A new <Track> for each segment: readers take a gap between tracks as no distance.
      if fix.segment != currentSegment {
        if currentSegment != nil { stream.write("        </Track>\n") }
        stream.write("        <Track>\n")
        currentSegment = fix.segment
      }
      // Built as bytes and written once a point, as `GPXWriter` does.
      typealias Precision = GPXWriter.Precision
      var point: [UInt8] = []
      point.reserveCapacity(512)
      func text(_ text: String) { point.append(contentsOf: text.utf8) }
      func decimal(_ value: Double, places: Int) {
        GPXWriter.appendDecimal(value, places: places, to: &point)
      }
      text("          <Trackpoint>\n            <Time>")
      time.writeISO8601(to: &point)
      text("</Time>\n")
      if let c = fix.coordinate, c.isValid {
        if let distance {
          cumulative = distance(time).value
        } else if let p = previous?.coordinate, previous?.segment == fix.segment {
          cumulative += Geodesy.distanceMeters(p, c)
        }
        previous = fix
        text("            <Position>\n              <LatitudeDegrees>")
        decimal(c.latitude, places: Precision.degreePlaces)
        text("</LatitudeDegrees>\n              <LongitudeDegrees>")
        decimal(GPXWriter.longitude(c.longitude), places: Precision.degreePlaces)
        text("</LongitudeDegrees>\n            </Position>\n")
      }
      if let altitude = fix.altitude, altitude.value.isFinite {
        text("            <AltitudeMeters>")
        decimal(altitude.value, places: Precision.metrePlaces)
        text("</AltitudeMeters>\n")
      }
      if fix.coordinate != nil {
        text("            <DistanceMeters>")
        decimal(cumulative, places: 2)
        text("</DistanceMeters>\n")
      }
      if let hr = fix.heartRate.flatMap({ GPXWriter.wholeNumber($0.value, in: 1...255) }) {
        text("            <HeartRateBpm><Value>\(hr)</Value></HeartRateBpm>\n")
      }
      if let cadence = fix.cadence.flatMap({ GPXWriter.wholeNumber($0.value, in: 0...254) }) {
        text("            <Cadence>\(cadence)</Cadence>\n")
      }
      if let speed = fix.speed, speed.value.isFinite, speed.value >= 0 {
        text(
          "            <Extensions>\n              <TPX xmlns=\"\(TCXWriter.activityExtension)\">\n"
        )
        text("                <Speed>")
        decimal(speed.value, places: Precision.speedPlaces)
        text("</Speed>\n              </TPX>\n            </Extensions>\n")
      }
      text("          </Trackpoint>\n")
      stream.write(bytes: point)
    }

    /// Closes the lap and the file.
    public mutating func end(to stream: inout some ExportStream) {
      if !headerWritten { writeHeader(firstTime: nil, to: &stream) }
      while lapIndex + 1 < laps.count { nextLap(to: &stream) }
      if currentSegment != nil { stream.write("        </Track>\n") }
      stream.write("      </Lap>\n")
      stream.write(
        "      <Creator xsi:type=\"Device_t\">\n        <Name>Strider</Name>\n"
          + "        <UnitId>0</UnitId>\n        <ProductID>0</ProductID>\n"
          + "        <Version>\n          <VersionMajor>0</VersionMajor>\n"
          + "          <VersionMinor>1</VersionMinor>\n        </Version>\n      </Creator>\n")
      stream.write("    </Activity>\n  </Activities>\n</TrainingCenterDatabase>\n")
    }
  }
}

extension ExportFormat {
  /// Garmin Training Center Database v2.
  public static let tcx = ExportFormat(name: "tcx")
}
