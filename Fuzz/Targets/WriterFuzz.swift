import Foundation
import StriderCore
import StriderFormats

/// libFuzzer entry point: a session of any fixes the bytes decode to (hostile numbers
/// included: NaN, infinities, 1e300, latitudes past the pole, times years away), written by
/// every writer in `FormatRegistry` for one choice of points, and read back the way
/// `sessions import` reads a file (`FixFileReader.open`).
///
/// The choice of points is the input's length modulo four, so the corpus covers every
/// choice while each execution writes and reads back one: all four at once spent three
/// quarters of an execution reading back, at about 30 executions a second under ASan.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let points = ExportPoints.allCases[size % ExportPoints.allCases.count]
  WriterCheck.run(Array(UnsafeBufferPointer(start: data, count: size)), points: points)
  return 0
}

extension WriterCheck {
  /// The target's checks for one choice of points. No writer may trap (`<ele>1e19</ele>`
  /// once did, in `GPXWriter.decimal`). What a GPX or TCX export writes must read back
  /// without an error, one point for each fix written, at the same place (to half the last
  /// decimal `GPXWriter.Precision.degrees` writes, longitudes modulo 360) and time (to the
  /// millisecond, when it has an RFC 3339 form); FIT must read back without damage, a record
  /// per fix it can time; CSV must hold a row per fix, and JSON must parse (`JSONGrammar`:
  /// Foundation's reader, building every value, was half the cost of the check).
  static func run(_ bytes: [UInt8], points: ExportPoints) {
    var decoder = FixStreamDecoder(bytes)
    var configuration = decoder.configuration()
    // A raw session whose fixes hop between the poles made up to 100,000 splits, written
    // twice in a JSON export of megabytes: timed one by one, 36 of 120 corpus inputs took
    // 84 % of the time. Fewer splits take the same paths, the cap's final partial split
    // included.
    configuration.maximumSplits = WriterCheck.splitLimit
    var fixes: [Fix] = []
    // A few hundred fixes exercise every writer path; the engine's floods are its own target's.
    while fixes.count < WriterCheck.fixLimit, let (fix, repeats) = decoder.next() {
      for _ in 0..<min(repeats, WriterCheck.fixLimit - fixes.count) { fixes.append(fix) }
    }
    let record = SessionRecorder.record(fixes: fixes, configuration: configuration)
    let export = SessionExport(record: record, configuration: configuration, source: "fuzz")
    // A writer registered later is exercised too: it may not trap on any session.
    let checked: Set<String> = ["gpx", "tcx", "fit", "csv", "json"]
    for writer in FormatRegistry.writers where !checked.contains(writer.format.name) {
      var text = ""
      export.write(writer.format, points: points, to: &text)
    }
    let written = WriterCheck.selected(points, of: export)
    var gpx = ""
    export.write(.gpx, points: points, to: &gpx)
    WriterCheck.readBack(
      gpx, written: written.filter { $0.coordinate?.isValid == true }, what: "gpx \(points)",
      fileName: "fuzz.gpx")
    var fit = FITBytes()
    export.write(.fit, points: points, to: &fit)
    // FIT holds a record for each fix timed from 1989-12-31 to 2126 (32-bit seconds).
    let timed = written.filter {
      guard let t = $0.time?.secondsSince1970 else { return false }
      let seconds = (t - 631_065_600).rounded(.down)
      return seconds >= 0 && seconds < 4_294_967_295
    }
    let records = WriterCheck.read(fit.bytes, fileName: "fuzz.fit")
    WriterCheck.require(
      records.count == timed.count, "fit \(points): \(records.count) of \(timed.count)")
    var tcx = ""
    export.write(.tcx, points: points, to: &tcx)
    let trackpoints = WriterCheck.occurrences(of: "<Trackpoint>", in: tcx)
    let read = WriterCheck.read(tcx, fileName: "fuzz.tcx")
    WriterCheck.require(read.count == trackpoints, "tcx \(points): \(read.count) of \(trackpoints)")
    // CSV and JSON hold every fix whatever the points.
    var csv = ""
    export.write(.csv, to: &csv)
    let rows = WriterCheck.occurrences(of: "\r\n", in: csv) - 1
    WriterCheck.require(
      rows == record.fixes.count, "csv: \(rows) rows for \(record.fixes.count) fixes")
    var json = ""
    export.write(.json, to: &json)
    WriterCheck.require(JSONGrammar.isObject(json), "json does not parse: \(json.prefix(2000))")
  }
}

