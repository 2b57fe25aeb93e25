import Foundation
import StriderApp
import StriderTestSupport
import Testing

@testable import StriderCLI

/// Runs a `strider` command line in this process, as `Strider.main` runs it, with an
/// environment of its own (a data folder and a config folder in a fresh temporary folder,
/// as `StriderBinary.isolatedEnvironment` gives the binary) and its output captured: tests
/// run side by side, each with its own store, settings and output.
enum InProcess {
  /// Runs `arguments`; `environment` is laid over the isolated one.
  static func run(_ arguments: [String], environment: [String: String] = [:])
    -> StriderBinary.Result
  {
    let capture = OutputCapture()
    let variables = StriderBinary.isolatedEnvironment(environment)
    let status = Output.$capture.withValue(capture) {
      ProcessEnvironment.$overridden.withValue(variables) {
        Strider.run(arguments)
      }
    }
    return StriderBinary.Result(
      status: status, crashed: false, stdout: capture.output, stderr: capture.error)
  }
}

extension InProcess {
  /// Writes the simulator's compressed day to `file` and imports it as a walk into the
  /// store `environment` names: the history `day`'s tests read.
  static func importSimulatedDay(to file: URL, environment: [String: String]) {
    let simulated = run(
      ["simulate", "--day", "--compressed", "-o", file.path], environment: environment)
    #expect(simulated.status == 0, "\(simulated.stderr)")
    let imported = run(
      ["sessions", "import", "--activity", "walk", file.path], environment: environment)
    #expect(imported.status == 0, "\(imported.stderr)")
  }
}
