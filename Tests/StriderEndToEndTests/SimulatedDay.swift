import Foundation
import StriderTestSupport
import Testing

extension StriderBinary {
  /// Writes the simulator's compressed day to `file` and imports it as a walk into the
  /// store `environment` names: the history `day`'s tests read.
  static func importSimulatedDay(to file: URL, environment: [String: String]) throws {
    let simulated = try run(
      ["simulate", "--day", "--compressed", "-o", file.path], environment: environment)
    #expect(simulated.status == 0, "\(simulated.stderr)")
    let imported = try run(
      ["sessions", "import", "--activity", "walk", file.path], environment: environment)
    #expect(imported.status == 0, "\(imported.stderr)")
  }
}
