/// The gate's decision about one fix, and whether the track may be joined across it.
public struct GateDecision: Hashable, Sendable {
  public var judged: JudgedFix
  /// True on the first accepted fix after the gate had to find its footing again (a new
  /// segment, a long gap, or a confirmed move elsewhere): no distance is drawn across it.
  public var breaksTrack: Bool
  /// On a rejected fix whose time moved the stream on (a no-fix record, say): every fix up
  /// to this time has been judged and none is held, so a silence up to here is real.
  public var judgedUpTo: GNSSTime?
  /// On the first fix of a stretch the gate moved to in the session's first
  /// `Gate.headProbation`: every fix accepted before it was a false start, far from where
  /// the session really is (a burst of network fixes, a cached position that held still),
  /// and is rejected after all as `implausible_speed`. The engine starts the session
  /// again at this fix.
  public var dropsHead: Bool

  public init(
    judged: JudgedFix, breaksTrack: Bool = false, judgedUpTo: GNSSTime? = nil,
    dropsHead: Bool = false
  ) {
    self.judged = judged
    self.breaksTrack = breaksTrack
    self.judgedUpTo = judgedUpTo
    self.dropsHead = dropsHead
  }

  public var fix: Fix { judged.fix }
  public var verdict: Verdict { judged.verdict }
}

/// Decides for every fix *accept* or *reject with a reason*; nothing is dropped silently.
///
/// The gate works in stages:
/// 1. Checks on the fix alone: `no_fix`, `out_of_range`, `invalid_accuracy`, `non_gnss`,
///    `low_accuracy`, and `stale` when the session start is known; `no_time` for a fix
///    without a time in a stream that has times (see `TimeRequirement`). Untimed fixes at the head of a stream
///    wait for the first timed one (they are then `no_time`) or, after
///    `untimedHeadLimit` of them or at the end, are taken as an untimed stream.
/// 2. Order: timed fixes wait in a reorder buffer for `reorderWindow` seconds of fix time so
///    that a late fix is put back in its place; older than what has left the buffer it is
///    `out_of_order`, and a second fix for an epoch already seen is a `duplicate`. A forward
///    clock jump is held until later fixes confirm it (a real gap) or contradict it.
/// 3. Plausibility, in time order: the step from the last accepted fix must be reachable at
///    the activity's top speed, with a margin for both fixes' accuracy. The first position
///    is only trusted once `confirmationCount` fixes agree with it, so a cached fix
///    hundreds of kilometres away at the head of the stream is never the anchor; and when
///    that many consecutive rejected fixes agree with each other, the user really is there
///    and the gate re-anchors instead of rejecting the rest of the session.
///
/// Decisions come out when they are made: immediately for stage 1, after the reorder window
/// for the others. A fix refused in stage 1 for its quality (no fix, accuracy, non-GNSS)
/// still tells the time, as a good fix would: what is held past the reorder window before
/// it is judged, and later fixes older than that are `out_of_order`. So a no-fix record
/// lets the engine see a signal loss while it lasts, and nothing judged afterwards can
/// come before it. `finish()` flushes everything still held.
public struct Gate: Sendable {
  public let configuration: GateConfiguration

  /// Steps between fixes without a time are plausible up to this length.
  static let untimedMaxStep = 1000.0
  /// Receivers disagree about what their accuracy figure means (gpsd's eph is a 95 % radius
  /// of HDOP × 19 m, a u-blox hAcc one sigma): a fix is `low_accuracy` only when it is worse
  /// than the configured limit *and* this many times worse than what the same receiver
  /// typically reports (the median of its last `accuracyMemory` fixes), so a receiver whose
  /// figures run four times high is judged by its own scale.
  static let relativeAccuracyLimit = 4.0
  static let accuracyMemory = 120
  /// Untimed fixes held at the head of a stream before it counts as an untimed one (a GPX
  /// drawn by hand, a logger without a clock): a hundred is more than any file puts before
  /// its first timed point, and little to hold.
  static let untimedHeadLimit = 100
  /// Past this gap inside a segment, the gate looks for its footing again.
  static let maxContinuousGap = Seconds(600)
  /// For this long from the session's first accepted fix, a confirmed move elsewhere
  /// says the fixes before it were a false start (`GateDecision.dropsHead`): the head is
  /// trusted once three fixes agree over a few seconds, and a burst of network fixes at
  /// the start agrees with itself for that long.
  static let headProbation = Seconds(30)
  /// The stream's first time is believed when the next is within this of it: a logger
  /// paused after its first fix resumes minutes or hours later, while a clock that was
  /// wrong (a year of 1970 or 2100, a week-number rollover) is days or years off.
  static let headTimeSpan = Seconds(86_400)

