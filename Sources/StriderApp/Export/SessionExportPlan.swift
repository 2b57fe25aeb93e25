import Foundation
import StriderCore
import StriderFormats
import StriderStore

/// What `sessions export` writes of a stored session, and how it reads it: a row at a time
/// from the store's cursors (`StoredSessionRows`) where the session is finished with its
/// finished track and its format's writer takes rows, the whole record otherwise. Both give
/// the same bytes; the rows keep a session of any length in the memory of one row, plus
/// what its writer keeps whole. Nothing here names a format: each writer says what it takes.
public struct SessionExportPlan {
  public let id: Int64
  public let format: ExportFormat
  private let source: Source

  private enum Source {
    case rows(StoredSessionRows, any SessionWriter.Type)
    case whole(SessionExport, ExportPoints)
  }

  /// Reads what the export needs to start: the rows' header, or the whole record where
  /// rows cannot be written. `settings` is read only for a format that holds the
  /// heart-rate zones in force. `warn` is told, before anything is written, that an
  /// unfinished session's export holds no summary.
  public init(
    _ store: SessionStore, id: Int64, format: ExportFormat, points: ExportPoints,
    privacyRadius: Meters, settings: @escaping () throws -> UserSettings, now: Date,
    warn: (String) -> Void
  ) throws {
    self.id = id
    self.format = format
    let writer = FormatRegistry.writer(for: format)
    let heartRate = { (record: SessionRecord?) throws -> HeartRateExport? in
      try Self.heartRate(store, id: id, record: record, settings: settings, now: now)
    }
    if try store.listing(id).state == .finished, try !store.needsFinishedTrack(id),
      let writer
    {
      let rows = try StoredSessionRows(
        store, id: id, points: points, privacyRadius: privacyRadius,
        heartRate: { try heartRate(nil) })
      let streams = writer.canWrite(rows)
      // What the writer read first failed: told before anything is written.
      try rows.rethrow()
      if streams {
        source = .rows(rows, writer)
        return
      }
    }
    let (record, configuration, listing, display) = (
      try store.record(id), try store.configuration(of: id), try store.listing(id),
      try store.displayTrack(of: id)
    )
    if record.state != .finished {
      warn(
        "session \(id) is \(record.state.rawValue): the export holds its fixes but no "
          + "summary; `strider sessions finish \(id)` computes it")
    }
    var export = SessionExport(
      record: record, configuration: configuration, source: listing.source,
      displayTrack: display
    ).hidingEnds(within: privacyRadius)
    if writer?.holdsSessionDetails == true {
      export.heartRate = try heartRate(record)
      export.device = try store.deviceTotals(of: id)
      export.parts = try store.parts(of: id)
    }
    source = .whole(export, points)
  }

  /// Whether the export is written a row at a time.
  public var isStreamed: Bool {
    if case .rows = source { return true }
    return false
  }

  /// Writes the export into `stream`. False where reading the store failed part way: the
  /// bytes are incomplete, and `rethrow()` says why.
  public func write(to stream: inout some ExportStream) -> Bool {
    switch source {
    case .rows(let rows, let writer):
      writer.write(rows, to: &stream)
      return !rows.failed
    case .whole(let export, let points):
      export.write(format, points: points, to: &stream)
      return true
    }
  }

  /// Throws the failure that cut the export short, if one did.
  public func rethrow() throws {
    if case .rows(let rows, _) = source { try rows.rethrow() }
  }

  /// The session's heart rate for the JSON export, as kept with it (computed from `record`
  /// when the database predates that), with the zones in force now; nil without one.
  static func heartRate(
    _ store: SessionStore, id: Int64, record: SessionRecord?,
    settings: () throws -> UserSettings, now: Date
  ) throws -> HeartRateExport? {
    var time = try store.heartRateTime(of: id)
    if time == nil, let record {
      time = HeartRateTime.of(
        record.fixes.lazy.map(\.fix), excluding: record.summary?.pauses ?? [])
    }
    guard let time, !time.isEmpty else { return nil }
    let profile = try HeartRateText.profile(store, settings: try settings(), now: now)
    return HeartRateExport(time: time, zones: profile?.zones, maxSource: profile?.source)
  }
}
