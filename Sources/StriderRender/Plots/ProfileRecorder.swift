import StriderCore

/// The dashboard's profiles as the session goes: elevation, pace or speed and heart rate
/// over the distance along the track drawn, kept in at most `capacity` stretches of equal
/// length (each twice as long once the track outgrows them), so a long replay holds a few
/// kilobytes however many fixes it has.
public struct ProfileRecorder: Sendable {
  /// Stretches kept at most; the chart's columns are fewer.
  public static let capacity = 1024

  /// The sums of one stretch's values.
  struct Stretch: Sendable {
    var altitude = Sum()
    var speed = Sum()
    var heartRate = Sum()

    mutating func merge(_ other: Stretch) {
      altitude.merge(other.altitude)
      speed.merge(other.speed)
      heartRate.merge(other.heartRate)
    }
  }

  struct Sum: Sendable {
    var total = 0.0
    var count = 0

    mutating func add(_ value: Double) {
      total += value
      count += 1
    }

    mutating func merge(_ other: Sum) {
      total += other.total
      count += other.count
    }

    var mean: Double? { count > 0 ? total / Double(count) : nil }
  }

  private(set) var stretches: [Stretch] = []
  /// Metres each stretch holds.
  private(set) var stretchLength = 5.0
  /// Metres along the track drawn so far.
  private(set) var travelled = 0.0
  private var last: (coordinate: Coordinate, segment: Int)?

  public init() {}

  /// Adds one point of the live track; `heartRate` is the newest the source gave.
  public mutating func add(_ point: TrackPoint, isPaused: Bool, heartRate: BeatsPerMinute?) {
    if let last, last.segment == point.segment {
      let step = Geodesy.distanceMeters(last.coordinate, point.coordinate)
      if step.isFinite { travelled += step }
    }
    last = (point.coordinate, point.segment)
    var index = Int(travelled / stretchLength)
    while index >= Self.capacity {
      halve()
      index = Int(travelled / stretchLength)
    }
    while stretches.count <= index { stretches.append(Stretch()) }
    if let altitude = point.altitude?.value, altitude.isFinite {
      stretches[index].altitude.add(altitude)
    }
    let speed = point.speed.value
    if !isPaused, speed.isFinite, speed > SessionProfiles.movingSpeed {
      stretches[index].speed.add(speed)
    }
    if let rate = heartRate?.value, rate.isFinite, rate > 0 { stretches[index].heartRate.add(rate) }
  }

  /// Joins the stretches two by two: each twice as long.
  private mutating func halve() {
    var joined: [Stretch] = []
    joined.reserveCapacity(Self.capacity / 2 + 1)
    var k = 0
    while k < stretches.count {
      var stretch = stretches[k]
      if k + 1 < stretches.count { stretch.merge(stretches[k + 1]) }
      joined.append(stretch)
      k += 2
    }
    stretches = joined
    stretchLength *= 2
  }

  /// The profiles so far, with data: their distances scaled so that the track drawn ends at
  /// `distance`, the one the dashboard shows (the drawn track's own steps are a little
  /// longer than the smoothed distance).
  public func charts(distance: Meters, activity: Activity, units: UnitSystem, glyphs: Glyphs)
    -> [ProfileChart]
  {
    let scale = travelled > 0 && distance.value > 0 ? distance.value / travelled : 1
    func samples(_ value: (Stretch) -> Double?) -> [ProfileChart.Sample] {
      stretches.indices.compactMap { k in
        value(stretches[k]).map {
          let middle = min(travelled, (Double(k) + 0.5) * stretchLength)
          return ProfileChart.Sample(distance: middle * scale, value: $0)
        }
      }
    }
    return [
      SessionProfiles.elevation(samples { $0.altitude.mean }, units: units, glyphs: glyphs),
      SessionProfiles.pace(
        samples { $0.speed.mean }, activity: activity, units: units, glyphs: glyphs),
      SessionProfiles.heartRate(samples { $0.heartRate.mean }, glyphs: glyphs),
    ].filter { $0.samples.count >= 2 }
  }
}