  private var reorderBuffer = FixQueue()
  private var releasedUpTo: GNSSTime?
  /// Fixes at or before this time are late beyond the window that a rejected fix's time
  /// closed (see `advanceClock`).
  private var orderFloor: GNSSTime?
  private var newestTime: GNSSTime?
  private var provisional: Fix?
  private var provisionalContradictions = 0
  /// Whether `provisional` is the stream's first timed fix, held until the next agrees
  /// with its time (within `headTimeSpan`, either way).
  private var provisionalIsHead = false
  /// Whether the stream's first timed fix has been held (`provisionalIsHead`).
  private var headTimeJudged = false
  private var headBuffer: [Fix] = []
  private var anchored = false
  /// The session's first accepted fix's time, while a move elsewhere may still drop the
  /// head (`headProbation`).
  private var headAnchoredAt: GNSSTime?
  private var headPassed = false
  private var lastAccepted: Fix?
  /// When the session began: the first accepted fix (the one after a dropped head).
  private var sessionBegan: GNSSTime?
  private var suspects: [Fix] = []
  private var accuracyReported = false
  /// The accuracy this receiver typically reports: what "low" is measured against.
  private var typicalAccuracy = RunningMedian(capacity: Gate.accuracyMemory)
  /// `typicalAccuracy`'s median as of the last fix that reported one.
  private var typicalAccuracyNow: Double?
  private var lastUntimed: Fix?
  /// Whether a timed fix has come: from then on a fix without a time is `no_time`.
  private var timeReported = false
  /// Whether the stream was taken as untimed (its untimed head outgrew the limit).
  private var untimedStream = false
  private var untimedHead: [Fix] = []
  /// The array the last decisions were returned in: reused (no allocation per fix) once
  /// the caller has let go of it.
  private var decisionBuffer: [GateDecision] = []

  /// The enabled checks as bits: asked several times per fix, where a set lookup hashes.
  private let enabledChecks: UInt32

  public init(configuration: GateConfiguration) {
    self.configuration = configuration
    enabledChecks = configuration.enabledChecks.reduce(0) { $0 | $1.bit }
  }

  @inline(__always) private func isOn(_ check: RejectionReason) -> Bool {
    enabledChecks & check.bit != 0
  }

  /// Judges a fix; returns the decisions this made possible (possibly none yet, possibly
  /// several when the fix releases others from the buffers).
  ///
  /// A time that is not a number, or millions of years away (a corrupt record, a fix built
  /// from garbage), is no time at all: the fix is judged as an untimed one, as if the
  /// source had given none, so no difference of two times can overflow.
  public mutating func ingest(_ fix: Fix) -> [GateDecision] {
    var out = decisionBuffer
    decisionBuffer = []
    out.removeAll(keepingCapacity: true)
    defer { decisionBuffer = out }
    ingest(fix, into: &out)
    return out
  }

  /// Judges one fix like `ingest(_:)`, appending the decisions to `out`: a caller judging
  /// a batch keeps one array for all of it.
  public mutating func ingest(_ fix: Fix, into out: inout [GateDecision]) {
    var fix = fix
    if let t = fix.time, !t.isRepresentable { fix.time = nil }
    if let reason = staticRejection(of: fix) {
      var decision = GateDecision(judged: JudgedFix(fix: fix, verdict: .rejected(reason)))
      if let time = fix.time, reason != .stale {
        decision.judgedUpTo = advanceClock(to: time, into: &out)
      }
      out.append(decision)
      return
    }
    guard let time = fix.time else {
      holdOrJudgeUntimed(fix, into: &out)
      return
    }
    if !timeReported {
      timeReported = true
      for held in untimedHead { out.append(reject(held, .noTime)) }
      untimedHead.removeAll()
    }
    order(fix, at: time, into: &out)
  }

