import GRDB
import StriderConcurrency
import StriderCore

/// Feeds an import through the engine and writes its rows in batches as they are ready:
/// a fix waits in memory only until the gate has judged it, an event until the next batch.
/// The batches are written on a thread of their own (`OrderedWorker`) while the engine goes
/// on; `stopWriting` must be called once the import ends, however it ends.
struct ImportWriter {
  let store: SessionStore
  let id: Int64
  private let behind = OrderedWorker<StoreError>(capacity: 1, name: "strider-import-writer")
  /// Rows an import's batch holds: half the store's usual batch, because with the writing
  /// thread three batches can be alive at once (one written, one waiting, one filling), and
  /// a 1M-fix import peaked at 99 MB with whole batches (95 MB without the thread).
  static let batchRows = SessionStore.batchRows / 2
  private var pipeline: SessionPipeline
  private var seq = 0
  /// Fixes read whose verdict the gate has not released yet, by sequence number.
  private var unjudged: [Int: Fix] = [:]
  private var judged: [(seq: Int, fix: Fix, verdict: Verdict)] = []
  /// Fixes judged again after their first verdict was written.
  private var rejudged: [(seq: Int, verdict: Verdict)] = []
  private var track: [TrackPoint] = []
  private var trackCount = 0
  private var events: [SessionEvent] = []
  /// Events written so far: the next one's number.
  private var eventCount = 0
  private var firstTime: GNSSTime?
  private var lastTime: GNSSTime?
  /// The finished track's best efforts, searched before the track is let go.
  private(set) var efforts: [BestEffort] = []
  /// The heart-rate readings, collected as the fixes pass (`HeartRateTime.Collector`).
  private var heartRates = HeartRateTime.Collector()
  /// The time at each heart rate, made when the summary's pauses are known.
  private(set) var heartRateTime = HeartRateTime()

  init(store: SessionStore, id: Int64, configuration: SessionConfiguration) {
    self.store = store
    self.id = id
    pipeline = SessionPipeline(
      configuration: configuration,
      options: SessionPipeline.Options(keepsFinishedTrack: true, trackStorage: ScratchFile.shared),
      parallelism: Threads())
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
    for event in pipeline.ingest(stamped) { take(event) }
    if judged.count + track.count + events.count >= Self.batchRows {
      try writeBatch()
    }
  }

  private mutating func take(_ event: SessionEvent) {
    switch event {
    case .judged(let j):
      let index = j.fix.origin.index
      if let fix = unjudged.removeValue(forKey: index) {
        judged.append((index, fix, j.verdict))
      } else if let k = judged.lastIndex(where: { $0.seq == index }) {
        // Judged again: the session's head was a false start (`GateDecision.dropsHead`).
        judged[k].verdict = j.verdict
      } else {
        rejudged.append((index, j.verdict))
      }
    case .point(let p, _): track.append(p)
    default: events.append(event)
    }
  }

  /// Queues the fixes judged, the live track's points and the events so far, to be written
  /// in one transaction.
  private mutating func writeBatch() throws(StoreError) {
    let (store, id, fixes, points, firstPoint) = (store, id, judged, track, trackCount)
    let (happened, firstEvent, again) = (events, eventCount, rejudged)
    // The events are numbered here, so the next batch knows where to go on from.
    let rows = try store.guarded { try EventRow.rows(happened, of: id, from: firstEvent) }
    try behind.submit { () throws(StoreError) in
      try store.patientWrite { db in
        try FixRow.insert(
          fixes.lazy.map { FixRow(sessionId: id, seq: $0.seq, fix: $0.fix, verdict: $0.verdict) },
          db)
        for (seq, verdict) in again { try FixRow.setVerdict(verdict, seq: seq, of: id, db) }
        try LiveTrackPointRow.insert(points, of: id, from: firstPoint, db)
        for row in rows { try row.insert(db) }
      }
    }
    eventCount += rows.count
    trackCount += track.count
    judged = []
    rejudged = []
    track = []
    events = []
  }

  /// Waits for the batches queued to be written, then ends the writing thread; after a
  /// failure, drops what waits. Safe to call more than once.
  func stopWriting() {
    try? behind.drain()
    behind.close()
  }

