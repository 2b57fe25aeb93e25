import StriderCore
import StriderSimulator

/// The key bindings: one table the status line, the help overlay, the filter-lab panel and
/// the event loop all read, so what the screen says is what the keys do.
///
/// Lower-case letters drive the view and the session (`q ? m t f z x h j k l r g s a`), digits
/// toggle the gate checks (1–9 in the order of `RejectionReason.switchable`) and capital
/// letters inject faults, so no fault can be injected by a slip of the finger on a view key.
/// Arrow keys, which are not characters, seek; the driver maps them itself.
public enum KeyMap {
  /// The key that toggles a gate check: "1" for `no_fix` ... "9" for `no_time`.
  public static func key(for reason: RejectionReason) -> Character {
    let index = RejectionReason.switchable.firstIndex(of: reason) ?? 0
    return Character(String(index + 1))
  }

  /// Fault injection keys, in the order the filter lab lists them.
  public static let faultKeys:
    [(key: Character, kind: SimulatedFault.Kind, name: String, short: String)] = [
      ("S", .staleHead, "stale fix from far away", "stale"),
      ("C", .network, "cell-tower fix", "cell"), ("J", .jump, "jump", "jump"),
      ("O", .lateFix, "late fix (out of order)", "late"), ("D", .duplicates, "duplicates", "dups"),
      ("G", .signalLoss, "signal loss (a gap)", "gap"),
      ("K", .clockJump, "clock jump", "clock"),
    ]

  /// The smoother and auto-pause toggles.
  public static let smootherKey: Character = "s"
  public static let autoPauseKey: Character = "a"

  /// Lap: closes a lap (and a workout's open step). Space does too while an open step runs.
  public static let lapKey: Character = "L"

  /// History: opens `strider history` over the dashboard once no session is running (its
  /// session has ended: a replay or demo played to its end). While one runs it only says so.
  public static let historyKey: Character = "H"

  /// GPS panel: the receiver's satellites and DOPs in the map's place, in `strider run`.
  public static let gpsPanelKey: Character = "g"

  /// Profiles: elevation, pace or speed and heart rate over the distance in the map's place.
  public static let profileKey: Character = "p"

  /// The action of a printable key, or nil when it is not bound.
  public static func action(for key: Character) -> KeyAction? {
    switch key {
    case "q", "Q": return .quit
    case "?": return .toggleHelp
    case " ": return .togglePause
    case lapKey: return .lap
    case historyKey: return .openHistory
    case "+", "=": return .faster
    case "-", "_": return .slower
    case "m": return .toggleMapDrawing
    case "t": return .toggleThickLine
    case "f": return .toggleFollow
    case "z": return .zoomIn
    case "x": return .zoomOut
    case "h": return .pan(.left)
    case "j": return .pan(.down)
    case "k": return .pan(.up)
    case "l": return .pan(.right)
    case "r": return .resetView
    case gpsPanelKey: return .toggleGPSPanel
    case profileKey: return .nextProfile
    case smootherKey: return .toggleSmoother
    case autoPauseKey: return .toggleAutoPause
    default: break
    }
    if let fault = faultKeys.first(where: { $0.key == key }) { return .inject(fault.kind) }
    if let digit = key.wholeNumberValue, (1...RejectionReason.switchable.count).contains(digit),
      key.isASCII
    {
      return .toggleCheck(RejectionReason.switchable[digit - 1])
    }
    return nil
  }

  /// Every binding, for the help overlay and the status line.
  public static func bindings(glyphs: Glyphs) -> [KeyBinding] {
    let faults = faultKeys.map { "\($0.key)" }.joined(separator: " ")
    return [
      KeyBinding(
        keys: "q", description: "quit (asks if recording)", short: "quit",
        group: .session, priority: 0),
      KeyBinding(
        keys: "?", description: "show / hide this help", short: "help", group: .session,
        priority: 1),
      KeyBinding(
        keys: "space", description: "pause / resume", short: "pause", group: .session,
        priority: 2),
      KeyBinding(
        keys: "L", description: "lap (space: open step)", short: "lap",
        group: .session, priority: 15),
      KeyBinding(
        keys: "m", description: "map: lines or braille", short: "map", group: .map,
        priority: 5),
      KeyBinding(
        keys: "t", description: "thin / thick line", short: "thick", group: .map,
        priority: 8),
      KeyBinding(
        keys: "f", description: "follow your position", short: "follow", group: .map,
        priority: 6),
      KeyBinding(
        keys: "z/x", description: "zoom in / out", short: "zoom", group: .map, priority: 7),
      KeyBinding(
        keys: "h/j/k/l", description: "pan left/down/up/right", short: "pan",
        group: .map, priority: 9),
      KeyBinding(
        keys: "r", description: "whole route again", short: "reset",
        group: .map, priority: 10),
      KeyBinding(
        keys: String(gpsPanelKey), description: "GPS satellites, DOPs (run)", short: "gps",
        group: .map, priority: 9),
      KeyBinding(
        keys: String(profileKey), description: "elevation, pace, HR plots",
        short: "profiles", group: .map, priority: 9),
      KeyBinding(
        keys: "+/-", description: "replay faster / slower", short: "speed", group: .replay,
        priority: 3),
      KeyBinding(
        keys: glyphs.seekKeys, description: "seek back / forward", short: "seek",
        group: .replay, priority: 4),
      KeyBinding(
        keys: String(historyKey), description: "the history, once ended", short: "history",
        group: .replay, priority: 2),
      KeyBinding(
        keys: "1-9", description: "gate checks on / off", short: "checks", group: .lab,
        priority: 11),
      KeyBinding(
        keys: "s", description: "smoother on / off", short: "smooth", group: .lab,
        priority: 12),
      KeyBinding(
        keys: "a", description: "auto-pause on / off", short: "auto-pause", group: .lab,
        priority: 13),
    ]
      + [
        KeyBinding(
          keys: faults,
          description: faultKeys.map { "\($0.key) \($0.name)" }.joined(separator: ", "),
          short: "faults", group: .faults, priority: 14)
      ]
  }
}