enum WriterCheck {
  static let fixLimit = 300
  static let splitLimit = 50
  /// How far a written degree may read back: the exports write 7 decimals, so a position
  /// moves by at most half of 1e-7, plus the binary rounding of the decimal read back.
  static let degreeTolerance = 0.5e-7 + 1e-12

  /// `precondition` with its message kept: -O drops a precondition's message, and the
  /// message is what says which export failed and how.
  static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
  }

  /// How many times `needle` occurs in `text`, by bytes: Foundation's
  /// `components(separatedBy:)` took a few hundred instructions a byte, most of the time of
  /// an input whose 11 bytes make a session of 256 fixes (issue 14: 0.45 s under ASan).
  static func occurrences(of needle: String, in text: String) -> Int {
    let pattern = Array(needle.utf8)
    guard let first = pattern.first else { return 0 }
    var count = 0
    var text = text
    text.withUTF8 { bytes in
      var i = 0
      while i + pattern.count <= bytes.count {
        if bytes[i] == first, pattern.indices.allSatisfy({ bytes[i + $0] == pattern[$0] }) {
          count += 1
          i += pattern.count
        } else {
          i += 1
        }
      }
    }
    return count
  }

  /// The fixes an export of `points` writes, as `SessionExport` selects them.
  static func selected(_ points: ExportPoints, of export: SessionExport) -> [Fix] {
    let record = export.record
    let track: [TrackPoint]
    switch points {
    case .raw: return record.fixes.map(\.fix)
    case .accepted: return record.fixes.filter(\.verdict.isAccepted).map(\.fix)
    case .track: track = record.drawnTrack
    case .display: track = export.displayTrack
    }
    return track.map {
      Fix(time: $0.time, coordinate: $0.coordinate, altitude: $0.altitude, segment: $0.segment)
    }
  }

  /// Every fix of an export opened as a file of this name, trapping on an error: a file
  /// Strider wrote must read.
  static func read(_ text: String, fileName: String) -> [Fix] {
    read(Array(text.utf8), fileName: fileName)
  }

  static func read(_ bytes: [UInt8], fileName: String) -> [Fix] {
    var out: [Fix] = []
    do {
      var reader = try FixFileReader.open(
        source: MemoryByteSource(bytes: bytes), file: SourceFile(name: fileName))
      while let fix = try reader.next() { out.append(fix) }
      WriterCheck.require(
        reader.warnings.allSatisfy { !$0.contains("CRC") && !$0.contains("before it were read") },
        "an export reads back damaged: \(reader.warnings)")
    } catch {
      fatalError(
        "an export does not read back: \(error)\n\(String(decoding: bytes.prefix(4000), as: UTF8.self))"
      )
    }
    return out
  }

  static func readBack(_ text: String, written: [Fix], what: String, fileName: String) {
    let read = read(text, fileName: fileName)
    WriterCheck.require(
      read.count == written.count, "\(what): \(read.count) of \(written.count) points")
    for (back, fix) in zip(read, written) {
      guard let a = back.coordinate, let b = fix.coordinate else {
        fatalError("\(what): a point without a position")
      }
      WriterCheck.require(
        abs(a.latitude - b.latitude) <= degreeTolerance
          && abs(remainder(a.longitude - b.longitude, 360)) <= degreeTolerance,
        "\(what): \(b) reads back as \(a)")
      if let t = fix.time, t.fitsRFC3339 {
        let back = back.time?.secondsSince1970 ?? .nan
        WriterCheck.require(
          abs(back - t.secondsSince1970) <= 1e-3, "\(what): time \(t) reads back as \(back)")
      }
    }
  }
}

/// A FIT export's bytes.
struct FITBytes: ExportStream {
  var bytes: [UInt8] = []
  mutating func write(_ string: String) { bytes += Array(string.utf8) }
  mutating func write(bytes more: some Collection<UInt8>) { bytes += more }
}
