import StriderCore

extension GPSDMessage {
  /// What one line holds, scanned once: a TPV report's members, or another class by name.
  enum ScannedReport {
    case tpv(TPVMembers)
    /// Any class but TPV (its name decoded as `String(decoding:as:)` decodes it); the
    /// caller reads the object again if it wants more than the name.
    case other(String)
  }

  /// Scans a line as one JSON object; nil when it is not one or its first `class` member
  /// is not a string (the lines `parse` calls malformed).
  ///
  /// The TPV members are gathered whatever the class (it may come last: `jq -S` sorts the
  /// keys), and the line is never copied: a TPV costs no allocation but its device name's.
  static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> ScannedReport? {
    var members = TPVMembers()
    var className: FlatJSONScanner.Value?
    let isObject = FlatJSONScanner.forEachMember(in: bytes) { key, value in
      guard key.count <= 8 else { return }
      let packed = TPVKey.pack(UnsafeBufferPointer(rebasing: bytes[key]))
      if packed == TPVKey.class, className == nil {
        className = value
      } else {
        members.add(packed, value, in: bytes)
      }
    }
    guard isObject, case .string(let range, _)? = className else { return nil }
    let name = UnsafeBufferPointer(rebasing: bytes[range])
    if name.elementsEqual("TPV".utf8) { return .tpv(members) }
    let decoded = String(decoding: name, as: UTF8.self)
    return decoded == "TPV" ? .tpv(members) : .other(decoded)
  }

  /// A TPV report's members as a fix needs them, taken one by one as the line is scanned;
  /// a later member of a name replaces an earlier one, as reading them in order did.
  struct TPVMembers {
    var time: GNSSTime?
    var latitude: Double?
    var longitude: Double?
    var altMSL: Double?
    var alt: Double?
    var altHAE: Double?
    var eph: Double?
    var epx: Double?
    var epy: Double?
    var epv: Double?
    var speed: Double?
    var track: Double?
    var mode: Int?
    var status: Int?
    /// The last string `device` member, as the range of its bytes in the line.
    var device: (range: Range<Int>, escaped: Bool)?

    /// Takes one member, its name packed by `TPVKey.pack`; members of other names, and
    /// numbers too large for a double (`1e400`), are left out.
    @inline(__always)
    mutating func add(
      _ packed: UInt64, _ value: FlatJSONScanner.Value, in bytes: UnsafeBufferPointer<UInt8>
    ) {
      if case .number(let number) = value, number.isFinite {
        switch packed {
        case TPVKey.lat: latitude = number
        case TPVKey.lon: longitude = number
        case TPVKey.altMSL: altMSL = number
        case TPVKey.alt: alt = number
        case TPVKey.altHAE: altHAE = number
        case TPVKey.eph: eph = number
        case TPVKey.epx: epx = number
        case TPVKey.epy: epy = number
        case TPVKey.epv: epv = number
        case TPVKey.speed: speed = number
        case TPVKey.track: track = number
        case TPVKey.mode: mode = Int(exactly: number)
        case TPVKey.status: status = Int(exactly: number)
        case TPVKey.time: time = GPSDMessage.time(secondsSince1970: number)  // gpsd before 3.10
        default: break
        }
      } else if case .string(let range, let escaped) = value {
        if packed == TPVKey.time {
          time = TimestampParser.parse(bytes[range])
        } else if packed == TPVKey.device {
          device = (range, escaped)
        }
      }
    }

    /// The device path the report names, decoded from `bytes`, the line it was scanned from.
    func deviceName(in bytes: UnsafeBufferPointer<UInt8>) -> String? {
      guard let device else { return nil }
      return FlatJSONObject.text(bytes[device.range], escaped: device.escaped)
    }

    /// The fix the report gives (see `GPSDMessage.parse(line:)` for what each member means).
    func fix() -> Fix {
      let fixMode: FixMode
      switch mode {
      case 0?, 1?: fixMode = .noFix
      case 2?: fixMode = .twoD
      case 3?: fixMode = .threeD
      default: fixMode = .unknown
      }
      var coordinate: Coordinate?
      if fixMode != .noFix, let latitude, let longitude, abs(latitude) <= 90,
        abs(longitude) <= 180
      {
        coordinate = Coordinate(latitude: latitude, longitude: longitude)
      }
      var horizontal = eph
      if horizontal == nil, let epx, let epy { horizontal = (epx * epx + epy * epy).squareRoot() }
      horizontal = horizontal.map { $0 * GPSDMessage.errorToAccuracy }
      let hasPosition = coordinate != nil
      return Fix(
        time: time,
        coordinate: coordinate,
        altitude: hasPosition ? (altMSL ?? alt ?? altHAE).map(Meters.init) : nil,
        horizontalAccuracy: horizontal.map(Meters.init),
        verticalAccuracy: epv.map { Meters($0 * GPSDMessage.errorToAccuracy) },
        speed: hasPosition ? speed.map(MetersPerSecond.init) : nil,
        course: hasPosition ? track.map(Degrees.init) : nil,
        mode: fixMode,
        provider: status == 5 ? .estimated : .gnss)
    }
  }

  /// Member names of up to eight bytes packed big-endian into an integer, for a fast
  /// switch. The constants are literals (`pack` of the name, checked by a test): a
  /// `static let` computed by a call was initialised behind `swift_once` on every read, a
  /// twentieth of the reader's time.
  enum TPVKey {
    @inline(__always)
    static func pack(_ name: UnsafeBufferPointer<UInt8>) -> UInt64 {
      var packed: UInt64 = 0
      for byte in name { packed = packed << 8 | UInt64(byte) }
      return packed
    }

    static let lat: UInt64 = 0x6c_6174
    static let lon: UInt64 = 0x6c_6f6e
    static let altMSL: UInt64 = 0x616c_744d_534c
    static let alt: UInt64 = 0x61_6c74
    static let altHAE: UInt64 = 0x616c_7448_4145
    static let eph: UInt64 = 0x65_7068
    static let epx: UInt64 = 0x65_7078
    static let epy: UInt64 = 0x65_7079
    static let epv: UInt64 = 0x65_7076
    static let speed: UInt64 = 0x73_7065_6564
    static let track: UInt64 = 0x74_7261_636b
    static let mode: UInt64 = 0x6d6f_6465
    static let status: UInt64 = 0x7374_6174_7573
    static let time: UInt64 = 0x7469_6d65
    static let device: UInt64 = 0x6465_7669_6365
    static let `class`: UInt64 = 0x63_6c61_7373
  }
}
