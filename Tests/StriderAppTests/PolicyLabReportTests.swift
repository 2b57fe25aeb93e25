import StriderApp
import StriderCore
import StriderRender
import StriderSimulator
import Testing

/// `lab policies`' report of a simulated day: one row per policy in the table, the panel
/// and the JSON, scored against the continuous receiver where no truth is given.
@Suite struct PolicyLabReportTests {
  static let day = SimulatedDay(configuration: SimulatedDayConfiguration(seed: 4, compressed: true))

  @Test func everyPolicyHasItsRowInEachOutput() throws {
    let result = PolicyLab.run(fixes: Self.day.fixes) { SessionConfiguration(activity: $0) }
    let table = PolicyLabReport.table(result)
    #expect(table.hasPrefix(PolicyLabReport.headline(result) + ", against the continuous"))
    let lines = table.split(separator: "\n")
    #expect(lines.count == 2 + result.reports.count, "headline, header, one line a policy")
    for report in result.reports {
      #expect(lines.contains { $0.hasPrefix(report.policy) })
    }
    let panel = PolicyLabReport.panel(result, glyphs: .ascii)
    #expect(panel.rows.count == result.reports.count)
    #expect(panel.header.count == PolicyLabReport.rows(result).header.count - 1)
    guard case .object(let members) = PolicyLabReport.json(result),
      case .array(let policies)? = members.first(where: { $0.key == "policies" })?.value
    else {
      Issue.record("the JSON holds the policies")
      return
    }
    #expect(policies.count == result.reports.count)
    #expect(members.first?.value == .string("continuous"))
  }
}