  /// A fix without a time: `no_time` in a timed stream, held at the head until the stream
  /// shows whether it has times, judged by position alone in an untimed stream.
  private mutating func holdOrJudgeUntimed(_ fix: Fix, into out: inout [GateDecision]) {
    if isOn(.noTime) {
      if timeReported || configuration.timeRequirement == .always {
        out.append(reject(fix, .noTime))
        return
      }
      if !untimedStream {
        untimedHead.append(fix)
        guard untimedHead.count >= Gate.untimedHeadLimit else { return }
        releaseUntimedHead(into: &out)
        return
      }
    }
    judgeUntimed(fix, into: &out)
  }

  /// The stream has no times (so far): the held head is judged as an untimed stream.
  private mutating func releaseUntimedHead(into out: inout [GateDecision]) {
    untimedStream = true
    let held = untimedHead
    untimedHead.removeAll()
    for fix in held { judgeUntimed(fix, into: &out) }
  }

  private mutating func judgeUntimed(_ fix: Fix, into out: inout [GateDecision]) {
    if isOn(.duplicate), let last = lastUntimed, last.sameObservation(as: fix) {
      out.append(reject(fix, .duplicate))
      return
    }
    lastUntimed = fix
    releaseAll(into: &out)
    judgeInOrder(fix, into: &out)
  }

  /// Flushes every fix still held, as at the end of a file or a recording.
  public mutating func finish() -> [GateDecision] {
    var out: [GateDecision] = []
    if !untimedHead.isEmpty { releaseUntimedHead(into: &out) }
    if let held = provisional {
      provisional = nil
      if provisionalIsHead || !isOn(.outOfOrder) || !Gate.isClockFault(held, after: newestTime) {
        insertIntoBuffer(held)
      } else {
        // A jump that no fix carried on from, and longer than any pause, is a clock out of
        // order at the end too (a last record dated 2085 made a five-minute run 64 years
        // long); a device's last point minutes after a pause is kept.
        releaseAll(into: &out)
        out.append(reject(held, .outOfOrder))
      }
    }
    releaseAll(into: &out)
    if !anchored { resolveHead(force: true, into: &out) }
    for suspect in suspects { out.append(reject(suspect, .implausibleSpeed)) }
    suspects.removeAll()
    return out
  }

  /// The longest a last fix may follow the one before it without a fix after it to confirm
  /// the time: a device's point after a long pause, not a clock decades out.
  static let unconfirmedJumpLimit = Seconds(86_400)

  /// Whether `fix`, held as a jump ahead of `newest` that nothing confirmed, is further
  /// ahead than `unconfirmedJumpLimit`.
  private static func isClockFault(_ fix: Fix, after newest: GNSSTime?) -> Bool {
    guard let time = fix.time, let newest else { return false }
    return time - newest > unconfirmedJumpLimit
  }

  // MARK: Stage 1: the fix alone

  private mutating func staticRejection(of fix: Fix) -> RejectionReason? {
    let c = configuration
    if isOn(.noFix) {
      if fix.mode == .noFix { return .noFix }
      guard let coordinate = fix.coordinate, coordinate.isValid else { return .noFix }
    } else if fix.coordinate?.isValid != true {
      return .noFix  // without a position nothing downstream can use it, switched on or not
    }
    if isOn(.outOfRange), !PlausibleRange.holds(fix) { return .outOfRange }
    if let accuracy = fix.horizontalAccuracy {
      if !accuracy.isFinite || accuracy.value < 0 {
        if isOn(.invalidAccuracy) { return .invalidAccuracy }
      } else {
        accuracyReported = true
      }
    } else if isOn(.invalidAccuracy) {
      switch c.accuracyRequirement {
      case .always: return .invalidAccuracy
      case .whenReported where accuracyReported: return .invalidAccuracy
      default: break
      }
    }
    if isOn(.nonGNSS), fix.provider != .gnss { return .nonGNSS }
    if let a = usableAccuracy(fix) {
      typicalAccuracy.add(a)
      typicalAccuracyNow = typicalAccuracy.median
    }
    // What the receiver typically reports is asked only past the absolute limits.
    if isOn(.nonGNSS), fix.mode == .twoD, let a = usableAccuracy(fix),
      a >= c.networkGradeAccuracy.value,
      a >= Gate.relativeAccuracyLimit * (typicalAccuracy.median ?? a)
    {
      return .nonGNSS
    }
    if isOn(.lowAccuracy), let a = usableAccuracy(fix), a > c.maxAccuracy.value,
      a > Gate.relativeAccuracyLimit * (typicalAccuracy.median ?? a)
    {
      return .lowAccuracy
    }
    if isOn(.stale), let start = c.sessionStart, let t = fix.time, t < start {
      return .stale
    }
    return nil
  }

