import Benchmark
import StriderCore
import StriderFormats
import StriderRender
import StriderSimulator

/// Inputs made once by the simulator, so every run measures the same bytes.
enum Inputs {
  /// A 3-hour ride with every fault: about 11,000 fixes.
  static let session = Simulator.run(
    SimulationConfiguration(activity: .ride, seed: 5, faults: .all, routeLength: Meters(80_000)))

  static let gpx: [UInt8] = {
    var text = ""
    GPXWriter.write(session.fixes, metadata: TrackMetadata(name: "bench"), to: &text)
    return Array(text.utf8)
  }()

  static let tcx: [UInt8] = {
    let record = SessionRecorder.record(
      fixes: session.fixes, configuration: SessionConfiguration(activity: .ride))
    var text = ""
    SessionExport(record: record).write(.tcx, points: .raw, to: &text)
    return Array(text.utf8)
  }()

  /// The same ride as a FIT activity file, every fix a record (Strider's FIT export).
  static let fit: [UInt8] = {
    let record = SessionRecorder.record(
      fixes: session.fixes, configuration: SessionConfiguration(activity: .ride))
    var bytes = ExportBytes()
    SessionExport(record: record).write(.fit, points: .raw, to: &bytes)
    return bytes.bytes
  }()

  static let nmea: [UInt8] = Array(
    session.fixes.map { NMEAWriter.sentences(for: $0).joined() }.joined().utf8)

  static let gpsdJSON: [UInt8] = {
    var lines = ""
    for fix in session.fixes {
      guard let c = fix.coordinate, let t = fix.time else { continue }
      let eph = fix.horizontalAccuracy.map { String($0.value * 19 / 5) } ?? "10"
      lines +=
        "{\"class\":\"TPV\",\"device\":\"/dev/ttyACM0\",\"mode\":3,\"time\":\"\(t.iso8601)\","
        + "\"lat\":\(c.latitude),\"lon\":\(c.longitude),\"altMSL\":180.5,\"eph\":\(eph),"
        + "\"speed\":\(fix.speed?.value ?? 0),\"track\":\(fix.course?.value ?? 0)}\n"
    }
    return Array(lines.utf8)
  }()

  /// A 100,000-point route for the map.
  static let bigRoute: ProjectedRoute = {
    let long = Simulator.run(
      SimulationConfiguration(
        activity: .ride, seed: 9, errorModel: .perfect, routeLength: Meters(650_000)))
    let points = long.truth.prefix(100_000).map {
      TrackPoint(time: $0.time, coordinate: $0.coordinate)
    }
    return ProjectedRoute(points: Array(points))
  }()
}

extension Inputs {
  /// Prints the sizes that turn iterations per second into MB/s and fixes per second.
  static func describe() {
    func megabytes(_ bytes: [UInt8]) -> String {
      String(Double(bytes.count) / 1_000_000)
    }
    print(
      "inputs: \(session.fixes.count) fixes; GPX \(megabytes(gpx)) MB, TCX \(megabytes(tcx)) MB,"
        + " FIT \(megabytes(fit)) MB,"
        + " NMEA \(megabytes(nmea)) MB, gpsd JSON \(megabytes(gpsdJSON)) MB;"
        + " map route \(bigRoute.track.count) points")
  }
}

/// Bytes an export writes (FIT is binary).
struct ExportBytes: ExportStream {
  var bytes: [UInt8] = []
  mutating func write(_ string: String) { bytes += Array(string.utf8) }
  mutating func write(bytes more: some Collection<UInt8>) { bytes += more }
}

func readAll(_ reader: inout some FixReader) -> Int {
  var count = 0
  while let fix = try? reader.next() {
    count += fix.coordinate == nil ? 0 : 1
  }
  return count
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput, .peakMemoryResident, .mallocCountTotal],
    maxDuration: .seconds(3), maxIterations: 50)

  // Throughput is per iteration; each iteration reads the whole input, so fixes per second
  // is throughput × fixes and MB/s is throughput × size (both printed by `Inputs.describe`).
  Inputs.describe()

  Benchmark("GPX parse") { benchmark in
    let bytes = Inputs.gpx
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      var reader = GPXReader(bytes: bytes, fileName: "bench.gpx")
      blackHole(readAll(&reader))
    }
  }

  Benchmark("TCX parse") { benchmark in
    let bytes = Inputs.tcx
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      var reader = TCXReader(bytes: bytes, fileName: "bench.tcx")
      blackHole(readAll(&reader))
    }
  }

  Benchmark("FIT parse") { benchmark in
    let bytes = Inputs.fit
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      var reader = FITReader(bytes: bytes, fileName: "bench.fit")
      blackHole(readAll(&reader))
    }
  }

  Benchmark("NMEA parse") { benchmark in
    let bytes = Inputs.nmea
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      var reader = NMEAReader(bytes: bytes, fileName: "bench.nmea")
      blackHole(readAll(&reader))
    }
  }

  Benchmark("gpsd JSON parse") { benchmark in
    let bytes = Inputs.gpsdJSON
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      var reader = GPSDJSONReader(bytes: bytes, fileName: "bench.json")
      blackHole(readAll(&reader))
    }
  }

  Benchmark("Engine pipeline, live (11k fixes)") { benchmark in
    let fixes = Inputs.session.fixes
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      var pipeline = SessionPipeline(configuration: SessionConfiguration(activity: .ride))
      for fix in fixes { blackHole(pipeline.ingest(fix)) }
      blackHole(pipeline.engine.snapshot)
    }
  }

  Benchmark("Engine pipeline with finished-track summary") { benchmark in
    let fixes = Inputs.session.fixes
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      blackHole(Analysis.summarize(fixes, configuration: SessionConfiguration(activity: .ride)))
    }
  }

  // Peak resident memory of this benchmark less an empty one's, over the fixes held: what a
  // finished session's track costs in memory.
  Benchmark(
    "Memory: engine holding 1M fixes for the finishing pass",
    configuration: .init(metrics: [.peakMemoryResident, .wallClock], maxIterations: 1)
  ) { benchmark in
    let fixes = Inputs.session.fixes
    benchmark.startMeasurement()
    var pipeline = SessionPipeline(configuration: SessionConfiguration(activity: .ride))
    var offset = 0.0
    while pipeline.engine.pointsIn < 1_000_000 {
      for var fix in fixes {
        fix.time = fix.time.map { $0 + Seconds(offset) }
        blackHole(pipeline.ingest(fix))
      }
      offset += 86_400
    }
    blackHole(pipeline.finish().summary)
  }

  Benchmark(
    "Memory: baseline", configuration: .init(metrics: [.peakMemoryResident], maxIterations: 1)
  ) { benchmark in
    blackHole(Inputs.session.fixes.count)
  }

  Benchmark("Map frame, 100k points, 200x60 braille") { benchmark in
    let route = Inputs.bigRoute
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      var grid = Grid(width: 200, height: 60)
      let map = RouteMap(
        route: route, viewport: MapViewport(), options: MapOptions(drawing: .braille),
        glyphs: .unicode, isFinished: true)
      blackHole(map.draw(into: &grid))
      blackHole(grid)
    }
  }
}
