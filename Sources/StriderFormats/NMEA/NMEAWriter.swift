import StriderCore

/// Writes a fix as the NMEA 0183 sentences a receiver would send for it.
///
/// One epoch is GGA, RMC, GSA and GST from the `GP` talker, each with its checksum and
/// ending in CR LF, so `NMEAReader` (and gpsd, fed through gpsfake) read the fix back:
/// position to 10⁻⁶ minute, time to the millisecond, accuracy through GST (σlat = σlon =
/// accuracy / √2, σalt = vertical accuracy). A no-fix `Fix` gives GGA quality 0, RMC status
/// `V`, GSA mode 1 and empty position fields.
///
/// RMC carries a two-digit year, which readers resolve for themselves (ours pivots at 80;
/// gpsd against its build date), so only recent dates round-trip through gpsd. When the fix
/// does not say how many satellites it used, GGA gives the fewest that make its mode (3 for
/// 2D, 4 otherwise), because gpsd takes an empty or zero count to mean no fix.
public enum NMEAWriter {
  /// The sentences for one fix, in the order a receiver sends them.
  public static func sentences(for fix: Fix) -> [String] {
    let hasFix = fix.mode != .noFix && fix.coordinate.map(\.isValid) == true
    var clock = ""
    var date = ""
    if let time = fix.time, time.secondsSince1970.isFinite {
      let c = time.civil
      clock =
        digits(c.hour, 2) + digits(c.minute, 2) + digits(c.second, 2) + "."
        + digits(c.millisecond, 3)
      date = digits(c.day, 2) + digits(c.month, 2) + digits(((c.year % 100) + 100) % 100, 2)
    }
    var position = ",,,"
    if hasFix, let coordinate = fix.coordinate {
      position =
        angle(coordinate.latitude, degreeDigits: 2) + (coordinate.latitude < 0 ? ",S," : ",N,")
        + angle(coordinate.longitude, degreeDigits: 3) + (coordinate.longitude < 0 ? ",W" : ",E")
    }
    let quality = !hasFix ? "0" : fix.provider == .estimated ? "6" : "1"
    let gsaMode: String
    switch fix.mode {
    case .noFix: gsaMode = "1"
    case .twoD: gsaMode = "2"
    case .threeD: gsaMode = "3"
    case .unknown: gsaMode = hasFix ? (fix.altitude == nil ? "2" : "3") : "1"
    }
    var satellites = ""
    if let count = fix.satellites {
      satellites = digits(max(0, min(count, 99)), 2)
    } else if hasFix {
      satellites = gsaMode == "2" ? "03" : "04"
    }
    let hdop = number(fix.hdop, 2)
    let altitude = hasFix ? number(fix.altitude?.value, 3) : ""
    let gga =
      "GPGGA,\(clock),\(position),\(quality),\(satellites),\(hdop),\(altitude),M,,M,,"
    let knots = fix.speed.map { $0.value / NMEAReader.metersPerSecondPerKnot }
    let rmc =
      "GPRMC,\(clock),\(hasFix ? "A" : "V"),\(position),"
      + "\(hasFix ? number(knots, 4) : ""),\(hasFix ? number(fix.course?.value, 2) : ""),"
      + "\(date),,,\(hasFix ? (fix.provider == .estimated ? "E" : "A") : "N")"
    let gsa = "GPGSA,A,\(gsaMode)," + String(repeating: ",", count: 12) + ",\(hdop),"
    let sigma = fix.horizontalAccuracy.map { $0.value / 2.0.squareRoot() }
    let gst =
      "GPGST,\(clock),,\(number(sigma, 3)),\(number(sigma, 3)),0.0,"
      + "\(number(sigma, 3)),\(number(sigma, 3)),\(number(fix.verticalAccuracy?.value, 3))"
    return [gga, rmc, gsa, gst].map(framed)
  }

  /// `$`, the body, `*`, the checksum in two capital hex digits, CR LF.
  public static func framed(_ body: String) -> String {
    let sum = NMEASentence.checksum(Array(body.utf8)[...])
    let hex = Array("0123456789ABCDEF".utf8)
    let text = String(decoding: [hex[Int(sum >> 4)], hex[Int(sum & 15)]], as: UTF8.self)
    return "$\(body)*\(text)\r\n"
  }

  /// `ddmm.mmmmmm` (or `dddmm.mmmmmm`) of an absolute angle in degrees.
  private static func angle(_ value: Double, degreeDigits: Int) -> String {
    let microMinutes = Int64((abs(value) * 60_000_000).rounded())
    let degrees = microMinutes / 60_000_000
    let rest = microMinutes % 60_000_000
    return digits(Int(degrees), degreeDigits) + digits(Int(rest / 1_000_000), 2) + "."
      + digits(Int(rest % 1_000_000), 6)
  }

  /// A fixed-point decimal, or an empty field for nil and non-finite values.
  private static func number(_ value: Double?, _ decimals: Int) -> String {
    guard let value, value.isFinite, abs(value) < 1e12 else { return "" }
    var scale: Int64 = 1
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int64((abs(value) * Double(scale)).rounded())
    let sign = value < 0 && scaled != 0 ? "-" : ""
    let whole = String(scaled / scale)
    guard decimals > 0 else { return sign + whole }
    return sign + whole + "." + digits(Int(scaled % scale), decimals)
  }

  private static func digits(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, width - text.count)) + text
  }
}