  private func usableAccuracy(_ fix: Fix) -> Double? {
    guard let a = fix.horizontalAccuracy?.value, a.isFinite, a >= 0 else { return nil }
    return a
  }

  /// What a step between two fixes may be longer than the top speed allows: both fixes'
  /// accuracy, each read against what this receiver typically reports
  /// (`relativeAccuracy`), and a few metres more.
  private func plausibilityMargin(_ a: Fix, _ b: Fix) -> Double {
    1.5 * (relativeAccuracy(a) + relativeAccuracy(b)) + 5
  }

  /// A fix's accuracy as the plausibility margin reads it: `assumedAccuracy` times how
  /// much worse (or better) it is than what the same receiver typically reports, and
  /// `assumedAccuracy` where it reports none. Receivers and formats disagree about what
  /// the figure means (a 1-σ radius, a 95 % one, HDOP times some metres, written by one
  /// convention and read by another), so only its ratio to the receiver's own usual one
  /// is the same whichever way it was written: the same fixes get the same decisions
  /// with HDOP, eph, GST or no accuracy at all. A fix more than `relativeAccuracyLimit`
  /// times worse than usual counts as that: it is kept only because its own figure is
  /// within the absolute limit, and a receiver that usually says 0.5 m would otherwise
  /// make a 30 m fix's margin hundreds of metres.
  private func relativeAccuracy(_ fix: Fix) -> Double {
    let assumed = configuration.assumedAccuracy.value
    guard let a = usableAccuracy(fix), let typical = typicalAccuracyNow, typical > 0 else {
      return assumed
    }
    return assumed * min(a / typical, Gate.relativeAccuracyLimit)
  }

  // MARK: Stage 2: order

  /// The time of a fix refused on its own moves the stream on as a good fix's would: fixes
  /// held longer than the reorder window before it are judged. Returns the time up to which
  /// everything is judged when nothing is left held, else nil; nil too for a time that is
  /// not believable (behind the newest, or a jump that a good fix would have to confirm).
  private mutating func advanceClock(
    to time: GNSSTime, into out: inout [GateDecision]
  ) -> GNSSTime? {
    guard provisional == nil, let newest = newestTime, time > newest,
      time - newest <= configuration.clockJumpThreshold
    else { return nil }
    newestTime = time
    release(into: &out)
    let limit = time - configuration.reorderWindow
    if orderFloor.map({ limit > $0 }) ?? true { orderFloor = limit }
    return reorderBuffer.first == nil ? limit : nil
  }

  private mutating func order(_ fix: Fix, at time: GNSSTime, into out: inout [GateDecision]) {
    let c = configuration
    if isOn(.outOfOrder), let floor = orderFloor, time <= floor,
      releasedUpTo.map({ time != $0 }) ?? true
    {
      out.append(reject(fix, lateReason(time)))
      return
    }
    if let released = releasedUpTo, time <= released {
      if time == released, isOn(.duplicate) {
        out.append(reject(fix, .duplicate))
        return
      }
      if isOn(.outOfOrder) {
        out.append(reject(fix, lateReason(time)))
        return
      }
      judgeInOrder(fix, into: &out)  // the lab switched ordering off: take it as it comes
      return
    }
    if isOn(.duplicate),
      reorderBuffer.contains(where: { $0.time == time }) || provisional?.time == time
    {
      out.append(reject(fix, .duplicate))
      return
    }
    if let held = provisional, let heldTime = held.time {
      // A jump is carried on from by a time just after it, not by a second jump beyond it.
      let carriesOn =
        provisionalIsHead
        ? abs((time - heldTime).value) <= Gate.headTimeSpan.value
        : time >= heldTime - c.reorderWindow && time - heldTime <= c.clockJumpThreshold
      if carriesOn {
        provisional = nil  // the stream carried on from the jump: it was a real gap
        releaseAll(into: &out)
        insertIntoBuffer(held)
      } else {
        provisionalContradictions += 1
        if provisionalContradictions >= c.confirmationCount - 1 || c.confirmationCount <= 1 {
          provisional = nil
          // A first time far behind what follows is an old fix; one far ahead, or a jump
          // the stream never carried on from, a clock out of order.
          let reason: RejectionReason =
            provisionalIsHead && heldTime < time && isOn(.stale) ? .stale : .outOfOrder
          out.append(reject(held, isOn(reason) ? reason : .implausibleSpeed))
        }
        // A second jump ahead of the stream while one is held is judged as the first was:
        // held in its turn once the first is dropped, else out of order.
        if !provisionalIsHead, let newest = newestTime, time - newest > c.clockJumpThreshold {
          if provisional == nil {
            provisional = fix
            provisionalContradictions = 0
          } else {
            out.append(reject(fix, .outOfOrder))
          }
          return
        }
      }
    } else if isOn(.outOfOrder), newestTime == nil, !headTimeJudged {
      // The first time of a stream is trusted once the next agrees with it: one bad
      // clock reading at the head (a year of 1970 or 2100) would otherwise date the
      // session, or put every fix after it out of order.
      headTimeJudged = true
      provisional = fix
      provisionalIsHead = true
      provisionalContradictions = 0
      return
    } else if isOn(.outOfOrder), let newest = newestTime,
      time - newest > c.clockJumpThreshold
    {
      provisional = fix
      provisionalIsHead = false
      provisionalContradictions = 0
      return
    }
    insertIntoBuffer(fix)
    release(into: &out)
  }

