import StriderCore
import Testing

@testable import StriderFormats

/// A rounded figure written from its digits (`FixedDecimal`) is the text the exports wrote
/// through `description` before: the GPX, TCX and CSV decimals (`GPXWriter.decimal`, whose
/// exponent-free path is unchanged) and the JSON numbers (`JSONValue.writeNumber`).
@Suite struct FixedDecimalTests {
  /// What `GPXWriter.decimal(value, places:)` wrote before: the rounded double's
  /// shortest text, without an exponent.
  static func describedForXML(_ value: Double, places: Int) -> String {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    return GPXWriter.decimal(rounded.isFinite ? rounded : value)
  }

  /// What `JSONValue.writeRounded` wrote before.
  static func describedForJSON(_ value: Double, places: Int) -> String {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    var bytes: [UInt8] = []
    JSONValue.writeNumber((value * scale).rounded() / scale, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  static func writtenForJSON(_ value: Double, places: Int) -> String {
    var bytes: [UInt8] = []
    JSONValue.writeRounded(value, places, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Figures of every magnitude an export meets and past it, each sign, and the edges:
  /// zeros, halves, tiny figures that print in exponent notation, and units near 10^15.
  static func figures() -> [Double] {
    var generator = SystemRandomNumberGenerator()
    var values: [Double] = [
      0, -0.0, 0.5, -0.5, 1.5, 2.5, 0.05, 0.15, 0.25, 1e-4, 9.9e-5, 1.0e-5, -3e-7, 5e-13,
      0.1 + 0.2, 51.1032594, -0.1278516, 179.99999995, -179.99999995, 7_013_500.37,
      999_999_999_999_999, 99_999_999.99999999, 123_456.789_012_5, 1e14, 9.99e14, 1e15,
      4.35, 2.675, 1.005, 0.045, 1e300, -1e300, .nan, .infinity, -.infinity,
    ]
    for _ in 0..<40_000 {
      let exponent = Double.random(in: -14...16, using: &generator)
      let magnitude = Double.random(in: 1..<10, using: &generator) * pow10(exponent.rounded())
      values.append(Bool.random(using: &generator) ? magnitude : -magnitude)
    }
    // Figures exactly halfway between two rounded ones at some number of places.
    for k in 0..<2_000 { values.append((Double(k) + 0.5) / 1000) }
    return values
  }

  static func pow10(_ exponent: Double) -> Double {
    var value = 1.0
    let steps = Int(abs(exponent))
    for _ in 0..<steps { value *= 10 }
    return exponent < 0 ? 1 / value : value
  }

  @Test func theDigitsAreTheTextTheExportsWroteBefore() {
    var checked = 0
    var written = 0
    for value in Self.figures() {
      for places in 0...FixedDecimal.maximumPlaces {
        let xml = GPXWriter.decimal(value, places: places)
        let expected = Self.describedForXML(value, places: places)
        #expect(xml == expected, "\(value) to \(places) places")
        if xml != expected { return }
        let json = Self.writtenForJSON(value, places: places)
        let expectedJSON = Self.describedForJSON(value, places: places)
        #expect(json == expectedJSON, "\(value) to \(places) places in JSON")
        if json != expectedJSON { return }
        if FixedDecimal(value, places: places) != nil { written += 1 }
        checked += 1
      }
    }
    // Most figures take the digits' path; the rest keep `description`'s.
    #expect(written * 2 > checked)
  }

  @Test(arguments: [
    (51.10325944, 7, "51.1032594"), (-0.00000001, 7, "-0"), (3.0, 2, "3"), (0.0001, 4, "0.0001"),
    (0.00002, 7, "0.00002"), (-12.345, 2, "-12.35"), (1999.96, 1, "2000"),
  ])
  func aFigureIsWrittenAsPeopleReadIt(value: Double, places: Int, text: String) {
    #expect(FixedDecimal(value, places: places)?.text() == text)
    #expect(GPXWriter.decimal(value, places: places) == text)
  }

  @Test func figuresBeyondItsRangeAreLeftToTheOtherPath() {
    #expect(FixedDecimal(1e15, places: 0) == nil)
    #expect(FixedDecimal(1e9, places: 7) == nil)
    #expect(FixedDecimal(.nan, places: 2) == nil)
    #expect(FixedDecimal(.infinity, places: 2) == nil)
    #expect(FixedDecimal(1, places: 13) == nil)
    #expect(FixedDecimal(1, places: -1) == nil)
  }
}
