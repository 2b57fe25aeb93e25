import StriderCore
import Testing

@testable import StriderFormats

@Suite("TCX reader errors")
struct TCXReaderErrorTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var text: String
    var code: FormatError.Code
    /// Where the error must point: the first occurrence of this text, or an explicit place.
    var at: At
    var messageContains: String
    var testDescription: String { name }
  }

  enum At: Sendable {
    case marker(String)
    case place(line: Int, column: Int)
    case line(Int)
  }

  static let position = "<Position><LatitudeDegrees>"

  static let cases: [Case] = [
    Case(
      name: "latitude out of range",
      text: tcxRun(
        "<Trackpoint>\(position)91.5</LatitudeDegrees><LongitudeDegrees>8</LongitudeDegrees></Position></Trackpoint>"
      ), code: .invalidCoordinate, at: .marker("91.5"),
      messageContains: "latitude 91.5 is outside -90...90"),
    Case(
      name: "longitude out of range",
      text: tcxRun(
        "<Trackpoint>\(position)1</LatitudeDegrees><LongitudeDegrees>\n  -180.5 </LongitudeDegrees></Position></Trackpoint>"
      ), code: .invalidCoordinate, at: .marker("-180.5"),
      messageContains: "longitude -180.5 is outside -180...180"),
    Case(
      name: "latitude not a number",
      text: tcxRun(
        "<Trackpoint>\(position)4x</LatitudeDegrees><LongitudeDegrees>8</LongitudeDegrees></Position></Trackpoint>"
      ), code: .invalidNumber, at: .marker("4x"),
      messageContains: #"LatitudeDegrees "4x" is not a number"#),
    Case(
      name: "position without longitude",
      text: tcxRun(
        "<Trackpoint><Time>2024-05-01T07:00:00Z</Time>\n <Position><LatitudeDegrees>1</LatitudeDegrees></Position></Trackpoint>"
      ), code: .invalidCoordinate, at: .marker("Position>"),
      messageContains: "<Position> has no <LongitudeDegrees>"),
    Case(
      name: "empty position",
      text: tcxRun("<Trackpoint><Position/></Trackpoint>"), code: .invalidCoordinate,
      at: .marker("Position/>"), messageContains: "<Position> has no <LatitudeDegrees>"),
    Case(
      name: "altitude not a number",
      text: tcxRun("<Trackpoint><AltitudeMeters>12,5</AltitudeMeters></Trackpoint>"),
      code: .invalidNumber, at: .marker("12,5"),
      messageContains: #"AltitudeMeters "12,5" is not a number"#),
    Case(
      name: "NaN distance",
      text: tcxRun("<Trackpoint><DistanceMeters>NaN</DistanceMeters></Trackpoint>"),
      code: .invalidNumber, at: .marker("NaN"), messageContains: "DistanceMeters"),
    Case(
      name: "heart rate not a number",
      text: tcxRun("<Trackpoint><HeartRateBpm><Value>fast</Value></HeartRateBpm></Trackpoint>"),
      code: .invalidNumber, at: .marker("fast"), messageContains: #"HeartRateBpm "fast""#),
    Case(
      name: "speed not a number",
      text: tcxRun(
        "<Trackpoint><Extensions><TPX><Speed>1..2</Speed></TPX></Extensions></Trackpoint>"),
      code: .invalidNumber, at: .marker("1..2"), messageContains: "Speed"),
    Case(
      name: "lap calories not a number",
      text: tcxRun("").replacingOccurrences(
        of: "<Track>", with: "<Calories>lots</Calories><Track>"),
      code: .invalidNumber, at: .marker("lots"), messageContains: #"Calories "lots""#),
    Case(
      name: "unparseable time",
      text: tcxRun("<Trackpoint><Time>2024-13-01T00:00:00Z</Time></Trackpoint>"),
      code: .invalidTime, at: .marker("2024-13"), messageContains: "is not an RFC 3339"),
    Case(
      name: "unparseable lap start",
      text: tcxRun("", lapStart: "yesterday"), code: .invalidTime, at: .marker("yesterday"),
      messageContains: #"lap StartTime "yesterday""#),
    Case(
      name: "mismatched end tag",
      text: tcxRun("<Trackpoint><Time>2024-05-01T07:00:00Z</Tim></Trackpoint>"),
      code: .malformed, at: .marker("</Tim>"),
      messageContains: "</Tim> does not match <Time> opened at line 5"),
    Case(
      name: "truncated inside a trackpoint",
      text: cut(
        tcxRun("<Trackpoint><Time>2024-05-01T07:00:00Z</Time></Trackpoint>"), after: "<Time>20"),
      code: .truncated, at: .line(5), messageContains: "the file ends inside"),
    Case(
      name: "truncated inside a tag",
      text: "<TrainingCenterDatabase>\n<Activities><Activ", code: .truncated, at: .line(2),
      messageContains: "the file ends inside a tag"),
    Case(
      name: "not TCX",
      text: "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\"></gpx>", code: .wrongFormat,
      at: .place(line: 2, column: 2), messageContains: "the root element is <gpx>"),
    Case(
      name: "DOCTYPE with an internal subset",
      text: "<?xml version=\"1.0\"?>\n<!DOCTYPE TrainingCenterDatabase [\n"
        + "<!ENTITY lol \"lol\">]>\n<TrainingCenterDatabase>&lol;</TrainingCenterDatabase>",
      code: .forbiddenMarkup, at: .marker("["), messageContains: "internal subset is refused"),
    Case(
      name: "entity declaration",
      text: "<!ENTITY xxe SYSTEM \"file:///etc/passwd\">\n<TrainingCenterDatabase/>",
      code: .forbiddenMarkup, at: .place(line: 1, column: 1),
      messageContains: "entity declarations are refused"),
    Case(
      name: "undeclared entity",
      text: tcxRun("").replacingOccurrences(of: "<Id>2024", with: "<Id>&xxe;2024"),
      code: .malformed, at: .marker("&xxe;"), messageContains: "unknown entity &xxe;"),
    Case(
      name: "nesting too deep",
      text: "<TrainingCenterDatabase>\n" + String(repeating: "<a>", count: 300),
      code: .forbiddenMarkup, at: .line(2), messageContains: "nested deeper than 256"),
    Case(
      name: "text after the root",
      text: "<TrainingCenterDatabase/>\nextra", code: .malformed,
      at: .place(line: 2, column: 1), messageContains: "after the root element"),
  ]

  /// The text up to and including the first `marker`.
  static func cut(_ text: String, after marker: String) -> String {
    guard let range = text.range(of: marker) else { return text }
    return String(text[..<range.upperBound])
  }

  @Test(arguments: cases, [1, 3, Int.max])
  func errorsNameTheirPlace(_ test: Case, chunkSize: Int) throws {
    let error = try #require(tcxError(test.text, chunkSize: chunkSize), "\(test.name) must fail")
    #expect(error.code == test.code, "\(error)")
    #expect(error.file == "test.tcx")
    #expect(error.message.contains(test.messageContains), "\(error)")
    switch test.at {
    case .marker(let marker):
      let expected = try #require(place(of: marker, in: test.text))
      #expect(error.line == expected.line, "\(error)")
      #expect(error.column == expected.column, "\(error)")
    case .place(let line, let column):
      #expect(error.line == line, "\(error)")
      #expect(error.column == column, "\(error)")
    case .line(let line):
      #expect(error.line == line, "\(error)")
      #expect(error.column > 0, "\(error)")
    }
    #expect(error.description.hasPrefix("test.tcx:\(error.line):\(error.column): "))
  }
}