  /// Why a fix too late to put back in its place is refused: older than the session
  /// itself, it is a cached fix (`stale`), else a late one.
  private func lateReason(_ time: GNSSTime) -> RejectionReason {
    isOn(.stale) && sessionBegan.map { time < $0 } ?? false ? .stale : .outOfOrder
  }

  private mutating func insertIntoBuffer(_ fix: Fix) {
    guard let time = fix.time else { return }
    reorderBuffer.insertInTimeOrder(fix, at: time)
    if newestTime.map({ time > $0 }) ?? true { newestTime = time }
  }

  private mutating func release(into out: inout [GateDecision]) {
    guard let newest = newestTime else { return }
    let limit = newest - configuration.reorderWindow
    while let fix = reorderBuffer.first, let t = fix.time, t <= limit {
      reorderBuffer.removeFirst()
      releasedUpTo = t
      judgeInOrder(fix, into: &out)
    }
  }

  private mutating func releaseAll(into out: inout [GateDecision]) {
    let ready = reorderBuffer.elements
    reorderBuffer.removeAll()
    for fix in ready {
      releasedUpTo = fix.time
      judgeInOrder(fix, into: &out)
    }
  }

  // MARK: Stage 3: plausibility in time order

  private mutating func judgeInOrder(_ fix: Fix, into out: inout [GateDecision]) {
    guard isOn(.implausibleSpeed) || isOn(.stale) else {
      let breaks = lastAccepted.map { startsNewStretch(from: $0, to: fix) } ?? true
      accept(fix, breaksTrack: breaks, into: &out)
      return
    }
    if anchored, let last = lastAccepted, startsNewStretch(from: last, to: fix) {
      for suspect in suspects { out.append(reject(suspect, .implausibleSpeed)) }
      suspects.removeAll()
      anchored = false
      headPassed = true
      headAnchoredAt = nil
    }
    guard anchored else {
      if let last = headBuffer.last, startsNewStretch(from: last, to: fix) {
        if leadsOn(from: last, to: fix) {
          // A short stretch near what follows (a logger's brief track) keeps its best chain.
          resolveHead(force: true, into: &out)
          if anchored {
            judgeInOrder(fix, into: &out)
            return
          }
        } else {
          // Fixes that never confirmed and lead nowhere near the session: a cached position.
          for pending in headBuffer {
            let old = fix.time.map { t in
              pending.time.map { t - $0 > configuration.staleAge } ?? false
            }
            out.append(
              reject(
                pending, old == true && isOn(.stale) ? .stale : .implausibleSpeed))
          }
          headBuffer.removeAll()
        }
      }
      headBuffer.append(fix)
      resolveHead(force: false, into: &out)
      return
    }
    guard let last = lastAccepted else { return }
    if isPlausible(from: last, to: fix) || !isOn(.implausibleSpeed) {
      for suspect in suspects { out.append(reject(suspect, .implausibleSpeed)) }
      suspects.removeAll()
      accept(fix, breaksTrack: false, into: &out)
      return
    }
    if let lastSuspect = suspects.last, !isPlausible(from: lastSuspect, to: fix) {
      for suspect in suspects { out.append(reject(suspect, .implausibleSpeed)) }
      suspects.removeAll()
    }
    suspects.append(fix)
    if suspects.count >= configuration.confirmationCount {
      let confirmed = suspects
      suspects.removeAll()
      var dropsHead = false
      if let since = headAnchoredAt, let t = confirmed.first?.time {
        dropsHead = t - since <= Gate.headProbation
      }
      for (i, f) in confirmed.enumerated() {
        accept(f, breaksTrack: i == 0, dropsHead: i == 0 && dropsHead, into: &out)
      }
    }
  }

