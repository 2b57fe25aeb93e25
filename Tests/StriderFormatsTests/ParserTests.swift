import StriderCore
import Testing

@testable import StriderFormats

@Suite("Numbers and times from bytes")
struct ParserTests {
  @Test(arguments: [
    ("0", 0.0), ("-0", -0.0), ("42", 42), ("+3.5", 3.5), (" 48.840171700\n", 48.8401717),
    (".5", 0.5), ("5.", 5), ("-74.664573300", -74.6645733), ("1e3", 1000), ("2.5E-3", 0.0025),
    ("123456789012345678901234", 1.23456789012345678901234e23),
    ("0.1234567890123456789012", 0.1234567890123456789012), ("1e-30", 1e-30),
    ("00000000000000000000001.5", 1.5),
  ])
  func doubles(text: String, value: Double) {
    let parsed = ASCIINumber.double(Array(text.utf8)[...])
    #expect(parsed == value, "the fast path and the fallback both round correctly")
    #expect(parsed?.sign == value.sign)
  }

  @Test(arguments: [
    "", " ", "-", ".", "e5", "1e", "1.2.3", "0x10", "NaN", "inf", "1 2", "1,5", "--1",
  ])
  func notDoubles(text: String) {
    #expect(ASCIINumber.double(Array(text.utf8)[...]) == nil)
  }

  /// The fast path must agree with the standard library on many random coordinates.
  @Test func fastPathAgreesWithStandardLibrary() {
    var generator = SplitMix64(seed: 42)
    for _ in 0..<20_000 {
      let value = Double.random(in: -180...180, using: &generator)
      let digits = Int(generator.next() % 12)
      let factor = [1.0, 10, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11][digits]
      let rounded = (value * factor).rounded() / factor
      let text = "\(rounded)"
      #expect(ASCIINumber.double(Array(text.utf8)[...]) == Double(text), "\(text)")
    }
  }

  @Test(arguments: [
    ("2012-04-12T12:53:58Z", 1_334_235_238.0),
    ("2012-04-12T12:53:58", 1_334_235_238.0),
    ("2012-04-12t12:53:58z", 1_334_235_238.0),
    ("2012-04-12 12:53:58Z", 1_334_235_238.0),
    ("2012-04-12T14:53:58+02:00", 1_334_235_238.0),
    ("2012-04-12T14:53:58+0200", 1_334_235_238.0),
    ("2012-04-12T07:23:58-05:30", 1_334_235_238.0),
    ("2012-04-12T12:53:58.580Z", 1_334_235_238.58),
    ("2012-04-12T12:53:58.123456789Z", 1_334_235_238.123456789),
    ("2012-04-12T12:53Z", 1_334_235_180.0),
    ("1970-01-01T00:00:00Z", 0),
    ("2016-12-31T23:59:60Z", 1_483_228_799.999),  // a leap second folds into :59.999
  ])
  func times(text: String, seconds: Double) throws {
    let parsed = try #require(time(text))
    #expect(
      abs(parsed.secondsSince1970 - seconds) < 1e-6,
      "a microsecond: a double near 1.3e9 s holds about 0.2 µs")
  }

  @Test(arguments: [
    "", "2012-04-12", "2012-04-12T", "2012-4-12T12:53:58Z", "2012-04-12T12:53:58.Z",
    "2012-02-30T00:00:00Z", "2012-04-12T24:00:00Z", "2012-04-12T12:53:58+2", "yesterday",
    "2012-04-12T12:53:58Z junk", "2012-04-12T12:53:58+25:00",
  ])
  func notTimes(text: String) {
    #expect(time(text) == nil)
  }
}
