import ArgumentParser
import Foundation
import StriderApp
import StriderStore

/// `strider config`: the settings in force and where each came from.
struct ConfigCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "config",
    abstract: "Print the settings in force and where each value comes from.",
    discussion:
      "Settings are read from $XDG_CONFIG_HOME/strider/config.toml, else "
      + "~/.config/strider/config.toml; command-line flags override them. Every key is "
      + "optional. Keys:\n" + ConfigText.keyList)

  @OptionGroup var session: LiveSessionOptions

  func run() throws {
    let environment = ProcessEnvironment.variables
    let path = SettingsFile.path(environment: environment)
    let exists = path.map { FileManager.default.fileExists(atPath: $0) } ?? false
    let settings = try session.settings()
    try Output.standard(
      ConfigText.text(
        settings: settings, path: path, exists: exists,
        store: StoreLocation.resolve(environment: environment)))
  }
}