  /// A new segment or a long silence: the next position must be confirmed afresh.
  private func startsNewStretch(from last: Fix, to fix: Fix) -> Bool {
    if fix.segment != last.segment { return true }
    if configuration.breaksLongGaps, let a = last.time, let b = fix.time,
      b - a > Gate.maxContinuousGap
    {
      return true
    }
    return false
  }

  /// Finds the first position that enough later fixes agree with, and decides the head.
  private mutating func resolveHead(force: Bool, into out: inout [GateDecision]) {
    guard !headBuffer.isEmpty else { return }
    let needed = isOn(.implausibleSpeed) ? configuration.confirmationCount : 1
    var chain: [Int]?
    var best: [Int] = []
    for start in headBuffer.indices {
      var candidate = [start]
      for j in (start + 1)..<headBuffer.count
      where isLinkedAtHead(headBuffer[candidate[candidate.count - 1]], headBuffer[j]) {
        candidate.append(j)
        if candidate.count >= needed && spansHeadConfirmation(candidate) { break }
      }
      if candidate.count >= needed && spansHeadConfirmation(candidate) {
        chain = candidate
        break
      }
      if candidate.count > best.count { best = candidate }
    }
    if chain == nil, force { chain = best }
    guard let members = chain, let first = members.first else { return }
    let buffer = headBuffer
    headBuffer.removeAll()
    // Walk back from the chain: earlier fixes that join on (a sparse logger's first points)
    // belong to the track; the rest are stale (old and unreachable) or implausible.
    enum HeadVerdict { case joins, rejected(RejectionReason) }
    var verdictBefore: [Int: HeadVerdict] = [:]
    var joinedTo = buffer[first]
    for i in stride(from: first - 1, through: 0, by: -1) {
      let fix = buffer[i]
      if canJoin(fix, before: joinedTo) {
        verdictBefore[i] = .joins
        joinedTo = fix
        continue
      }
      let old = buffer[first].time.map { a in
        fix.time.map { a - $0 > configuration.staleAge } ?? false
      }
      if old == true {
        verdictBefore[i] = isOn(.stale) ? .rejected(.stale) : .joins
      } else {
        verdictBefore[i] = .rejected(.implausibleSpeed)
      }
    }
    let memberSet = Set(members)
    let tail = members.last.map { buffer[($0 + 1)...] } ?? []
    anchored = true
    var breaks = true
    for (i, fix) in buffer.enumerated() where i <= (members.last ?? 0) {
      let before = i < first ? verdictBefore[i] : nil
      if memberSet.contains(i) || { if case .joins = before { true } else { false } }() {
        accept(fix, breaksTrack: breaks, into: &out)
        breaks = false
      } else if case .rejected(let reason) = before {
        out.append(reject(fix, reason))
      } else {
        out.append(reject(fix, .implausibleSpeed))
      }
    }
    for fix in tail { judgeInOrder(fix, into: &out) }
  }

  /// Two fixes belong to the same first stretch when the step is plausible and no long
  /// silence lies between them: a cached fix hours old is "reachable" at walking pace from
  /// anywhere, so speed alone cannot tell it from the start of the session.
  private func isLinkedAtHead(_ a: Fix, _ b: Fix) -> Bool {
    if a.segment != b.segment { return false }
    if let t0 = a.time, let t1 = b.time, abs((t1 - t0).value) > configuration.staleAge.value {
      return false
    }
    return isPlausible(from: a, to: b)
  }

