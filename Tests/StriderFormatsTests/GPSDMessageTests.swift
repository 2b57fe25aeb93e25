import StriderCore
import StriderFormats
import Testing

@Suite("gpsd JSON")
struct GPSDMessageTests {
  static func parse(_ text: String) -> GPSDMessage? { GPSDMessage.parse(line: Array(text.utf8)) }

  @Test func tpvWithEveryField() throws {
    let line =
      #"{"class":"TPV","device":"/dev/ttyUSB0","status":2,"mode":3,"#
      + #""time":"2009-12-09T15:25:05.500Z","ept":0.005,"lat":55.797019833,"#
      + #""lon":23.569020667,"altHAE":63.6,"altMSL":36.7,"alt":36.7,"epx":3.0,"epy":4.0,"#
      + #""epv":12.5,"track":221.54,"speed":16.462,"climb":0.1,"eps":0.2}"#
    guard case .tpv(let fix)? = Self.parse(line) else {
      Issue.record("not a TPV")
      return
    }
    #expect(fix.time == GNSSTime(year: 2009, month: 12, day: 9, hour: 15, minute: 25, second: 5.5))
    #expect(fix.coordinate == Coordinate(latitude: 55.797019833, longitude: 23.569020667))
    #expect(fix.altitude == Meters(36.7))  // altMSL wins over altHAE
    #expect(
      fix.horizontalAccuracy == Meters(5 * GPSDMessage.errorToAccuracy),
      "eph rescaled from gpsd's 95 % figure")  // √(3² + 4²) without eph
    #expect(fix.verticalAccuracy == Meters(12.5 * GPSDMessage.errorToAccuracy))
    #expect(fix.speed == MetersPerSecond(16.462))
    #expect(fix.course == Degrees(221.54))
    #expect(fix.mode == .threeD)
    #expect(fix.provider == .gnss)
  }

  static let modeCases: [(String, FixMode, Bool)] = [
    (#"{"class":"TPV","mode":0}"#, .noFix, false),
    (#"{"class":"TPV","mode":1,"lat":1.0,"lon":2.0}"#, .noFix, false),
    (#"{"class":"TPV","mode":2,"lat":1.0,"lon":2.0,"eph":7}"#, .twoD, true),
    (#"{"class":"TPV","mode":3,"lat":1.0,"lon":2.0,"altHAE":5}"#, .threeD, true),
    (#"{"class":"TPV","lat":1.0,"lon":2.0}"#, .unknown, true),
  ]

  @Test(arguments: modeCases)
  func modes(line: String, mode: FixMode, hasPosition: Bool) {
    guard case .tpv(let fix)? = Self.parse(line) else {
      Issue.record("not a TPV")
      return
    }
    #expect(fix.mode == mode)
    #expect((fix.coordinate != nil) == hasPosition)
    #expect(fix.time == nil)  // missing fields stay nil
  }

  @Test func otherClasses() {
    #expect(
      Self.parse(#"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3}"#)
        == .version(release: "3.22"))
    #expect(
      Self.parse(
        #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/ttyUSB0","flags":1},"#
          + #"{"class":"DEVICE","path":"udp://127.0.0.1:5000"}]}"#)
        == .devices(["/dev/ttyUSB0", "udp://127.0.0.1:5000"]))
    #expect(Self.parse(#"{"class":"WATCH","enable":true,"json":true}"#) == .watch)
    #expect(
      Self.parse(#"{"class":"SKY","satellites":[{"PRN":1,"used":true,"x":[1,{"y":"]"}]}]}"#)
        == .sky(SkyView(satellites: [SkyView.Satellite(prn: 1, used: true)])))
    #expect(
      Self.parse(#"{"class":"ERROR","message":"Unrecognized request \"x\\y\u00e9\""}"#)
        == .error("Unrecognized request \"x\\yé\""))
    #expect(Self.parse(#"{"class":"PPS","real_sec":1}"#) == .other("PPS"))
    #expect(Self.parse(#" { "class" : "TOFF" , "x" : null , "y" : false } "#) == .other("TOFF"))
  }

  static let garbageLines: [String] = [
    "", "{", "}", "{}", "[]", #"{"mode":3}"#, #"{"class":3}"#, #"{"class":"TPV""#,
    #"{"class":"TPV",}"#, #"{"class":"TPV","lat":}"#, #"{"class":"TPV","lat":1.2.3}"#,
    #"{"class":"TPV"} trailing"#, #"{"class":"TPV","x":[1,2}"#, "$GPGGA,1,2*00",
    String(repeating: "[", count: 100_000), #"{"class":"TPV","x":"\"#, "\u{0}\u{FF}{\"",
    #"{"class":"TPV","lat":nan}"#, #"{"class":"TPV","ok":tru}"#,
  ]

  @Test(arguments: garbageLines)
  func garbageIsNil(line: String) {
    #expect(Self.parse(line) == nil)
  }

  @Test func readerSkipsAndCounts() throws {
    let text = [
      #"{"class":"VERSION","release":"3.22"}"#, #"{"class":"WATCH","enable":true}"#,
      #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/gps0"}]}"#,
      "$GPGGA,raw,nmea*00", #"{"class":"TPV","device":"/dev/gps0","mode":1}"#, "",
      #"{"class":"SKY"}"#, "{broken", #"{"class":"TPV","mode":3,"lat":1,"lon":2}"#,
      #"{"class":"ATT"}"#,
    ].joined(separator: "\n")
    for chunkSize in [1, 5, Int.max] {
      var reader = GPSDJSONReader(
        source: MemoryByteSource(bytes: Array(text.utf8), chunkSize: chunkSize), fileName: "j")
      let fixes = try reader.readAll()
      #expect(fixes.map(\.mode) == [.noFix, .threeD])
      #expect(fixes.map(\.origin.line) == [5, 9])
      #expect(fixes.map(\.origin.index) == [0, 1])
      let s = reader.statistics
      #expect(s.tpv == 2 && s.malformed == 1 && s.nonJSONLines == 1 && s.lines == 10)
      #expect(s.skipped == ["VERSION": 1, "WATCH": 1, "DEVICES": 1, "SKY": 1, "ATT": 1])
      #expect(s.devices == ["/dev/gps0"])
    }
  }

  @Test func sniffing() {
    #expect(GPSDJSONReader.looksLike(prefix: Array("\n{\"class\":\"VERSION\"}".utf8)))
    #expect(GPSDJSONReader.looksLike(prefix: Array("{ \"class\" : \"TPV\"".utf8)))
    #expect(!GPSDJSONReader.looksLike(prefix: Array("$GPGGA,1\n{\"class\":1}".utf8)))
    #expect(!GPSDJSONReader.looksLike(prefix: Array("{\"type\":\"Feature\"}".utf8)))
  }

  @Test func parseIsFastEnough() {
    let line = Array(
      (#"{"class":"TPV","device":"/dev/ttyUSB0","mode":3,"time":"2009-12-09T15:25:05.500Z","#
        + #""ept":0.005,"lat":55.797019833,"lon":23.569020667,"altHAE":63.6,"altMSL":36.7,"#
        + #""epx":18.961,"epy":35.919,"epv":129.26,"track":221.54,"speed":16.462}"#).utf8)
    var count = 0
    let clock = ContinuousClock()
    let elapsed = clock.measure {
      for _ in 0..<20_000 where GPSDMessage.parse(line: line) != nil { count += 1 }
    }
    #expect(count == 20_000)
    print("GPSD parse: 20000 TPV lines in \(elapsed) (debug build)")
  }
}

/// Crashes the gpsd fuzz target found (`Fuzz/run.sh 60 gpsd`).
@Suite struct GPSDFuzzRegressionTests {
  /// Fuzz/gpsd crash-5c2aae9b: a numeric `time` of `1714751e4000` read as infinity, and
  /// printing the fix's time trapped. A numeric time is now kept only when an RFC 3339 date
  /// can name it.
  @Test(arguments: ["1714751e4000", "-1714751e4000", "1e300", "-1", "253402300800"])
  func aNumericTimeNoDateCanNameIsNoTime(time: String) throws {
    let line = #"{"class":"TPV","mode":3,"time":"# + time + #","lat":47.5,"lon":19.05}"#
    guard case .tpv(let fix)? = GPSDMessage.parse(line: Array(line.utf8)) else {
      Issue.record("not a TPV: \(line)")
      return
    }
    #expect(fix.time == nil)
    #expect(fix.coordinate == Coordinate(latitude: 47.5, longitude: 19.05))
  }

  @Test func aNumericTimeOfOldGpsdIsRead() {
    let line = #"{"class":"TPV","mode":3,"time":1714750357.5,"lat":47.5,"lon":19.05}"#
    guard case .tpv(let fix)? = GPSDMessage.parse(line: Array(line.utf8)) else {
      Issue.record("not a TPV")
      return
    }
    #expect(fix.time?.iso8601 == "2024-05-03T15:32:37.500Z")
  }
}
