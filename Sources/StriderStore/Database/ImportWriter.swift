import GRDB
import StriderCore

/// Feeds an import through the engine and writes its rows in batches as they are ready:
/// a fix waits in memory only until the gate has judged it.
struct ImportWriter {
  let store: SessionStore
  let id: Int64
  private var engine: SessionEngine
  private var seq = 0
  /// Fixes read whose verdict the gate has not released yet, by sequence number.
  private var unjudged: [Int: Fix] = [:]
  private var judged: [(seq: Int, fix: Fix, verdict: Verdict)] = []
  private var track: [TrackPoint] = []
  private var trackCount = 0
  private var events: [SessionEvent] = []
  private var firstTime: GNSSTime?
  private var lastTime: GNSSTime?
  /// The finished track's best efforts, searched before the track is let go.
  private(set) var efforts: [BestEffort] = []
  /// The heart-rate readings, collected as the fixes pass (`HeartRateTime.Collector`).
  private var heartRates = HeartRateTime.Collector()
  /// The time at each heart rate, made when the summary's pauses are known.
  private(set) var heartRateTime = HeartRateTime()
  /// Points of the finished track reduced for drawing at a time; each piece keeps its
  /// ends, so a long track keeps a point or two more than reducing it whole would.
  static let displayPiece = 100_000

  init(store: SessionStore, id: Int64, configuration: SessionConfiguration) {
    self.store = store
    self.id = id
    engine = SessionEngine(configuration: configuration, keepsFinishedTrack: true)
  }

  mutating func add(_ fix: Fix) throws(StoreError) {
    if let t = fix.time {
      if firstTime.map({ t < $0 }) ?? true { firstTime = t }
      if lastTime.map({ t > $0 }) ?? true { lastTime = t }
    }
    unjudged[seq] = fix
    heartRates.add(fix)
    // Stamped with its place so its verdict finds its way back, as SessionRecorder does.
    var stamped = fix
    stamped.origin = FixOrigin(index: seq)
    seq += 1
    for event in engine.ingest(stamped) { take(event) }
    if judged.count + track.count >= SessionStore.batchRows { try writeBatch() }
  }

  private mutating func take(_ event: SessionEvent) {
    switch event {
    case .judged(let j):
      let index = j.fix.origin.index
      if let fix = unjudged.removeValue(forKey: index) {
        judged.append((index, fix, j.verdict))
      }
    case .point(let p, _): track.append(p)
    default: events.append(event)
    }
  }

  private mutating func writeBatch() throws(StoreError) {
    let (id, fixes, points, firstPoint) = (id, judged, track, trackCount)
    try store.patientWrite { db in
      try FixRow.insert(
        fixes.lazy.map { FixRow(sessionId: id, seq: $0.seq, fix: $0.fix, verdict: $0.verdict) }, db)
      try LiveTrackPointRow.insert(points, of: id, from: firstPoint, db)
    }
    trackCount += track.count
    judged.removeAll(keepingCapacity: true)
    track.removeAll(keepingCapacity: true)
  }

  /// Ends the engine and writes the rest: the last fixes and points, the finished track,
  /// the display track and the events. The session stays `importing`. The finished track
  /// is written as the engine makes it, a batch at a time, and only its times and
  /// distances are kept (for the best efforts), so it is never held whole.
  ///
  /// - Parameter laps: the laps the file recorded; measured on the finished track into the
  ///   summary's laps, as a recording's presses are.
  mutating func complete(laps: RecordedLaps? = nil) throws(StoreError)
    -> (fixCount: Int, start: GNSSTime?, end: GNSSTime?, summary: SessionSummary)
  {
    var sink = FinishedTrackSink(store: store, id: id)
    var (tail, summary) = engine.finish { sink.add($0) }
    try sink.close()
    if let laps, let start = summary.start?.time, let end = summary.end?.time, sink.count > 0 {
      let measured = Lap.laps(
        marks: laps.marks, start: start, end: end, last: laps.last, pauses: summary.pauses,
        distance: sink.odometer.distance(at:))
      summary.laps = measured.count > 1 ? measured : nil
    }
    tail.forEach { take($0) }
    // A fix the gate never judged counts as accepted, as in SessionRecorder.
    for (index, fix) in unjudged.sorted(by: { $0.key < $1.key }) {
      judged.append((index, fix, .accepted))
    }
    unjudged = [:]
    try writeBatch()
    efforts = BestEfforts.of(
      times: sink.times, distances: sink.distances,
      targets: BestEffortTarget.targets(for: summary.activity))
    let handedOut = sink.count
    sink = FinishedTrackSink(store: store, id: id)
    heartRateTime = heartRates.time(excluding: summary.pauses)
    heartRates = HeartRateTime.Collector()
    engine = SessionEngine(configuration: engine.configuration)
    if handedOut == 0 { try writeLiveDisplayTrack() }
    try writeEvents()
    return (
      seq, summary.start?.time ?? firstTime, summary.end?.time ?? lastTime, summary
    )
  }

