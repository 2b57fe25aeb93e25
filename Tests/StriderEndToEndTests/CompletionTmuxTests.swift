import Foundation
import StriderTestSupport
import Testing

/// Issue 54 on a real shell: `Scripts/install.sh` installs completions that complete file
/// names where a file is expected (`strider analyze De<TAB>` offered nothing) and the values
/// of every option that has a fixed set (`sessions export --format`), typed in bash and zsh
/// as a user types them.
@Suite(.serialized, .offCooperativePool) struct CompletionTmuxTests {
  static let zsh = ["/usr/bin/zsh", "/bin/zsh"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }
  static let bash = ["/usr/bin/bash", "/bin/bash"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// The install script run as the README says, into a folder of its own, with the binary
  /// the tests built.
  static func install() throws -> URL {
    let prefix = try StriderBinary.temporaryDirectory()
    let script = SharedData.packageRoot.appendingPathComponent("Scripts/install.sh").path
    let result = try StriderBinary.shell(
      "'\(script)' --prefix '\(prefix.path)' --binary \"$STRIDER\" --no-man")
    #expect(result.status == 0, "\(result.stderr)")
    return prefix
  }

  /// A shell in the package's folder with the installed `strider` first on its path.
  static func shell(_ command: String, prefix: URL) throws -> TmuxSession {
    let root = SharedData.packageRoot.path
    return try TmuxSession(
      "cd '\(root)' && PATH='\(prefix.path)/bin':\"$PATH\" \(command)", columns: 160, rows: 30)
  }

  /// What every shell must complete: a file, a folder, and the formats of an export (listed
  /// by `listing`), each typed on a line Ctrl-U clears first.
  static func completeAFileAFolderAndTheExportFormats(in tmux: TmuxSession, listing: [String]) {
    tmux.send("C-u", "strider analyze Demo/park-w", "Tab")
    tmux.waitFor("the demo file completed") { $0.contains("strider analyze Demo/park-walk.gpx") }
    tmux.send("C-u", "strider replay Dem", "Tab")
    tmux.waitFor("the folder completed") { $0.contains("strider replay Demo/") }
    tmux.send("C-u", "strider sessions export 1 --format ")
    for key in listing { tmux.send(key) }
    tmux.waitFor("the export formats offered") {
      ["csv", "fit", "gpx", "json", "tcx"].allSatisfy($0.contains)
    }
  }

  @Test(.enabled(if: TmuxSession.executable != nil && bash != nil, "needs tmux and bash"))
  func bashCompletesFileNamesAndChoices() throws {
    let prefix = try Self.install()
    let tmux = try Self.shell("bash --norc --noprofile", prefix: prefix)
    defer { tmux.kill() }
    tmux.send("PS1='$ '", "Enter")
    tmux.send(
      "source '\(prefix.path)/share/bash-completion/completions/strider'; clear", "Enter")
    tmux.waitFor("the prompt") { $0.hasPrefix("$") }
    Self.completeAFileAFolderAndTheExportFormats(in: tmux, listing: ["Tab", "Tab"])
    tmux.send("C-u", "strider simulate -o Demo/park-w", "Tab")
    tmux.waitFor("an output file completed") {
      $0.contains("strider simulate -o Demo/park-walk.gpx")
    }
    tmux.send("C-u", "strider analyze --activity ri", "Tab")
    tmux.waitFor("an activity completed") { $0.contains("strider analyze --activity ride") }
  }

  @Test(.enabled(if: TmuxSession.executable != nil && zsh != nil, "needs tmux and zsh"))
  func zshCompletesFileNamesAndChoices() throws {
    let prefix = try Self.install()
    let tmux = try Self.shell("zsh -f", prefix: prefix)
    defer { tmux.kill() }
    tmux.send("PS1='%% '", "Enter")
    tmux.send(
      "fpath=('\(prefix.path)/share/zsh/site-functions' $fpath); autoload -U compinit;"
        + " compinit -u; clear", "Enter")
    tmux.waitFor("the prompt") { $0.hasPrefix("%") }
    Self.completeAFileAFolderAndTheExportFormats(in: tmux, listing: ["Tab"])
  }
}
