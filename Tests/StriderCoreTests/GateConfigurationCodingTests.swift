import Foundation
import Testing

@testable import StriderCore

/// The gate's settings are stored with every session and exported as JSON: they must read
/// back the same and be written the same way every time.
struct GateConfigurationCodingTests {
  static func encoded(_ c: GateConfiguration) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return String(decoding: try encoder.encode(c), as: UTF8.self)
  }

  @Test func theChecksAreWrittenInCaseOrderAndReadBack() throws {
    var c = GateConfiguration.defaults(for: .walk)
    c.sessionStart = GNSSTime(secondsSince1970: 1_700_000_000)
    c.timeRequirement = .always
    let text = try Self.encoded(c)
    for _ in 0..<20 {
      var other = GateConfiguration.defaults(for: .walk)
      other.sessionStart = c.sessionStart
      other.timeRequirement = .always
      other.enabledChecks = Set(RejectionReason.allCases.shuffled())
      #expect(try Self.encoded(other) == text)
    }
    let names = RejectionReason.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ",")
    #expect(text.contains("\"enabledChecks\":[\(names)]"))
    #expect(try JSONDecoder().decode(GateConfiguration.self, from: Data(text.utf8)) == c)
    var none = GateConfiguration.defaults(for: .ride)
    none.enabledChecks = []
    let noneText = try Self.encoded(none)
    #expect(noneText.contains("\"enabledChecks\":[]"))
    #expect(try JSONDecoder().decode(GateConfiguration.self, from: Data(noneText.utf8)) == none)
  }
}
