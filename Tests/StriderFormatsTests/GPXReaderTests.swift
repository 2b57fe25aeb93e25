import StriderCore
import Testing

@testable import StriderFormats

@Suite("GPX reader")
struct GPXReaderTests {
  static let sample = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!-- a comment before the root -->
    <gpx version="1.1" creator="Strider &amp; friends" xmlns="http://www.topografix.com/GPX/1/1"
         xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2">
      <metadata><name>Morning</name><author><name>Not the name</name></author></metadata>
      <wpt lat="1" lon="2"><name>Ignored waypoint</name></wpt>
      <rte><rtept lat="3" lon="4"/></rte>
      <trk>
        <name>Lake &lt;loop&gt;</name>
        <type>Running</type>
        <extensions><foo><bar><trkpt lat="9" lon="9"/></bar></foo></extensions>
        <trkseg>
          <trkpt lat="45.5" lon="14.25">
            <ele>512.8</ele>
            <time>2012-04-12T12:53:58Z</time>
            <fix>3d</fix><sat>7</sat><hdop>1.5</hdop><vdop>2</vdop>
            <extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>120</gpxtpx:hr>
            </gpxtpx:TrackPointExtension></extensions>
          </trkpt>
          <trkpt lat="45.5001" lon="14.2501"><!-- no time --><ele>513</ele></trkpt>
        </trkseg>
        <trkseg>
          <trkpt lat="-45.5" lon="-14.25"><time>2012-04-12T14:53:59.250+02:00</time></trkpt>
        </trkseg>
      </trk>
      <trk><name>Second</name><trkseg><trkpt lat="0" lon="0"/></trkseg></trk>
    </gpx>
    """

  @Test func readsPointsSegmentsAndMetadata() throws {
    let (fixes, metadata) = try readGPX(Self.sample)
    #expect(fixes.count == 4)
    #expect(fixes.map(\.segment) == [0, 0, 1, 2], "every <trkseg> in the file is a new segment")
    #expect(fixes.map(\.origin.index) == [0, 1, 2, 3])
    #expect(fixes.map(\.origin.line) == [13, 20, 23, 26])
    #expect(metadata.name == "Lake <loop>", "the first track's name wins over metadata's")
    #expect(metadata.typeText == "Running")
    #expect(metadata.declaredActivity == .run)
    #expect(metadata.creator == "Strider & friends")

    let first = fixes[0]
    #expect(first.coordinate == Coordinate(latitude: 45.5, longitude: 14.25))
    #expect(first.altitude == Meters(512.8))
    #expect(first.time == GNSSTime(year: 2012, month: 4, day: 12, hour: 12, minute: 53, second: 58))
    #expect(first.mode == .threeD)
    #expect(first.satellites == 7)
    #expect(first.hdop == 1.5)
    #expect(first.horizontalAccuracy == Meters(7.5), "hdop 1.5 × 5 m user range error")
    #expect(first.verticalAccuracy == Meters(10), "vdop 2 × 5 m")

    #expect(fixes[1].time == nil)
    #expect(fixes[1].mode == .unknown)
    #expect(fixes[1].horizontalAccuracy == nil)
    let offsetTime = try #require(fixes[2].time)
    let expected = try #require(
      GNSSTime(year: 2012, month: 4, day: 12, hour: 12, minute: 53, second: 59.25))
    #expect(
      abs(offsetTime.secondsSince1970 - expected.secondsSince1970) < 1e-6,
      "+02:00 is subtracted to give UTC; 1 µs allows for the binary fraction")
  }

  @Test func metadataNameWhenTrackHasNone() throws {
    let gpx10 = """
      <gpx version="1.0"><name>File name</name><trk><trkseg>
      <trkpt lat="1" lon="2"/></trkseg></trk></gpx>
      """
    #expect(try readGPX(gpx10).metadata.name == "File name")
    let noName = #"<gpx version="1.1"><trk><trkseg><trkpt lat="1" lon="2"/></trkseg></trk></gpx>"#
    #expect(try readGPX(noName).metadata == TrackMetadata())
  }

  @Test(arguments: [
    ("none", FixMode.noFix), ("2d", .twoD), ("3d", .threeD), ("dgps", .threeD),
    ("pps", .threeD), ("", .unknown), ("weird", .unknown),
  ])
  func fixModes(text: String, mode: FixMode) throws {
    let fixes = try readGPX(gpx11(#"<trkpt lat="1" lon="2"><fix>\#(text)</fix></trkpt>"#)).fixes
    #expect(fixes.first?.mode == mode)
  }

  @Test func gpx10SpeedCourseAndStriderAccuracy() throws {
    let body = """
      <trkpt lat="1" lon="2"><course>184.9</course><speed>3.6</speed><hdop>2</hdop>
      <extensions><strider:accuracy xmlns:strider="urn:strider:gpx:1">4.2</strider:accuracy>
      <strider:verticalAccuracy>6</strider:verticalAccuracy></extensions></trkpt>
      """
    let fix = try #require(try readGPX(gpx11(body)).fixes.first)
    #expect(fix.speed == MetersPerSecond(3.6))
    #expect(fix.course == Degrees(184.9))
    #expect(fix.hdop == 2)
    #expect(fix.horizontalAccuracy == Meters(4.2), "our own accuracy in metres beats hdop × 5")
    #expect(fix.verticalAccuracy == Meters(6))
  }

  @Test(arguments: [
    ("run", Activity.run), ("Running", .run), ("RUN", .run), ("walk", .walk),
    ("Walking", .walk), ("hike", .hike), ("hiking", .hike), ("ride", .ride), ("Biking", .ride),
    ("cycling", .ride), ("bike", .ride), ("Mountain Biking", .ride), ("mountain_biking", .ride),
    ("swim", .swim), ("Open Water Swimming", .swim), ("skate", nil), ("9", nil),
  ])
  func declaredActivity(type: String, activity: Activity?) throws {
    let text = gpx11(#"<trkpt lat="1" lon="2"/>"#, trackExtras: "<type>\(type)</type>")
    let metadata = try readGPX(text).metadata
    #expect(metadata.typeText == type)
    #expect(metadata.declaredActivity == activity)
  }

  @Test func namespacePrefixesBOMAndProcessingInstructions() throws {
    let text = """
      \u{FEFF}<?xml version="1.0"?><?xml-stylesheet href="x.xsl"?>
      <g:gpx xmlns:g="http://www.topografix.com/GPX/1/1"><g:trk><g:trkseg>
      <g:trkpt lat='10' lon='20'><g:ele>5</g:ele></g:trkpt></g:trkseg></g:trk></g:gpx>
      """
    let fixes = try readGPX(text).fixes
    #expect(fixes.count == 1)
    #expect(fixes.first?.altitude == Meters(5))
    #expect(fixes.first?.origin.line == 3)
  }

  @Test func entitiesCDATAAndCharacterReferences() throws {
    let text = gpx11(
      #"<trkpt lat="&#52;5" lon="1&#x34;"><ele><![CDATA[12]]>&#x2E;5</ele></trkpt>"#,
      trackExtras:
        "<name>A &amp; B &quot;&apos;&lt;&gt; &#233;&#x1F3C3;<![CDATA[<raw> & ]]]]></name>")
    let (fixes, metadata) = try readGPX(text)
    #expect(fixes.first?.coordinate == Coordinate(latitude: 45, longitude: 14))
    #expect(fixes.first?.altitude == Meters(12.5))
    #expect(metadata.name == "A & B \"'<> é🏃<raw> & ]]")
  }

  @Test func plainDoctypeIsAllowed() throws {
    let text = """
      <?xml version="1.0"?>
      <!DOCTYPE gpx SYSTEM "http://example.com/gpx.dtd">
      <gpx><trk><trkseg><trkpt lat="1" lon="2"/></trkseg></trk></gpx>
      """
    #expect(try readGPX(text).fixes.count == 1)
  }

  @Test func emptyTimeMeansNoTime() throws {
    let fixes = try readGPX(
      gpx11(#"<trkpt lat="1" lon="2"><time/></trkpt><trkpt lat="1" lon="2"><time> </time></trkpt>"#)
    ).fixes
    #expect(fixes.map(\.time) == [nil, nil])
  }

  @Test func unknownElementsNestedDeeplyAreSkipped() throws {
    let nested =
      String(repeating: "<x>", count: 200) + "<trkpt lat=\"5\" lon=\"5\"/>"
      + String(repeating: "</x>", count: 200)
    let text = gpx11(#"<trkpt lat="1" lon="2"/>"# + nested + #"<trkpt lat="3" lon="4"/>"#)
    let fixes = try readGPX(text).fixes
    #expect(fixes.map { $0.coordinate?.latitude } == [1, 3], "a trkpt inside <x> is not ours")
  }

  /// Every split of the input into chunks must give the same fixes, including one byte a
  /// chunk, which puts a boundary inside every token.
  @Test(arguments: [1, 2, 3, 5, 7, 16, 64, 1000])
  func chunkBoundariesDoNotMatter(chunkSize: Int) throws {
    let whole = try readGPX(Self.sample)
    let chunked = try readGPX(Self.sample, chunkSize: chunkSize)
    #expect(chunked.fixes == whole.fixes)
    #expect(chunked.metadata == whole.metadata)
  }

  @Test(arguments: [1, 3, 1000])
  func errorsAreTheSameWhateverTheChunks(chunkSize: Int) {
    let bad = gpx11(
      #"<trkpt lat="1" lon="2"/><trkpt lat="1" lon="2"><time>yesterday</time></trkpt>"#)
    #expect(gpxError(bad, chunkSize: chunkSize) == gpxError(bad))
  }

  @Test func metadataIsCompleteAfterTheLastFix() throws {
    var reader = GPXReader(bytes: Array(Self.sample.utf8), fileName: "s.gpx")
    #expect(reader.metadata.creator == nil, "nothing read yet")
    _ = try reader.next()
    #expect(reader.metadata.creator == "Strider & friends")
    while try reader.next() != nil {}
    #expect(try reader.next() == nil, "stays at the end")
    #expect(reader.metadata.typeText == "Running")
  }
}
