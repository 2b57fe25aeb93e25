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
  /// the display track and the events. The session stays `importing`.
  mutating func complete() throws(StoreError)
    -> (fixCount: Int, start: GNSSTime?, end: GNSSTime?, summary: SessionSummary)
  {
    let (tail, summary) = engine.finish()
    tail.forEach { take($0) }
    // A fix the gate never judged counts as accepted, as in SessionRecorder.
    for (index, fix) in unjudged.sorted(by: { $0.key < $1.key }) {
      judged.append((index, fix, .accepted))
    }
    unjudged = [:]
    try writeBatch()
    let finished = engine.finishedTrack
    efforts = BestEfforts.of(finished, activity: summary.activity)
    heartRateTime = heartRates.time(excluding: summary.pauses)
    heartRates = HeartRateTime.Collector()
    engine = SessionEngine(configuration: engine.configuration)
    try writeFinishedTrack(finished)
    try writeDisplayTrack(finished)
    try writeEvents()
    return (
      seq, summary.start?.time ?? firstTime, summary.end?.time ?? lastTime, summary
    )
  }

  private func writeFinishedTrack(_ finished: FinishedTrack) throws(StoreError) {
    let id = id
    var start = 0
    while start < finished.points.count {
      let end = min(start + SessionStore.batchRows, finished.points.count)
      let first = start
      try store.patientWrite { db in
        try FinishedPointRow.insert(finished.points[first..<end], of: id, db)
      }
      start = end
    }
  }

  /// The display track, reduced from the finished track (or the live one when there is no
  /// finished track) a piece at a time.
  private func writeDisplayTrack(_ finished: FinishedTrack) throws(StoreError) {
    let id = id
    let drawn: [TrackPoint]
    if finished.isEmpty {
      drawn = try store.guarded {
        try store.pool.read { db in try LiveTrackPointRow.points(of: id, db) }
      }
    } else {
      drawn = []
    }
    let count = finished.isEmpty ? drawn.count : finished.points.count
    var seq = 0
    var start = 0
    while start < count {
      let end = min(start + Self.displayPiece, count)
      let piece =
        finished.isEmpty
        ? Array(drawn[start..<end])
        : FinishedTrack(points: Array(finished.points[start..<end])).trackPoints
      let reduced = DisplayTrack.reduce(piece)
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
