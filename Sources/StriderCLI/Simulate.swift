import ArgumentParser
import StriderCore

/// Placeholder replaced when the simulator lands.
struct Simulate: ParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Write a simulated session as GPX.")
}