  /// Whether an unconfirmed stretch could lead to the next one: its end is within reach of
  /// the next fix at the activity's top speed over at most the longest continuous gap.
  private func leadsOn(from last: Fix, to next: Fix) -> Bool {
    guard let a = last.coordinate, let b = next.coordinate else { return false }
    var seconds = Gate.maxContinuousGap.value
    if let t0 = last.time, let t1 = next.time { seconds = min(seconds, abs((t1 - t0).value)) }
    let margin = plausibilityMargin(last, next)
    return Geodesy.distanceMeters(a, b) - margin <= configuration.maxSpeed.value * seconds
  }

  /// Whether a fix just before the confirmed first position belongs to the same stretch:
  /// same segment, not a long silence apart, and reachable at a plausible speed.
  private func canJoin(_ fix: Fix, before next: Fix) -> Bool {
    guard fix.segment == next.segment else { return false }
    if let t0 = fix.time, let t1 = next.time, (t1 - t0).value > Gate.maxContinuousGap.value {
      return false
    }
    return isPlausible(from: fix, to: next)
  }

  /// The first position must be held for a few seconds of fix time, so that a short burst
  /// of cached fixes (receivers repeat the last known position once or twice) cannot anchor
  /// the session.
  private func spansHeadConfirmation(_ chain: [Int]) -> Bool {
    guard isOn(.implausibleSpeed) || isOn(.stale),
      let first = chain.first, let last = chain.last, let t0 = headBuffer[first].time,
      let t1 = headBuffer[last].time
    else { return true }
    return t1 - t0 >= configuration.headConfirmationSpan
  }

  /// Whether `fix` can be reached from `from` at the activity's top speed, allowing both
  /// positions their reported accuracy.
  func isPlausible(from: Fix, to fix: Fix) -> Bool {
    guard let a = from.coordinate, let b = fix.coordinate else { return false }
    let distance = Geodesy.distanceMeters(a, b)
    let margin = plausibilityMargin(from, fix)
    guard let t0 = from.time, let t1 = fix.time else {
      return distance <= Gate.untimedMaxStep + margin
    }
    let dt = abs((t1 - t0).value)
    return distance - margin <= configuration.maxSpeed.value * dt
  }

  private mutating func accept(
    _ fix: Fix, breaksTrack: Bool, dropsHead: Bool = false, into out: inout [GateDecision]
  ) {
    lastAccepted = fix
    if sessionBegan == nil || dropsHead { sessionBegan = fix.time }
    if !headPassed {
      if headAnchoredAt == nil { headAnchoredAt = fix.time }
      if let since = headAnchoredAt, let t = fix.time, t - since > Gate.headProbation {
        headPassed = true
        headAnchoredAt = nil
      }
    }
    out.append(
      GateDecision(
        judged: JudgedFix(fix: fix, verdict: .accepted), breaksTrack: breaksTrack,
        dropsHead: dropsHead))
  }

  private func reject(_ fix: Fix, _ reason: RejectionReason) -> GateDecision {
    GateDecision(judged: JudgedFix(fix: fix, verdict: .rejected(reason)))
  }
}

extension Fix {
  /// The same observation delivered twice: equal in everything but where it was read.
  func sameObservation(as other: Fix) -> Bool {
    time == other.time && coordinate == other.coordinate && altitude == other.altitude
      && horizontalAccuracy == other.horizontalAccuracy && mode == other.mode
  }
}

/// The reorder buffer: fixes in time order, taken from the front as they leave the reorder
/// window and added near the back. A head index makes taking from the front free; an array
/// would shift every held fix (a few hundred bytes each) for every fix that passes.
private struct FixQueue: Sendable {
  private var storage: [Fix] = []
  private var head = 0

  var first: Fix? { head < storage.count ? storage[head] : nil }
  var elements: ArraySlice<Fix> { storage[head...] }

  func contains(where predicate: (Fix) -> Bool) -> Bool {
    storage[head...].contains(where: predicate)
  }

  /// Inserts after every held fix that is not later (a late fix goes back to its place).
  mutating func insertInTimeOrder(_ fix: Fix, at time: GNSSTime) {
    var index = storage.count
    while index > head, let t = storage[index - 1].time, t > time { index -= 1 }
    storage.insert(fix, at: index)
  }

  mutating func removeFirst() {
    head += 1
    if head == storage.count {
      storage.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= 64, head * 2 >= storage.count {
      storage.removeFirst(head)
      head = 0
    }
  }

  mutating func removeAll() {
    storage.removeAll(keepingCapacity: true)
    head = 0
  }
}
