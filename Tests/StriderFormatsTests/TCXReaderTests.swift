import StriderCore
import Testing

@testable import StriderFormats

@Suite("TCX reader")
struct TCXReaderTests {
  /// A run with two laps, each with its own Track; the second trackpoint has no Position.
  static let twoLapRun = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!-- written by hand after a Forerunner export -->
    <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"
      xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
      xmlns:ns3="http://www.garmin.com/xmlschemas/ActivityExtension/v2">
    <Activities>
    <Activity Sport="Running">
    <Id>2024-05-01T07:00:00Z</Id>
    <Lap StartTime="2024-05-01T07:00:00Z">
    <TotalTimeSeconds>10.5</TotalTimeSeconds><DistanceMeters>30.25</DistanceMeters>
    <Calories>2</Calories><Intensity>Active</Intensity><Cadence>80</Cadence>
    <Track>
    <Trackpoint><Time>2024-05-01T07:00:00Z</Time>
    <Position><LatitudeDegrees>47.5</LatitudeDegrees><LongitudeDegrees>8.25</LongitudeDegrees></Position>
    <AltitudeMeters>400.5</AltitudeMeters><DistanceMeters>0.0</DistanceMeters>
    <HeartRateBpm xsi:type="HeartRateInBeatsPerMinute_t"><Value>120</Value></HeartRateBpm>
    <SensorState>Present</SensorState>
    <Extensions><ns3:TPX><ns3:Speed>3.125</ns3:Speed><ns3:RunCadence>84</ns3:RunCadence></ns3:TPX></Extensions>
    </Trackpoint>
    <Trackpoint><Time>2024-05-01T07:00:05Z</Time><AltitudeMeters>401</AltitudeMeters>
    <HeartRateBpm><Value>122</Value></HeartRateBpm></Trackpoint>
    <Trackpoint><Time>2024-05-01T07:00:10Z</Time>
    <Position><LatitudeDegrees>47.5002</LatitudeDegrees><LongitudeDegrees>8.25</LongitudeDegrees></Position>
    <DistanceMeters>22.2</DistanceMeters></Trackpoint>
    </Track>
    <Extensions><LX xmlns="http://www.garmin.com/xmlschemas/ActivityExtension/v2"><AvgSpeed>3</AvgSpeed></LX></Extensions>
    </Lap>
    <Lap StartTime="2024-05-01T07:00:11+02:00">
    <TotalTimeSeconds>4</TotalTimeSeconds><DistanceMeters>8</DistanceMeters><Calories>1</Calories>
    <Track>
    <Trackpoint><Time>2024-05-01T07:00:15Z</Time>
    <Position><LatitudeDegrees>-47.5003</LatitudeDegrees><LongitudeDegrees>-8.25</LongitudeDegrees></Position>
    <Cadence>91</Cadence></Trackpoint>
    </Track>
    </Lap>
    <Creator xsi:type="Device_t"><Name> Forerunner 245 </Name><UnitId>1</UnitId></Creator>
    </Activity>
    </Activities>
    <Author xsi:type="Application_t"><Name>Garmin Connect</Name></Author>
    </TrainingCenterDatabase>
    """

  /// A lap is a button pressed (or an automatic lap), not a pause: the device counts its
  /// distance across it, and the second lap's first point follows the first's last by 5 s.
  @Test func twoLapsWithoutAPauseAreOneStretch() throws {
    let result = try readTCX(Self.twoLapRun)
    #expect(result.fixes.count == 4)
    #expect(result.fixes.map(\.segment) == [0, 0, 0, 0])
    #expect(result.fixes.map(\.origin.index) == [0, 1, 2, 3])
    #expect(result.fixes.map(\.origin.line) == [13, 20, 22, 31])
    #expect(result.metadata.name == "2024-05-01T07:00:00Z")
    #expect(result.metadata.typeText == "Running")
    #expect(result.metadata.declaredActivity == .run)
    #expect(result.metadata.creator == "Forerunner 245", "Creator/Name wins over Author/Name")
    #expect(result.sports == ["Running"])
  }

  @Test func trackpointFieldsAreRead() throws {
    let fixes = try readTCX(Self.twoLapRun).fixes
    let first = try #require(fixes.first)
    #expect(first.time == time("2024-05-01T07:00:00Z"))
    #expect(first.coordinate == Coordinate(latitude: 47.5, longitude: 8.25))
    #expect(first.altitude == Meters(400.5))
    #expect(first.deviceDistance == Meters(0))
    #expect(first.heartRate == BeatsPerMinute(120))
    #expect(first.speed == MetersPerSecond(3.125))
    #expect(first.cadence == RevolutionsPerMinute(84), "TPX RunCadence")
    #expect(first.mode == .unknown)
    #expect(first.horizontalAccuracy == nil, "TCX carries no accuracy")
    #expect(first.verticalAccuracy == nil)
    #expect(fixes[3].cadence == RevolutionsPerMinute(91), "bike Cadence")
    #expect(fixes[3].coordinate == Coordinate(latitude: -47.5003, longitude: -8.25))
    #expect(fixes[3].speed == nil)
    #expect(fixes[2].deviceDistance == Meters(22.2))
    #expect(fixes[2].heartRate == nil)
  }

  @Test func trackpointWithoutPositionIsATimeOnlySample() throws {
    let fix = try readTCX(Self.twoLapRun).fixes[1]
    #expect(fix.coordinate == nil)
    #expect(fix.mode == .noFix)
    #expect(fix.time == time("2024-05-01T07:00:05Z"))
    #expect(fix.altitude == Meters(401))
    #expect(fix.heartRate == BeatsPerMinute(122))
    #expect(fix.segment == 0)
  }

  @Test func lapTotalsAreKept() throws {
    let laps = try readTCX(Self.twoLapRun).laps
    #expect(
      laps == [
        TCXLap(
          startTime: time("2024-05-01T07:00:00Z"), totalTime: Seconds(10.5),
          distance: Meters(30.25), calories: Kilocalories(2), sport: "Running",
          intensity: .active),
        TCXLap(
          startTime: time("2024-05-01T05:00:11Z"), totalTime: Seconds(4), distance: Meters(8),
          calories: Kilocalories(1), sport: "Running"),
      ])
  }

  @Test func theActivityLapsAreTheSessionsLaps() throws {
    var reader = TCXReader(bytes: Array(Self.twoLapRun.utf8), fileName: "run.tcx")
    _ = try reader.readAll()
    // The second lap starts earlier than the first in this file: laps go by their times.
    #expect(
      reader.recordedLaps
        == RecordedLaps(
          marks: [LapMark(time: try #require(time("2024-05-01T07:00:00Z")), intensity: .active)],
          last: .active))
  }

  @Test func lapsAreFilledWhileStreaming() throws {
    var reader = TCXReader(bytes: Array(Self.twoLapRun.utf8), fileName: "run.tcx")
    _ = try reader.next()
    #expect(reader.laps.count == 1, "the first lap is known by its first trackpoint")
    #expect(reader.laps.first?.totalTime == Seconds(10.5))
    _ = try reader.readAll()
    #expect(reader.laps.count == 2)
  }

  @Test(arguments: [1, 2, 3, 5, 17, 64, 4096])
  func chunkSizesDoNotChangeTheResult(chunkSize: Int) throws {
    let whole = try readTCX(Self.twoLapRun)
    let chunked = try readTCX(Self.twoLapRun, chunkSize: chunkSize)
    #expect(chunked == whole)
  }

  static let multiSport = """
    <?xml version="1.0"?>
    <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
    <Activities><MultiSportSession><Id>2011-11-29T12:00:00Z</Id>
    <FirstSport><Activity Sport="Running"><Id>2011-11-29T12:12:00Z</Id>
    <Lap StartTime="2011-11-29T12:12:00Z"><TotalTimeSeconds>60</TotalTimeSeconds><Track>
    <Trackpoint><Time>2011-11-29T12:12:00Z</Time><Position><LatitudeDegrees>1</LatitudeDegrees><LongitudeDegrees>2</LongitudeDegrees></Position></Trackpoint>
    <Trackpoint><Time>2011-11-29T12:13:00Z</Time><Position><LatitudeDegrees>1.001</LatitudeDegrees><LongitudeDegrees>2</LongitudeDegrees></Position></Trackpoint>
    </Track></Lap></Activity></FirstSport>
    <NextSport><Transition StartTime="2011-11-29T12:13:00Z"><TotalTimeSeconds>30</TotalTimeSeconds></Transition>
    <Activity Sport="Biking"><Id>2011-11-29T12:14:00Z</Id>
    <Lap StartTime="2011-11-29T12:14:00Z"><TotalTimeSeconds>120</TotalTimeSeconds><Calories>9</Calories><Track>
    <Trackpoint><Time>2011-11-29T12:14:00Z</Time><DistanceMeters>0</DistanceMeters><Cadence>85</Cadence></Trackpoint>
    </Track></Lap></Activity></NextSport>
    </MultiSportSession></Activities>
    </TrainingCenterDatabase>
    """

  @Test func multiSportSessionReadsEveryActivity() throws {
    let result = try readTCX(Self.multiSport)
    #expect(result.fixes.count == 3)
    #expect(result.fixes.map(\.segment) == [0, 0, 1])
    #expect(result.fixes.map(\.mode) == [.unknown, .unknown, .noFix])
    #expect(result.fixes[2].cadence == RevolutionsPerMinute(85))
    #expect(result.sports == ["Running", "Biking"])
    #expect(result.metadata.typeText == "Running", "the first sport")
    #expect(result.metadata.declaredActivity == .run)
    #expect(result.metadata.name == "2011-11-29T12:12:00Z", "the first Activity's Id")
    #expect(result.laps.map(\.sport) == ["Running", "Biking"], "transitions are not laps")
    #expect(result.laps.map(\.totalTime) == [Seconds(60), Seconds(120)])
  }

  /// A trackpoint at `time` (HH:MM:SS on 2024-05-01) with a position and, where given, a
  /// heart rate.
  static func point(_ time: String, latitude: Double, heartRate: Int? = nil) -> String {
    "<Trackpoint><Time>2024-05-01T\(time)Z</Time><Position><LatitudeDegrees>\(latitude)"
      + "</LatitudeDegrees><LongitudeDegrees>8</LongitudeDegrees></Position>"
      + (heartRate.map { "<HeartRateBpm><Value>\($0)</Value></HeartRateBpm>" } ?? "")
      + "</Trackpoint>"
  }

  /// Running activities, each with its laps (`<Lap>…</Lap>` elements), in one file.
  static func activities(_ laps: [String]) -> String {
    let activities = laps.map {
      "<Activity Sport=\"Running\"><Id>2024-05-01T07:00:00Z</Id>\n\($0)\n</Activity>"
    }
    return "<TrainingCenterDatabase xmlns=\"http://www.garmin.com/xmlschemas/"
      + "TrainingCenterDatabase/v2\"><Activities>\n" + activities.joined(separator: "\n")
      + "\n</Activities></TrainingCenterDatabase>\n"
  }

  /// A pause: the device begins a new `<Track>` inside the lap; a lap whose first point
  /// comes long after the last (the watch paused across the lap) begins one too. A new
  /// activity always does.
  @Test func aPauseInsideALapAndALapAfterAGapBeginSegments() throws {
    let p = Self.point
    let text = Self.activities([
      """
      <Lap StartTime="2024-05-01T07:00:00Z"><Track>\(p("07:00:00", 47, nil))\(p("07:00:05", 47.0001, nil))</Track>
      <Track>\(p("07:02:00", 47.0002, nil))\(p("07:02:05", 47.0003, nil))</Track></Lap>
      <Lap StartTime="2024-05-01T07:02:06Z"><Track>\(p("07:02:10", 47.0004, nil))</Track></Lap>
      <Lap StartTime="2024-05-01T07:05:00Z"><Track>\(p("07:05:00", 47.0005, nil))</Track></Lap>
      """,
      """
      <Lap StartTime="2024-05-01T07:05:01Z"><Track>\(p("07:05:01", 47.0006, nil))</Track></Lap>
      """,
    ])
    let result = try readTCX(text)
    #expect(result.fixes.map(\.segment) == [0, 0, 1, 1, 1, 2, 3])
  }

  /// A heart rate of 255 is FIT's "no reading" carried into TCX by a converter (a watch
  /// without its strap wrote it on all 971 points of gb-laps.tcx, and its history said "avg
  /// 255 bpm"); 254 is kept, as it is a number some sensor could send.
  @Test func aHeartRateOf255IsNoReading() throws {
    let points = [255, 254, 130].enumerated().map { k, bpm in
      Self.point("07:00:0\(k)", latitude: 47, heartRate: bpm)
    }
    let text = Self.activities([
      "<Lap StartTime=\"2024-05-01T07:00:00Z\"><Track>\(points.joined())</Track></Lap>"
    ])
    let result = try readTCX(text)
    #expect(result.fixes.map(\.heartRate) == [nil, BeatsPerMinute(254), BeatsPerMinute(130)])
  }

  static let course = """
    <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
    <Folders><Courses><CourseFolder Name="x"><CourseNameRef><Id>Lake</Id></CourseNameRef></CourseFolder></Courses></Folders>
    <Courses><Course><Name>Lake loop</Name>
    <Lap><TotalTimeSeconds>600</TotalTimeSeconds><DistanceMeters>2000</DistanceMeters>
    <BeginPosition><LatitudeDegrees>46</LatitudeDegrees><LongitudeDegrees>7</LongitudeDegrees></BeginPosition>
    <Intensity>Active</Intensity></Lap>
    <Track>
    <Trackpoint><Time>2010-01-01T00:00:00Z</Time><Position><LatitudeDegrees>46</LatitudeDegrees><LongitudeDegrees>7</LongitudeDegrees></Position><AltitudeMeters>500</AltitudeMeters></Trackpoint>
    <Trackpoint><Position><LatitudeDegrees>46.01</LatitudeDegrees><LongitudeDegrees>7</LongitudeDegrees></Position></Trackpoint>
    </Track>
    <CoursePoint><Name>Turn</Name><Time>2010-01-01T00:01:00Z</Time><Position><LatitudeDegrees>46.005</LatitudeDegrees><LongitudeDegrees>7</LongitudeDegrees></Position><PointType>Left</PointType></CoursePoint>
    </Course></Courses>
    </TrainingCenterDatabase>
    """

  @Test func coursesAreRead() throws {
    let result = try readTCX(Self.course)
    #expect(result.fixes.count == 2, "course points and folders are not trackpoints")
    #expect(result.fixes.map(\.segment) == [0, 0])
    #expect(result.fixes[1].time == nil, "a course trackpoint may have no time")
    #expect(result.fixes[1].coordinate == Coordinate(latitude: 46.01, longitude: 7))
    #expect(result.metadata.name == "Lake loop")
    #expect(result.metadata.typeText == nil)
    #expect(result.metadata.declaredActivity == nil)
    #expect(result.sports.isEmpty)
    #expect(
      result.laps == [
        TCXLap(totalTime: Seconds(600), distance: Meters(2000), sport: nil, intensity: .active)
      ])
    var reader = TCXReader(bytes: Array(Self.course.utf8), fileName: "course.tcx")
    _ = try reader.readAll()
    #expect(reader.recordedLaps == nil, "a course's laps are a plan, not laps run")
  }

  @Test(
    arguments: [
      ("Running", Activity.run), ("Biking", .ride), ("Walking", .walk), ("Hiking", .hike),
      ("Other", nil),
    ] as [(String, Activity?)])
  func sportNamesTheActivity(sport: String, activity: Activity?) throws {
    let text = tcxRun("").replacingOccurrences(of: "Sport=\"Running\"", with: "Sport=\"\(sport)\"")
    let result = try readTCX(text)
    #expect(result.metadata.typeText == sport)
    #expect(result.metadata.declaredActivity == activity)
  }

  @Test func namespacePrefixesAreTolerated() throws {
    let text = """
      <t:TrainingCenterDatabase xmlns:t="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2" xmlns:x="http://www.garmin.com/xmlschemas/ActivityExtension/v2">
      <t:Activities><t:Activity Sport="Biking"><t:Id>a</t:Id><t:Lap StartTime="2020-01-01T00:00:00Z"><t:Track>
      <t:Trackpoint><t:Time>2020-01-01T00:00:00Z</t:Time><t:Position><t:LatitudeDegrees>1</t:LatitudeDegrees><t:LongitudeDegrees>2</t:LongitudeDegrees></t:Position>
      <t:HeartRateBpm><t:Value>99</t:Value></t:HeartRateBpm><t:Extensions><x:TPX><x:Speed>5</x:Speed></x:TPX></t:Extensions></t:Trackpoint>
      </t:Track></t:Lap></t:Activity></t:Activities></t:TrainingCenterDatabase>
      """
    let result = try readTCX(text)
    #expect(result.fixes.count == 1)
    #expect(result.fixes.first?.coordinate == Coordinate(latitude: 1, longitude: 2))
    #expect(result.fixes.first?.heartRate == BeatsPerMinute(99))
    #expect(result.fixes.first?.speed == MetersPerSecond(5))
    #expect(result.metadata.declaredActivity == .ride)
  }

  @Test func unknownElementsAreSkippedAtAnyDepth() throws {
    let text = tcxRun(
      """
      <Unknown><Trackpoint><Time>2024-05-01T07:00:00Z</Time></Trackpoint></Unknown>
      <Trackpoint><Time>2024-05-01T07:00:01Z</Time>
      <Vendor><Speed>99</Speed><HeartRateBpm><Value>1</Value></HeartRateBpm></Vendor>
      <Extensions><Other><Speed>98</Speed></Other><TPX><Watts>200</Watts><Deep><RunCadence>7</RunCadence></Deep></TPX></Extensions>
      <Position><LatitudeDegrees>1</LatitudeDegrees><Note>x</Note><LongitudeDegrees>2</LongitudeDegrees></Position>
      </Trackpoint>
      """)
    let fixes = try readTCX(text).fixes
    #expect(fixes.count == 1, "a Trackpoint outside a Track is not read")
    let fix = try #require(fixes.first)
    #expect(fix.time == time("2024-05-01T07:00:01Z"))
    #expect(fix.speed == nil, "only TPX/Speed is the speed")
    #expect(fix.heartRate == nil)
    #expect(fix.cadence == nil)
    #expect(fix.coordinate == Coordinate(latitude: 1, longitude: 2))
  }

  @Test func authorNameIsTheCreatorWhenThereIsNoDevice() throws {
    let text = tcxRun("").replacingOccurrences(
      of: "</Activities>", with: "</Activities><Author><Name>Strava</Name></Author>")
    #expect(try readTCX(text).metadata.creator == "Strava")
  }

  @Test func emptyElementsAreAbsentValues() throws {
    let text = tcxRun(
      "<Trackpoint><Time></Time><AltitudeMeters/><HeartRateBpm><Value> </Value></HeartRateBpm></Trackpoint>"
    )
    let fix = try #require(try readTCX(text).fixes.first)
    #expect(fix.time == nil)
    #expect(fix.altitude == nil)
    #expect(fix.heartRate == nil)
    #expect(fix.mode == .noFix)
  }

  @Test func aFileWithoutTrackpointsReadsEmpty() throws {
    let result = try readTCX(
      #"<TrainingCenterDatabase><Activities/></TrainingCenterDatabase>"#)
    #expect(result.fixes.isEmpty)
    #expect(result.laps.isEmpty)
    #expect(result.metadata == TrackMetadata())
  }

  @Test func formatIsTCX() {
    #expect(TCXReader(bytes: [], fileName: "x").format == .tcx)
  }

  @Test(arguments: [
    ("<TrainingCenterDatabase>", true),
    ("\u{FEFF}<?xml version=\"1.0\"?>\n<!-- a > b -->\n<TrainingCenterDatabase xmlns=\"x\">", true),
    ("<?xml version='1.0'?><tcx:TrainingCenterDatabase xmlns:tcx='x'/>", true),
    ("<!DOCTYPE TrainingCenterDatabase><TrainingCenterDatabase>", true),
    ("  \n\t<TrainingCenterDatabase\n xmlns='x'>", true),
    ("<gpx version=\"1.1\">", false),
    ("<TrainingCenterDatabaseX>", false),
    ("<?xml version=\"1.0\"?><TrainingCenterData", false),
    ("<!-- <TrainingCenterDatabase> -->", false),
    ("TrainingCenterDatabase", false),
    ("", false),
  ])
  func looksLike(text: String, expected: Bool) {
    #expect(TCXReader.looksLike(prefix: Array(text.utf8)) == expected)
  }
}
