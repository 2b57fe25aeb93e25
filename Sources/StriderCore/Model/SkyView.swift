/// What a receiver sees of the sky: the satellites in view, which of them its fix uses, and
/// the dilutions of precision, as gpsd's SKY report gives them (gpsd_json(5)).
///
/// It is for people who watch their receiver (the GPS panel of `strider run`, as `cgps`
/// shows it); the session never reads it, the fix carries what the figures need.
public struct SkyView: Sendable, Equatable {
  /// One satellite in view.
  public struct Satellite: Sendable, Equatable {
    /// gpsd's PRN: its own numbering across constellations (GPS 1–32, SBAS 120–158, ...).
    public var prn: Int
    /// The constellation, when gpsd 3.20 and later name it (`gnssid`).
    public var system: GNSSSystem?
    /// The satellite's number within its constellation (`svid`), when given.
    public var svid: Int?
    /// Height above the horizon, –90° to 90°, when known.
    public var elevation: Degrees?
    /// Bearing from true north, 0° to 360°, when known.
    public var azimuth: Degrees?
    /// Carrier-to-noise density in dB-Hz (`ss`): 0 is no signal, above 40 is strong.
    public var signal: Double?
    /// Whether the receiver's fix uses this satellite.
    public var used: Bool

    public init(
      prn: Int, system: GNSSSystem? = nil, svid: Int? = nil, elevation: Degrees? = nil,
      azimuth: Degrees? = nil, signal: Double? = nil, used: Bool = false
    ) {
      self.prn = prn
      self.system = system
      self.svid = svid
      self.elevation = elevation
      self.azimuth = azimuth
      self.signal = signal
      self.used = used
    }
  }

  /// The dilutions of precision the receiver reported (dimensionless; lower is better).
  public struct DilutionOfPrecision: Sendable, Equatable {
    public var horizontal: Double?
    public var vertical: Double?
    public var position: Double?
    public var time: Double?
    public var geometric: Double?

    public init(
      horizontal: Double? = nil, vertical: Double? = nil, position: Double? = nil,
      time: Double? = nil, geometric: Double? = nil
    ) {
      self.horizontal = horizontal
      self.vertical = vertical
      self.position = position
      self.time = time
      self.geometric = geometric
    }
  }

  /// When the receiver saw this, if the report said.
  public var time: GNSSTime?
  /// The satellites in view, in report order (at most `maximumSatellites`).
  public var satellites: [Satellite]
  public var dop: DilutionOfPrecision
  /// Satellites the fix uses: the report's `uSat`, else counted from the list.
  public var usedCount: Int
  /// Satellites seen: the report's `nSat`, else the list's length.
  public var seenCount: Int

  /// No receiver tracks more than a few dozen satellites; a longer list is not a receiver.
  public static let maximumSatellites = 256

  public init(
    time: GNSSTime? = nil, satellites: [Satellite] = [], dop: DilutionOfPrecision = .init(),
    usedCount: Int? = nil, seenCount: Int? = nil
  ) {
    self.time = time
    self.satellites = satellites
    self.dop = dop
    self.usedCount = usedCount ?? satellites.count(where: \.used)
    self.seenCount = seenCount ?? satellites.count
  }
}

/// A satellite constellation, numbered as gpsd's `gnssid` (the u-blox numbering).
public enum GNSSSystem: Int, Sendable, Hashable, CaseIterable {
  case gps = 0
  case sbas = 1
  case galileo = 2
  case beidou = 3
  case imes = 4
  case qzss = 5
  case glonass = 6
  case navic = 7

  /// The two-letter name `cgps` and NMEA talkers use: "GP", "SB", "GA", "BD", ...
  public var code: String {
    switch self {
    case .gps: "GP"
    case .sbas: "SB"
    case .galileo: "GA"
    case .beidou: "BD"
    case .imes: "IM"
    case .qzss: "QZ"
    case .glonass: "GL"
    case .navic: "IR"
    }
  }
}
