import Foundation
import StriderCore

/// Writes a session's fixes as CSV, one row per fix as it arrived: what a spreadsheet or a
/// script reads. `--points` does not apply: every fix is written, with its verdict.
public enum SessionCSVWriter: SessionWriter {
  public static let format = ExportFormat.csv

  static let header = [
    "session", "seq", "time", "latitude", "longitude", "altitude_m", "horizontal_accuracy_m",
    "vertical_accuracy_m", JSONKey.speed, "course_deg", "mode", "provider", "satellites", "hdop",
    "heart_rate_bpm", "cadence_rpm", "segment", "verdict", JSONKey.distance,
  ]

  /// One row per fix as it arrived (RFC 4180: CRLF line ends, fields quoted when needed),
  /// with the session's distance at its time from the finished track (`distance_m`, empty
  /// without a time or a finished track): the last row's is the summary's distance.
  public static func write(
    _ export: SessionExport, points: ExportPoints, to stream: inout some ExportStream
  ) {
    let record = export.record
    let rows = Rows(sessionName: record.name)
    rows.writeHeader(to: &stream)
    let finished = record.finishedTrack
    for (seq, judged) in record.fixes.enumerated() {
      let distance = finished.isEmpty ? nil : judged.fix.time.map { finished.distance(at: $0) }
      rows.write(seq: seq, judged, distance: distance, to: &stream)
    }
  }

  public static func canWrite(_ rows: some SessionRows) -> Bool {
    _ = rows.odometer()
    return true
  }

  public static func write(_ session: some SessionRows, to stream: inout some ExportStream) {
    let rows = Rows(sessionName: session.record.name)
    rows.writeHeader(to: &stream)
    let odometer = session.odometer()
    let distance = odometer.isEmpty ? nil : { odometer.distance(at: $0) }
    var seq = 0
    session.forEachFix { judged in
      rows.write(
        seq: seq, judged, distance: judged.fix.time.flatMap { time in distance.map { $0(time) } },
        to: &stream)
      seq += 1
    }
  }

  /// The header and the rows one at a time, for an export that reads its fixes a row at a
  /// time (`write` is these over a whole record).
  public struct Rows: Sendable {
    private let name: String

    public init(sessionName: String?) { name = SessionExport.csvField(sessionName ?? "") }

    public func writeHeader(to stream: inout some ExportStream) {
      stream.write(SessionCSVWriter.header.joined(separator: ",") + "\r\n")
    }

    /// The row of the `seq`th fix written; `distance` is the session's distance at its
    /// time (nil without a time or a finished track).
    public func write(
      seq: Int, _ judged: JudgedFix, distance: Meters?, to stream: inout some ExportStream
    ) {
      typealias Precision = GPXWriter.Precision
      let f = judged.fix
      // Built as bytes and written once: an array of strings joined a row was a fifth of
      // an export's time.
      var row: [UInt8] = []
      row.reserveCapacity(256)
      func field(_ text: String) {
        row.append(contentsOf: text.utf8)
        row.append(UInt8(ascii: ","))
      }
      func number(_ value: Double?, places: Int? = nil) {
        if let value, value.isFinite {
          if let places, let figure = FixedDecimal(value, places: places) {
            figure.write(to: &row)
          } else {
            let text =
              places.map { GPXWriter.decimal(value, places: $0) } ?? GPXWriter.decimal(value)
            row.append(contentsOf: text.utf8)
          }
        }
        row.append(UInt8(ascii: ","))
      }
      field(name)
      field(String(seq))
      field(f.time?.iso8601 ?? "")
      number(f.coordinate?.latitude, places: Precision.degreePlaces)
      number(f.coordinate?.longitude, places: Precision.degreePlaces)
      number(f.altitude?.value, places: Precision.metrePlaces)
      number(f.horizontalAccuracy?.value, places: Precision.metrePlaces)
      number(f.verticalAccuracy?.value, places: Precision.metrePlaces)
      number(f.speed?.value, places: Precision.speedPlaces)
      number(f.course?.value, places: Precision.coursePlaces)
      field(f.mode.rawValue)
      field(f.provider.rawValue)
      field(f.satellites.map(String.init) ?? "")
      number(f.hdop, places: Precision.dopPlaces)
      number(f.heartRate?.value)
      number(f.cadence?.value)
      field(String(f.segment))
      field(judged.verdict.reason?.rawValue ?? "accepted")
      number(distance?.value, places: Precision.metrePlaces)
      row[row.count - 1] = UInt8(ascii: "\r")
      row.append(UInt8(ascii: "\n"))
      stream.write(bytes: row)
    }
  }
}

extension ExportFormat {
  /// One row per fix (RFC 4180).
  public static let csv = ExportFormat(name: "csv")
}

extension SessionExport {
  /// A CSV field, quoted (with quotes doubled) when it holds a comma, a quote, a line end
  /// or any other control character; a leading `=`, `+`, `-` or `@` is prefixed with `'` so
  /// a spreadsheet never runs it as a formula.
  public static func csvField(_ text: String) -> String {
    var text = text
    if let first = text.unicodeScalars.first, "=+-@".unicodeScalars.contains(first) {
      text = "'" + text
    }
    let needsQuotes = text.unicodeScalars.contains {
      $0 == "," || $0 == "\"" || $0.value < 0x20 || $0.value == 0x7F
    }
    guard needsQuotes else { return text }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
