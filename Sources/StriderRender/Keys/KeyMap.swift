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
    let faultNames = faultKeys.map { "\($0.key) \($0.name)" }.joined(separator: ", ")
    let table: [(String, String, String, KeyBinding.Group, Int)] = [
      ("q", "quit (asks if recording)", "quit", .session, 0),
      ("?", "show / hide this help", "help", .session, 1),
      ("space", "pause / resume", "pause", .session, 2),
      ("L", "lap (space: open step)", "lap", .session, 15),
      ("m", "map: lines or braille", "map", .map, 5),
      ("t", "thin / thick line", "thick", .map, 8),
      ("f", "follow your position", "follow", .map, 6),
      ("z/x", "zoom in / out", "zoom", .map, 7),
      ("h/j/k/l", "pan left/down/up/right", "pan", .map, 9),
      ("r", "whole route again", "reset", .map, 10),
      (String(gpsPanelKey), "GPS satellites, DOPs (run)", "gps", .map, 9),
      (String(profileKey), "elevation, pace, HR plots", "profiles", .map, 9),
      ("+/-", "replay faster / slower", "speed", .replay, 3),
      (glyphs.seekKeys, "seek back / forward", "seek", .replay, 4),
      (String(historyKey), "the history, once ended", "history", .replay, 2),
      ("1-9", "gate checks on / off", "checks", .lab, 11),
      ("s", "smoother on / off", "smooth", .lab, 12),
      ("a", "auto-pause on / off", "auto-pause", .lab, 13),
      (faults, faultNames, "faults", .faults, 14),
    ]
    return table.map { keys, description, short, group, priority in
      KeyBinding(
        keys: keys, description: description, short: short, group: group, priority: priority)
    }
  }
}
