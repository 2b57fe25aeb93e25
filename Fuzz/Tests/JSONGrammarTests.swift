import Foundation
import StriderCore
import StriderFormats
import Testing

/// The writers target's JSON check (`JSONGrammar`) says yes and no where Foundation's
/// reader does, so replacing Foundation in the target lost nothing it caught.
@Suite struct JSONGrammarTests {
  static func foundationReadsAnObject(_ text: String) -> Bool {
    (try? JSONSerialization.jsonObject(with: Data(text.utf8))) is [String: Any]
  }

  @Test(arguments: [
    "{}", " {\"a\":1} ", "{\"a\":[1,2.5,-0.5e-3,1E+2,true,false,null,{}]}",
    "{\"s\":\"tab\\t quote\\\" slash\\/ \\u00e9 \\ud83c\\udfc3 é\"}", "{\"a\":{\"b\":{\"c\":[]}}}",
    "{\"n\":-0}", "{\"big\":1.7976931348623157e308}",
  ])
  func acceptsWhatFoundationAccepts(text: String) {
    #expect(Self.foundationReadsAnObject(text))
    #expect(JSONGrammar.isObject(text))
  }

  @Test(arguments: [
    "", "[]", "1", "{", "{\"a\" 1}", "{a:1}", "{\"a\":01}",
    "{\"a\":1.}", "{\"a\":.5}", "{\"a\":1e}", "{\"a\":+1}", "{\"a\":NaN}", "{\"a\":nan}",
    "{\"a\":Infinity}", "{\"a\":1e400}", "{\"a\":\"x\ny\"}", "{\"a\":\"\\x\"}",
    "{\"a\":\"\\u12\"}", "{\"a\":\"\\ud83c\"}", "{\"a\":\"\\udfc3\"}", "{\"a\":1} x",
    "{\"a\":1}{}", "{\"a\":tru}", "{\"a\":\"open}",
  ])
  func refusesWhatFoundationRefuses(text: String) {
    #expect(!Self.foundationReadsAnObject(text))
    #expect(!JSONGrammar.isObject(text))
  }

  /// Foundation's reader lets a trailing comma through; RFC 8259 does not, nor do other
  /// readers a user's export meets (Python's `json`), so the check is stricter here.
  @Test(arguments: ["{\"a\":1,}", "{\"a\":[1,]}"])
  func refusesTrailingCommasFoundationLetsThrough(text: String) {
    #expect(!JSONGrammar.isObject(text))
  }

  @Test func refusesNestingFoundationRefuses() {
    let nested = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
    let deep = "{\"a\":" + nested + "}"
    #expect(!Self.foundationReadsAnObject(deep))
    #expect(!JSONGrammar.isObject(deep))
  }

  /// A session's real JSON export, and the same export cut short at many places.
  @Test func agreesWithFoundationOnAnExportAndItsCuts() {
    var decoder = FixStreamDecoder(WriterFuzzRegressionTests.slowInput)
    let configuration = decoder.configuration()
    var fixes: [Fix] = []
    while let (fix, repeats) = decoder.next() { fixes += Array(repeating: fix, count: repeats) }
    let record = SessionRecorder.record(fixes: fixes, configuration: configuration)
    var json = ""
    SessionExport(record: record, configuration: configuration, source: "test")
      .write(.json, to: &json)
    #expect(JSONGrammar.isObject(json) && Self.foundationReadsAnObject(json))
    let bytes = Array(json.utf8)
    for end in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 97)) {
      let cut = String(decoding: bytes[..<end], as: UTF8.self)
      #expect(JSONGrammar.isObject(cut) == Self.foundationReadsAnObject(cut), "cut at \(end)")
    }
  }
}
