import StriderCore

/// The sentences a receiver sent for one instant, merged field by field.
///
/// An epoch is keyed by its UTC time of day; sentences without a time (GSA, VTG) join the
/// epoch of the sentence before them. A field keeps the first value seen, except positions,
/// which come from the richest sentence (GGA, then GNS, RMC, GLL).
struct NMEAEpoch {
  /// Which position sentences the epoch holds.
  struct Kinds: OptionSet {
    let rawValue: UInt8
    static let gga = Kinds(rawValue: 1)
    static let rmc = Kinds(rawValue: 2)
    static let gll = Kinds(rawValue: 4)
    static let gns = Kinds(rawValue: 8)
  }

  /// Milliseconds since midnight UTC; nil for sentences that carried no time.
  var timeOfDay: Int?
  /// Line of the epoch's first sentence.
  var firstLine: Int
  /// Days since 1970-01-01, when an RMC or ZDA of this epoch gave the date.
  var day: Int?
  var kinds: Kinds = []
  var coordinate: Coordinate?
  var coordinatePriority = 0
  /// Some sentence said the receiver has no fix (GGA quality 0, RMC/GLL status V, GNS N,
  /// GSA mode 1).
  var saysNoFix = false
  /// Some sentence said the receiver has a fix (GGA quality > 0 from some satellites, RMC
  /// or GLL status A, a GNS mode other than N, GSA mode 2 or 3).
  var saysFix = false
  var provider = PositionProvider.gnss
  var altitude: Double?
  /// The highest GSA fix mode of the epoch (one GSA per constellation is common).
  var gsaMode: Int?
  var gsaSatellites = 0
  var speed: Double?
  var course: Double?
  var satellites: Int?
  var hdop: Double?
  var vdop: Double?
  var sigmaLatitude: Double?
  var sigmaLongitude: Double?
  var sigmaAltitude: Double?

  init(timeOfDay: Int?, line: Int) {
    self.timeOfDay = timeOfDay
    firstLine = line
  }

  /// Takes a position from a sentence of the given kind; `priority` ranks the sources.
  /// `valid` is the sentence's own verdict, nil when it gives none (a GGA from zero
  /// satellites: a held position that another sentence of the epoch must vouch for).
  /// The coordinate is read only when it would be taken: an RMC after its epoch's GGA
  /// repeats the GGA's position, and its four fields were a tenth of reading a log.
  mutating func position(
    _ coordinate: @autoclosure () -> Coordinate?, valid: Bool?, kind: Kinds, priority: Int
  ) {
    kinds.insert(kind)
    if valid == false {
      saysNoFix = true
      return
    }
    if valid == true { saysFix = true }
    if priority > coordinatePriority, let coordinate = coordinate() {
      self.coordinate = coordinate
      coordinatePriority = priority
    }
  }

  /// The fix the epoch describes, or nil when it held no position sentence at all (a ZDA or
  /// GST on its own says when, not where).
  func fix(time: GNSSTime?, index: Int) -> Fix? {
    guard !kinds.isEmpty else { return nil }
    // Accuracy from the DOPs wherever the receiver gives them, GST's sigmas only where it
    // gives none: gpsd's `eph` and `epv` are the DOPs times a range error even beside a GST
    // (the shared PolarRx2 log: eph 199.5 m, HDOP 10.5 × 19, with GST's σlat 317.6 m), so a
    // receiver's NMEA log weighs its fixes as the same receiver recorded through gpsd does,
    // and as its GPX does. The engine reads the figure as a relative weight; GST's three
    // decimals against HDOP's two had put the same fixes as NMEA in another optimum of the
    // noise fit, 4.9 % apart on one corpus walk.
    let ure = GPXReader.userEquivalentRangeError.value
    var horizontal: Double?
    if let hdop {
      horizontal = hdop * ure
    } else if let sigmaLatitude, let sigmaLongitude {
      horizontal = (sigmaLatitude * sigmaLatitude + sigmaLongitude * sigmaLongitude).squareRoot()
    }
    let vertical = vdop.map { $0 * ure } ?? sigmaAltitude
    let hasFix = (saysFix || (gsaMode ?? 0) >= 2) && !saysNoFix && coordinate != nil && gsaMode != 1
    let mode: FixMode
    if !hasFix {
      mode = .noFix
    } else if let gsaMode, gsaMode >= 2 {
      mode = gsaMode == 2 ? .twoD : .threeD
    } else if !kinds.isDisjoint(with: [.gga, .gns]) {
      mode = altitude == nil ? .twoD : .threeD
    } else {
      mode = .unknown
    }
    return Fix(
      time: time,
      coordinate: hasFix ? coordinate : nil,
      altitude: hasFix ? altitude.map(Meters.init) : nil,
      horizontalAccuracy: horizontal.map(Meters.init),
      verticalAccuracy: vertical.map(Meters.init),
      speed: hasFix ? speed.map(MetersPerSecond.init) : nil,
      course: hasFix ? course.map(Degrees.init) : nil,
      mode: mode,
      provider: provider,
      satellites: satellites ?? (gsaSatellites > 0 ? gsaSatellites : nil),
      hdop: hdop,
      origin: FixOrigin(index: index, line: firstLine))
  }
}