  /// Ends the engine and writes the rest: the last fixes, points and events, the finished
  /// track and the display track. The session stays `importing`.
  ///
  /// The finished track is written as the engine makes it, a batch at a time, so it is
  /// never held whole. The display track and the best efforts are made from it read back
  /// once the engine has let go of its own copy of the track: made beside that copy, the
  /// piece being reduced for drawing and the times and distances kept for the efforts were
  /// 24 MB of a 1M-fix import's peak.
  ///
  /// - Parameter laps: the laps the file recorded; measured on the finished track into the
  ///   summary's laps, as a recording's presses are (`SessionPipeline.finish`).
  mutating func complete(laps: RecordedLaps? = nil) throws(StoreError)
    -> (fixCount: Int, start: GNSSTime?, end: GNSSTime?, summary: SessionSummary)
  {
    var sink = FinishedTrackSink(store: store, id: id, behind: behind)
    let (tail, summary) = pipeline.finish(laps: laps) { sink.add($0) }
    try sink.close()
    tail.forEach { take($0) }
    // A fix the gate never judged counts as accepted, as in SessionRecorder.
    for (index, fix) in unjudged.sorted(by: { $0.key < $1.key }) {
      judged.append((index, fix, .accepted))
    }
    unjudged = [:]
    try writeBatch()
    // Everything is written before the finished track is read back.
    try behind.drain()
    let handedOut = sink.count
    sink = FinishedTrackSink(store: store, id: id, behind: behind)
    heartRateTime = heartRates.time(excluding: summary.pauses)
    heartRates = HeartRateTime.Collector()
    // The engine lets go of what it held.
    pipeline = SessionPipeline(configuration: pipeline.configuration)
    if handedOut == 0 {
      try writeLiveDisplayTrack()
    } else {
      efforts = try writeDisplayTrack(
        count: handedOut, targets: BestEffortTarget.targets(for: summary.activity))
    }
    return (
      seq, summary.start?.time ?? firstTime, summary.end?.time ?? lastTime, summary
    )
  }

  /// Reads the finished track back a piece at a time, writes it reduced for drawing, and
  /// searches the best efforts on it (`TrackDrawing.drawFinished`).
  private func writeDisplayTrack(count: Int, targets: [BestEffortTarget]) throws(StoreError)
    -> [BestEffort]
  {
    let (store, id) = (store, id)
    return try store.guarded {
      try TrackDrawing.drawFinished(
        count: count, targets: targets,
        read: { seqs, body in
          try store.pool.read { db in try FinishedPointRow.forEach(of: id, seq: seqs, db, body) }
        },
        write: { reduced, first in
          try store.patientWrite { db in
            try DisplayPointRow.insert(reduced, of: id, from: first, db)
          }
        })
    }
  }

  /// The display track of a session without a finished track, reduced from the live one
  /// a piece at a time.
  private func writeLiveDisplayTrack() throws(StoreError) {
    let (store, id) = (store, id)
    try store.guarded {
      try TrackDrawing.drawLive(
        read: { start in
          try store.pool.read { db in try LiveTrackPointRow.piece(of: id, from: start, db) }
        },
        write: { reduced, first in
          try store.patientWrite { db in
            try DisplayPointRow.insert(reduced, of: id, from: first, db)
          }
        })
    }
  }
}

/// Takes the finished track from the engine point by point and writes it in batches (on
/// the import's writing thread). The engine cannot be handed a throwing closure, so the
/// first write error is kept, no more is written, and `close` throws it.
private struct FinishedTrackSink {
  let store: SessionStore
  let id: Int64
  let behind: OrderedWorker<StoreError>
  private var batch: [FinishedTrack.Point] = []
  private var failure: StoreError?
  /// Points handed out so far.
  private(set) var count = 0

  init(store: SessionStore, id: Int64, behind: OrderedWorker<StoreError>) {
    self.store = store
    self.id = id
    self.behind = behind
  }

  mutating func add(_ point: FinishedTrack.Point) {
    count += 1
    batch.append(point)
    if batch.count >= ImportWriter.batchRows { writeBatch() }
  }

  /// Queues the last batch and waits for every batch to be written.
  mutating func close() throws(StoreError) {
    writeBatch()
    if let failure { throw failure }
    try behind.drain()
  }

  private mutating func writeBatch() {
    defer { batch = [] }
    guard failure == nil, !batch.isEmpty else { return }
    let (store, id, points, first) = (store, id, batch, count - batch.count)
    do {
      try behind.submit { () throws(StoreError) in
        try store.patientWrite { db in
          try FinishedPointRow.insert(points, of: id, from: first, db)
        }
      }
    } catch { failure = error }
  }
}
