import StriderCore

/// Writes fixes as gpsd JSON, the lines `gpspipe -w` prints (gpsd_json(5), gpsd 3.22).
///
/// A VERSION, DEVICES and WATCH report open the stream as gpspipe shows them; then one TPV
/// report a fix, with `time` to the millisecond, `lat`/`lon` to 10⁻⁹ degree, `altHAE` and
/// `altMSL` (3D fixes only, as gpsd sends them), `mode` (1 no fix, 2, 3), and `speed` and
/// `track` when the fix has them. `eph` is what gpsd 3.22 reports for an NMEA receiver:
/// HDOP × 19 m, a 95 % figure; a fix with an accuracy but no HDOP gets the eph that reads
/// back as that accuracy (`GPSDMessage.errorToAccuracy`).
public enum GPSDWriter {
  /// The device path the reports name.
  public static let device = "/dev/ttyACM0"

  /// The reports gpspipe prints before the first fix.
  public static let header: [String] = [
    #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#,
    #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"\#(device)","driver":"NMEA0183","activated":"2024-05-04T07:29:58.000Z","flags":1,"native":0,"bps":9600,"parity":"N","stopbits":1,"cycle":1.00}]}"#,
    #"{"class":"WATCH","enable":true,"json":true,"nmea":false,"raw":0,"scaled":false,"timing":false,"split24":false,"pps":false}"#,
  ]

  /// The whole stream: the header, then one TPV line a fix, each line ending in LF.
  public static func write(_ fixes: [Fix], to stream: inout some TextOutputStream) {
    for line in header { stream.write(line + "\n") }
    for fix in fixes { stream.write(tpv(for: fix) + "\n") }
  }

  /// The TPV report of one fix.
  public static func tpv(for fix: Fix) -> String {
    let hasFix = fix.mode != .noFix && fix.coordinate.map(\.isValid) == true
    let mode = !hasFix ? 1 : fix.mode == .twoD ? 2 : 3
    var members = [#""class":"TPV""#, #""device":"\#(device)""#, #""mode":\#(mode)"#]
    if let time = fix.time, time.secondsSince1970.isFinite {
      let c = time.civil
      members.append(
        #""time":"\#(pad(c.year, 4))-\#(pad(c.month, 2))-\#(pad(c.day, 2))T"#
          + #"\#(pad(c.hour, 2)):\#(pad(c.minute, 2)):\#(pad(c.second, 2)).\#(pad(c.millisecond, 3))Z""#
      )
      members.append(#""ept":0.005"#)
    }
    if hasFix, let coordinate = fix.coordinate {
      members.append(#""lat":\#(GPXWriter.fixed(coordinate.latitude, places: 9))"#)
      members.append(#""lon":\#(GPXWriter.fixed(coordinate.longitude, places: 9))"#)
      if mode == 3, let altitude = fix.altitude, altitude.value.isFinite {
        let text = GPXWriter.fixed(altitude.value, places: 3)
        members.append(#""altHAE":\#(text)"#)
        members.append(#""altMSL":\#(text)"#)
      }
      var eph: Double?
      if let hdop = fix.hdop {
        eph = hdop * 19
      } else if let accuracy = fix.horizontalAccuracy {
        eph = accuracy.value / GPSDMessage.errorToAccuracy
      }
      if let eph, eph.isFinite { members.append(#""eph":\#(GPXWriter.fixed(eph, places: 3))"#) }
      if let course = fix.course, course.value.isFinite {
        members.append(#""track":\#(GPXWriter.fixed(course.value, places: 4))"#)
      }
      if let speed = fix.speed, speed.value.isFinite {
        members.append(#""speed":\#(GPXWriter.fixed(speed.value, places: 3))"#)
      }
    }
    return "{" + members.joined(separator: ",") + "}"
  }

  private static func pad(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, width - text.count)) + text
  }
}
