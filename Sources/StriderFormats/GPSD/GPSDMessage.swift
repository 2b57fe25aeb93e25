import StriderCore

/// One report from gpsd, as `gpspipe -w` prints it and as gpsd sends it to a watching
/// client: a JSON object on one line whose `class` says what it is (gpsd_json(5)).
public enum GPSDMessage: Sendable, Equatable {
  /// A time-position-velocity report, as a fix.
  case tpv(Fix)
  /// The daemon's greeting, with its release (`3.22`).
  case version(release: String)
  /// The devices gpsd is reading, by path.
  case devices([String])
  /// The acknowledgement of a `?WATCH` command.
  case watch
  /// A satellite report: the satellites in view and the DOPs (the GPS panel shows it; the
  /// fix carries what the session needs).
  case sky(SkyView)
  /// An error gpsd sends for a bad command.
  case error(String)
  /// Any other class (DEVICE, PPS, TOFF, ATT, GST, ...), by name.
  case other(String)

  /// The report a line holds; nil when the line is not a JSON object or has no string
  /// `class` member.
  ///
  /// TPV members become fix fields (a number too large for a double, such as `1e400`, is
  /// as good as absent): `time` (ISO 8601 with fractional seconds), `lat`,
  /// `lon`, `altMSL` else `alt` else `altHAE`, `eph` else √(epx² + epy²) as the horizontal
  /// accuracy, `epv` as the vertical one, `speed`, `track` as the course, `mode` (0 and 1 →
  /// `.noFix` without a position, 2 → `.twoD`, 3 → `.threeD`) and `status` (5, dead
  /// reckoning → `.estimated`). gpsd's error estimates are rescaled to Strider's accuracy
  /// scale (`errorToAccuracy`).
  /// gpsd's `eph`/`epv` are 95 % confidence figures, which gpsd 3.22 computes from the DOP
  /// as HDOP × 19 m (its user-equivalent range error at 95 %); Strider's accuracy is on the
  /// scale every reader uses, DOP × 5 m (`GPXReader.userEquivalentRangeError`). Rescaling
  /// by 5/19 gives a live fix the accuracy the same NMEA sentences give when read from a
  /// file, so `run` and `analyze` judge the same epochs alike.
  public static let errorToAccuracy = 5.0 / 19.0

  public static func parse(line: some Collection<UInt8>) -> GPSDMessage? {
    let bytes: ArraySlice<UInt8> =
      line.withContiguousStorageIfAvailable { Array($0)[...] } ?? Array(line)[...]
    return parse(bytes: bytes)?.message
  }

  /// The report and, for TPV and DEVICE reports, the device path it names.
  static func parse(bytes: ArraySlice<UInt8>) -> (message: GPSDMessage, device: String?)? {
    var name: String?
    let tpv = bytes.withUnsafeBufferPointer { buffer -> (message: GPSDMessage, device: String?)? in
      switch scan(buffer) {
      case .tpv(let members)?: return (.tpv(members.fix()), members.deviceName(in: buffer))
      case .other(let other)?:
        name = other
        return nil
      case nil: return nil
      }
    }
    if let tpv { return tpv }
    // Any other class is read again, as an object its members can be asked of.
    guard let name, let object = FlatJSONObject(bytes) else { return nil }
    return other(named: name, object)
  }

  /// A report of any class but TPV, read from its object.
  static func other(named name: String, _ object: FlatJSONObject) -> (
    message: GPSDMessage, device: String?
  ) {
    switch name {
    case "VERSION":
      return (.version(release: string(object["release"]) ?? ""), nil)
    case "DEVICES":
      guard case .nested(let list)? = object["devices"] else { return (.devices([]), nil) }
      let paths = FlatJSONObject.objects(inArray: list).compactMap { string($0["path"]) }
      return (.devices(paths), nil)
    case "WATCH":
      return (.watch, nil)
    case "SKY":
      return (.sky(skyView(object)), nil)
    case "ERROR":
      return (.error(string(object["message"]) ?? ""), nil)
    case let other:
      return (.other(other), other == "DEVICE" ? string(object["path"]) : nil)
    }
  }

  /// A numeric `time` (gpsd before 3.10: seconds since 1970) as an instant, or nil when it
  /// is not one an RFC 3339 date can name (not finite, before 1970 or after 9999; JSON
  /// allows `1e4000`, which reads as infinity).
  static func time(secondsSince1970 number: Double) -> GNSSTime? {
    guard number.isFinite, number >= 0, number < latestTime else { return nil }
    return GNSSTime(secondsSince1970: number)
  }

  /// 10000-01-01T00:00:00Z, the first instant a four-digit year cannot write.
  static let latestTime = 253_402_300_800.0

  private static func string(_ value: FlatJSONObject.Value?) -> String? {
    guard case .string(let bytes, let escaped)? = value else { return nil }
    return FlatJSONObject.text(bytes, escaped: escaped)
  }
}
