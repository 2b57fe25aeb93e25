import ArgumentParser

/// The `strider` command: a terminal GPS activity tracker.
@main
struct Strider: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "strider",
    abstract: "A terminal GPS activity tracker: analyze, replay and record runs, walks and rides.",
    subcommands: [
      Analyze.self, Replay.self, Run.self, Demo.self, Simulate.self, Sessions.self,
      ConfigCommand.self,
    ]
  )
}
