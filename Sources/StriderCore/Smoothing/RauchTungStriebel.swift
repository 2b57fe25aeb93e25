/// A point of the smoothed track.
public struct SmoothedState: Hashable, Sendable {
  public var time: GNSSTime
  public var coordinate: Coordinate
  public var velocity: PlanePoint
  public var speed: MetersPerSecond { MetersPerSecond(velocity.magnitude) }
}

/// The fixed-interval smoother for a finished track.
///
/// Runs the Rauch–Tung–Striebel backward recursion (Rauch, Tung and Striebel, "Maximum
/// likelihood estimates of linear dynamic systems", AIAA Journal 3(8), 1965) over the
/// forward filter's history, so every point is estimated from the fixes before *and* after
/// it. Each run between restarts or frame changes is smoothed on its own.
public enum RauchTungStriebel {
  /// One smoothed state per `.step` of the history, in order.
  public static func smooth(_ history: [KalmanHistoryEntry]) -> [SmoothedState] {
    var output: [SmoothedState] = []
    output.reserveCapacity(history.count)
    var frame: LocalTangentPlane?
    var run: [KalmanStep] = []
    func flush() {
      guard let f = frame, !run.isEmpty else {
        run.removeAll(keepingCapacity: true)
        return
      }
      smoothRun(run, frame: f, into: &output)
      run.removeAll(keepingCapacity: true)
    }
    for entry in history {
      switch entry {
      case .frameChange(let f):
        flush()
        frame = f
      case .step(let s):
        run.append(s)
      }
    }
    flush()
    return output
  }

  private static func smoothRun(
    _ steps: [KalmanStep], frame: LocalTangentPlane, into output: inout [SmoothedState]
  ) {
    let n = steps.count
    var east = [AxisState](repeating: AxisState(), count: n)
    var north = [AxisState](repeating: AxisState(), count: n)
    east[n - 1] = steps[n - 1].filteredEast
    north[n - 1] = steps[n - 1].filteredNorth
    if n >= 2 {
      for k in stride(from: n - 2, through: 0, by: -1) {
        let f = steps[k]
        let next = steps[k + 1]
        let dt = next.dt
        let p = f.filteredCov
        let pp = next.predictedCov
        let det = pp.a * pp.c - pp.b * pp.b
        guard det > 1e-12 else {
          east[k] = f.filteredEast
          north[k] = f.filteredNorth
          continue
        }
        // C = P F' Pp⁻¹ with F = [[1, dt], [0, 1]].
        let m00 = p.a + p.b * dt
        let m01 = p.b
        let m10 = p.b + p.c * dt
        let m11 = p.c
        let c00 = (m00 * pp.c - m01 * pp.b) / det
        let c01 = (-m00 * pp.b + m01 * pp.a) / det
        let c10 = (m10 * pp.c - m11 * pp.b) / det
        let c11 = (-m10 * pp.b + m11 * pp.a) / det
        east[k] = correct(f.filteredEast, east[k + 1], next.predictedEast, c00, c01, c10, c11)
        north[k] = correct(f.filteredNorth, north[k + 1], next.predictedNorth, c00, c01, c10, c11)
      }
    }
    for k in 0..<n {
      output.append(
        SmoothedState(
          time: steps[k].time,
          coordinate: frame.unproject(PlanePoint(east: east[k].p, north: north[k].p)),
          velocity: PlanePoint(east: east[k].v, north: north[k].v)))
    }
  }

  @inline(__always)
  private static func correct(
    _ filtered: AxisState, _ smoothedNext: AxisState, _ predictedNext: AxisState,
    _ c00: Double, _ c01: Double, _ c10: Double, _ c11: Double
  ) -> AxisState {
    let dp = smoothedNext.p - predictedNext.p
    let dv = smoothedNext.v - predictedNext.v
    return AxisState(p: filtered.p + c00 * dp + c01 * dv, v: filtered.v + c10 * dp + c11 * dv)
  }
}

/// The Rauch–Tung–Striebel smoother over a history that arrives step by step, holding at
/// most a bounded window of it, so a finished track of any length is smoothed in bounded
/// memory.
///
/// A state is settled once `lookahead` later steps of its run are in: the backward pass
/// starting that far ahead reaches it with the same value as one starting at the end of the
/// run, because each step back multiplies the influence of the starting point by a smoother
/// gain below one (30 steps leave a difference of 0.04 mm, 300 none a double can hold; the
/// default is 1024). A run that ends (a frame change or `finish`) is exact as in `smooth`.
public struct WindowedRauchTungStriebel: Sendable {
  public let lookahead: Int
  private var pending: [KalmanHistoryEntry] = []
  private var pendingSteps = 0

  public init(lookahead: Int = 1024) { self.lookahead = max(1, lookahead) }

  public mutating func append(_ entries: [KalmanHistoryEntry]) {
    for entry in entries {
      if case .step = entry { pendingSteps += 1 }
      pending.append(entry)
    }
  }

  /// The states settled since the last call, oldest first, one per step.
  public mutating func settled() -> [SmoothedState] {
    // Smoothing waits for five lookaheads and settles four: each step is smoothed 1.25
    // times, and at most 5 × 1024 steps (under 1 MB) wait.
    guard pendingSteps >= 5 * lookahead else { return [] }
    let smoothed = RauchTungStriebel.smooth(pending)
    let emit = pendingSteps - lookahead
    var frame: LocalTangentPlane?
    var steps = 0
    var cut = pending.count
    for (i, entry) in pending.enumerated() {
      switch entry {
      case .frameChange(let f): frame = f
      case .step: steps += 1
      }
      if steps == emit {
        cut = i + 1
        break
      }
    }
    var rest: [KalmanHistoryEntry] = []
    rest.reserveCapacity(pending.count - cut + 1)
    if let frame { rest.append(.frameChange(frame)) }
    rest.append(contentsOf: pending[cut...])
    pending = rest
    pendingSteps -= emit
    return Array(smoothed.prefix(emit))
  }

  /// Every state not yet returned: the end of the history is in.
  public mutating func finish() -> [SmoothedState] {
    let smoothed = RauchTungStriebel.smooth(pending)
    pending = []
    pendingSteps = 0
    return smoothed
  }
}
