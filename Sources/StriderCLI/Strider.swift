import ArgumentParser
import Foundation
import StriderApp
import StriderStore

/// The `strider` command: a terminal GPS activity tracker.
@main
struct Strider: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "strider",
    abstract: "A terminal GPS activity tracker: analyze, replay and record runs, walks and rides.",
    version: StriderVersion.current,
    subcommands: [
      Analyze.self, Replay.self, Run.self, Demo.self, Simulate.self, Sessions.self,
      Records.self, Stats.self, History.self, Day.self, Places.self, Lab.self,
      ConfigCommand.self,
    ]
  )

  /// Sets up the process (SIGPIPE ignored, so every refused write is an error the command
  /// handles; the allocator) and runs the command line.
  static func main() {
    ignoreBrokenPipes()
    Allocator.reuseFreedBlocks()
    Foundation.exit(run(Array(CommandLine.arguments.dropFirst())))
  }

  /// Parses and runs a command line (the plain forms of `analyze` without the parser:
  /// `PlainAnalyze`), and returns its exit status; a failure that reaches the top is said
  /// here, on stderr, once. Tests call this in process.
  static func run(_ arguments: [String]) -> Int32 {
    do {
      if let job = PlainAnalyze.job(arguments) {
        return try job.run(warn: printError) > 0 ? 1 : 0
      }
      var command = try parseAsRoot(arguments)
      try command.run()
      return 0
    } catch let failure as CommandFailure {
      printError("strider: error: \(failure)")
      return 1
    } catch let error as StoreError {
      // The store says what failed and where (the database, the session).
      printError("strider: error: \(error)")
      return 1
    } catch let error as OutputError {
      Output.error("strider: error: \(error)\n")
      return 1
    } catch let error where exitCode(for: error) == .success {
      // --help and --version: written through `Output` rather than the parser's `print`,
      // whose failure nobody sees (`strider --help > /dev/full` exited 0).
      let text = fullMessage(for: error)
      do {
        if !text.isEmpty { try Output.standard(text + "\n") }
      } catch {
        Output.error("strider: error: \(error)\n")
        return 1
      }
      return 0
    } catch {
      // Every error in one style: the parser's own ("Error: Missing expected argument")
      // says it as Strider's do, "strider: error: ...", with its usage after it.
      let text = fullMessage(for: error)
      if !text.isEmpty { Output.error(styled(text) + "\n") }
      return exitCode(for: error).rawValue
    }
  }

  /// Ignores SIGPIPE for the whole process, so a closed pipe is an `EPIPE` a write can
  /// report (and a recording can end cleanly on), not a signal that kills the process.
  static func ignoreBrokenPipes() {
    signal(SIGPIPE, SIG_IGN)
    // Likewise a file over the size limit (`ulimit -f`): `EFBIG`, not SIGXFSZ and a core.
    signal(SIGXFSZ, SIG_IGN)
  }

  /// The parser's message for an error, in Strider's words: "strider: error: " where it
  /// says "Error: ".
  static func styled(_ message: String) -> String {
    let parserPrefix = "Error: "
    guard message.hasPrefix(parserPrefix) else { return "strider: error: " + message }
    return "strider: error: " + message.dropFirst(parserPrefix.count)
  }
}