  /// The display track of a session without a finished track, reduced from the live one
  /// a piece at a time.
  private func writeLiveDisplayTrack() throws(StoreError) {
    let id = id
    let drawn = try store.guarded {
      try store.pool.read { db in try LiveTrackPointRow.points(of: id, db) }
    }
    var seq = 0
    var start = 0
    while start < drawn.count {
      let end = min(start + Self.displayPiece, drawn.count)
      let reduced = DisplayTrack.reduce(Array(drawn[start..<end]))
      let first = seq
      try store.patientWrite { db in try DisplayPointRow.insert(reduced, of: id, from: first, db) }
      seq += reduced.count
      start = end
    }
  }

  private func writeEvents() throws(StoreError) {
    let (id, events) = (id, events)
    try store.patientWrite { db in try EventRow.insert(events, of: id, db) }
  }
}

/// Takes the finished track from the engine point by point: writes it in batches, reduces
/// it for drawing a piece at a time and keeps its times and distances. The engine cannot
/// be handed a throwing closure, so the first write error is kept, no more is written, and
/// `close` throws it.
private struct FinishedTrackSink {
  let store: SessionStore
  let id: Int64
  private var batch: [FinishedTrack.Point] = []
  private var written = 0
  private var piece: [FinishedTrack.Point] = []
  private var drawnCount = 0
  private var failure: StoreError?
  private(set) var times: [Double] = []
  private(set) var distances: [Double] = []
  /// The distance at any time, for the laps the file recorded.
  private(set) var odometer = FinishedTrack.Odometer()

  init(store: SessionStore, id: Int64) {
    self.store = store
    self.id = id
  }

  /// Points handed out so far.
  var count: Int { times.count }

  mutating func add(_ point: FinishedTrack.Point) {
    times.append(point.time.secondsSince1970)
    distances.append(point.distance.value)
    odometer.append(time: point.time, distance: point.distance, segment: point.segment)
    batch.append(point)
    piece.append(point)
    if batch.count >= SessionStore.batchRows { writeBatch() }
    if piece.count >= ImportWriter.displayPiece { writePiece() }
  }

  mutating func close() throws(StoreError) {
    writeBatch()
    writePiece()
    if let failure { throw failure }
  }

  private mutating func writeBatch() {
    defer { batch.removeAll(keepingCapacity: true) }
    guard failure == nil, !batch.isEmpty else { return }
    let (id, points, first) = (id, batch, written)
    do {
      try store.patientWrite { db in
        try FinishedPointRow.insert(points, of: id, from: first, db)
      }
      written += points.count
    } catch { failure = error }
  }

  /// Each piece keeps its ends, so a long track keeps a point or two more than reducing
  /// it whole would.
  private mutating func writePiece() {
    defer { piece.removeAll(keepingCapacity: true) }
    guard failure == nil, !piece.isEmpty else { return }
    let reduced = DisplayTrack.reduce(FinishedTrack(points: piece).trackPoints)
    let (id, first) = (id, drawnCount)
    do {
      try store.patientWrite { db in try DisplayPointRow.insert(reduced, of: id, from: first, db) }
      drawnCount += reduced.count
    } catch { failure = error }
  }
}
