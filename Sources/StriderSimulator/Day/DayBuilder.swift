import StriderCore

/// Lays out a simulated day epoch by epoch: stays as a person standing (indoors) at a
/// place, moves as `TruthTrack`s along their paths, one receiver over all of it.
struct DayBuilder {
  let configuration: SimulatedDayConfiguration
  private(set) var fixes: [Fix] = []
  private(set) var truth: [TruthSample] = []
  private(set) var places: [DayStory.Stay] = []
  private(set) var moves: [DayStory.Move] = []
  private(set) var outage: ClosedRange<GNSSTime>?

  private let plane: LocalTangentPlane
  private var receiver: ReceiverModel
  private var time: GNSSTime
  private var travelled = 0.0
  private var first = true

  init(configuration: SimulatedDayConfiguration) {
    self.configuration = configuration
    plane = LocalTangentPlane(origin: configuration.origin)
    let receiverConfiguration = SimulationConfiguration(
      seed: configuration.seed, origin: configuration.origin,
      errorModel: configuration.indoorErrorModel)
    receiver = ReceiverModel(configuration: receiverConfiguration, plane: plane, canyons: [])
    time = configuration.startTime
    if let gap = configuration.outage, gap.duration.value > 0, gap.start.value.isFinite,
      gap.duration.value.isFinite
    {
      let start = configuration.startTime + gap.start
      outage = start...(start + gap.duration)
    }
  }

  mutating func build() {
    let plan = configuration.plan
    let interval = configuration.effectiveInterval
    var here = PlanePoint(east: 0, north: 0)
    var name = "home"
    for (k, stay) in plan.stays.enumerated() {
      let stayStart = time
      standing(at: here, for: stay)
      places.append(
        DayStory.Stay(
          name: name, coordinate: plane.unproject(here), start: stayStart,
          end: time - Seconds(interval)))
      guard k < plan.moves.count else { break }
      let move = plan.moves[k]
      let route = SimulatedRoute(vertices: move.path, origin: configuration.origin)
      let moveConfiguration = SimulationConfiguration(
        activity: move.mode.activity, seed: configuration.seed &+ UInt64(k + 1) &* 7919,
        origin: configuration.origin, startTime: time, sampleInterval: configuration.sampleInterval,
        errorModel: configuration.errorModel, motion: move.mode.motion)
      let track = TruthTrack(configuration: moveConfiguration, route: route)
      receiver.model = configuration.errorModel
      receiver.canyons = track.canyons
      let moveStart = time
      var previous = track.epochs.first?.distance ?? 0
      for epoch in track.epochs {
        travelled += epoch.distance - previous
        previous = epoch.distance
        emit(epoch)
      }
      receiver.canyons = []
      receiver.model = configuration.indoorErrorModel
      moves.append(
        DayStory.Move(
          mode: move.mode, start: moveStart, end: time - Seconds(interval),
          distance: route.length, from: name, to: move.to))
      here = move.path.last ?? here
      name = move.to
    }
  }

  /// Epochs of standing still at `point` for `seconds`.
  private mutating func standing(at point: PlanePoint, for seconds: Double) {
    let interval = configuration.effectiveInterval
    let count = max(1, Int((seconds / interval).rounded()))
    for _ in 0..<count {
      emit(
        TruthTrack.Epoch(
          time: time, point: point, direction: PlanePoint(east: 1, north: 0), speed: 0,
          distance: 0, altitude: TruthTrack.altitude(at: point)))
    }
  }

  /// One epoch: its truth, and its fix unless the receiver is out. The epoch's own time is
  /// replaced by the day's clock, which advances by one interval.
  private mutating func emit(_ epoch: TruthTrack.Epoch) {
    var epoch = epoch
    epoch.time = time
    if !first { receiver.advance(by: configuration.effectiveInterval) }
    first = false
    var fix = receiver.fix(for: epoch)
    let along = Meters(travelled)
    truth.append(
      TruthSample(
        time: time, coordinate: plane.unproject(epoch.point), altitude: Meters(epoch.altitude),
        speed: MetersPerSecond(epoch.speed),
        course: ReceiverModel.course(epoch.direction.east, epoch.direction.north),
        distanceAlongRoute: along,
        inUrbanCanyon: receiver.canyons.contains { $0.affects(Meters(epoch.distance)) }))
    if !(outage?.contains(time) ?? false) {
      fix.origin = FixOrigin(index: fixes.count)
      fix.segment = 0
      fixes.append(fix)
    }
    time = time + Seconds(configuration.effectiveInterval)
  }
}
