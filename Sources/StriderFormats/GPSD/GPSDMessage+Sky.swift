import StriderCore

extension GPSDMessage {
  /// A SKY report as a `SkyView` (gpsd_json(5), "SKY").
  ///
  /// Members read: `time`, `hdop`, `vdop`, `pdop`, `tdop`, `gdop`, `uSat`, `nSat` and the
  /// `satellites` array, each with `PRN`, `gnssid`, `svid`, `el`, `az`, `ss` and `used`.
  /// A value outside its range is taken as absent (a DOP above 99.99, gpsd's own "no
  /// value"; an elevation beyond ±90°), a satellite without a PRN in 1...`maximumPRN` is left
  /// out, and only the first `SkyView.maximumSatellites` are read, so a hostile report
  /// cannot make the panel lie or grow without bound.
  static func skyView(_ object: FlatJSONObject) -> SkyView {
    var sky = SkyView()
    var usedCount: Int?
    var seenCount: Int?
    for (key, value) in object.members {
      let name = String(decoding: key, as: UTF8.self)
      switch (name, value) {
      case ("time", .string(let text, _)): sky.time = TimestampParser.parse(text)
      case ("time", .number(let number)): sky.time = time(secondsSince1970: number)
      case ("hdop", .number(let number)): sky.dop.horizontal = dop(number)
      case ("vdop", .number(let number)): sky.dop.vertical = dop(number)
      case ("pdop", .number(let number)): sky.dop.position = dop(number)
      case ("tdop", .number(let number)): sky.dop.time = dop(number)
      case ("gdop", .number(let number)): sky.dop.geometric = dop(number)
      case ("uSat", .number(let number)): usedCount = count(number)
      case ("nSat", .number(let number)): seenCount = count(number)
      case ("satellites", .nested(let list)): sky.satellites = satellites(list)
      default: break
      }
    }
    sky.usedCount = usedCount ?? sky.satellites.count(where: \.used)
    sky.seenCount = seenCount ?? sky.satellites.count
    return sky
  }

  /// The highest PRN gpsd gives (its table ends in the 400s; NMEA 4.11 IDs stay below 1000).
  static let maximumPRN = 999

  private static func satellites(_ list: ArraySlice<UInt8>) -> [SkyView.Satellite] {
    var result: [SkyView.Satellite] = []
    for object in FlatJSONObject.objects(inArray: list) {
      guard result.count < SkyView.maximumSatellites else { break }
      if let satellite = satellite(object) { result.append(satellite) }
    }
    return result
  }

  private static func satellite(_ object: FlatJSONObject) -> SkyView.Satellite? {
    guard case .number(let prnNumber)? = object["PRN"], let prn = Int(exactly: prnNumber),
      (1...maximumPRN).contains(prn)
    else { return nil }
    var satellite = SkyView.Satellite(prn: prn)
    if case .number(let id)? = object["gnssid"], let id = Int(exactly: id) {
      satellite.system = GNSSSystem(rawValue: id)
    }
    if case .number(let svid)? = object["svid"], let svid = Int(exactly: svid),
      (0...maximumPRN).contains(svid)
    {
      satellite.svid = svid
    }
    if case .number(let el)? = object["el"], abs(el) <= 90 { satellite.elevation = Degrees(el) }
    if case .number(let az)? = object["az"], az >= 0, az <= 360 { satellite.azimuth = Degrees(az) }
    if case .number(let ss)? = object["ss"], ss >= 0, ss < 100 { satellite.signal = ss }
    if case .bool(let used)? = object["used"] { satellite.used = used }
    return satellite
  }

  /// A DOP gpsd means: positive and at most 99.99 (its sentinel for "none").
  private static func dop(_ number: Double) -> Double? {
    number.isFinite && number > 0 && number < 99.99 ? number : nil
  }

  private static func count(_ number: Double) -> Int? {
    guard let count = Int(exactly: number), (0...SkyView.maximumSatellites).contains(count)
    else { return nil }
    return count
  }
}
