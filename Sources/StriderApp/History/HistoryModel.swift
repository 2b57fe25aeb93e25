import StriderCore
import StriderRender

/// What the history screen asks of the world after a key: the loop carries it out, a test
/// reads it.
public enum HistoryCommand: Sendable, Equatable {
  /// Leave the history.
  case quit
  /// Repaint every cell on the next draw (Ctrl-L).
  case repaint
  /// Read this session's summary, splits, zones and route (`HistoryModel.opened`).
  case open(Int64)
  /// Replay this session on the dashboard.
  case replay(Int64)
}

/// The history screen as a value: keys in, a `HistoryViewState` and commands out.
///
/// The list moves with the arrow keys (and `j`/`k`, Home/End as `g`/`G`), `/` starts a
/// search that narrows the list as it is typed (Enter keeps it, Esc clears it), Enter asks
/// for the selected session to be opened, `r` for it to be replayed, and `q` or Esc goes
/// back from an opened session, or leaves. Reading the store is left to the loop, so the
/// model runs in tests without a database or a terminal.
public struct HistoryModel: Sendable {
  public private(set) var state: HistoryViewState
  /// Whether something changed since the last `render`.
  public private(set) var needsRedraw = true
  /// The session asked for and not yet opened.
  public private(set) var opening: Int64?

  public init(data: HistoryData, glyphs: Glyphs = .unicode, colour: Bool = true) {
    state = HistoryViewState(data: data, glyphs: glyphs, colour: colour)
  }

  /// The frame for a screen of `columns` × `rows`; nil for a screen without cells.
  public mutating func render(columns: Int, rows: Int) -> Grid? {
    guard columns > 0, rows > 0 else { return nil }
    needsRedraw = false
    return HistoryScreen.render(state, columns: columns, rows: rows)
  }

  /// A key; the commands it leads to.
  public mutating func press(_ key: TerminalKey) -> [HistoryCommand] {
    needsRedraw = true
    state.message = nil
    if key == .character("\u{0C}") { return [.repaint] }
    if state.isSearching { return search(key) }
    if state.detail != nil { return inDetail(key) }
    switch key {
    case .up, .character("k"): move(by: -1)
    case .down, .character("j"): move(by: 1)
    case .left, .character("u"): move(by: -pageRows)
    case .right, .character("d"): move(by: pageRows)
    case .character("["): state.moveCharts(by: 1)
    case .character("]"): state.moveCharts(by: -1)
    case .character("g"): move(to: 0)
    case .character("G"): move(to: state.shown.count - 1)
    case .character("/"):
      state.isSearching = true
    case .character("\r"), .character("\n"), .other(343):  // KEY_ENTER
      guard let entry = state.selected else { return [] }
      opening = entry.id
      state.message = "Opening session \(entry.id)"
      return [.open(entry.id)]
    case .character("r"):
      guard let entry = state.selected else { return [] }
      return [.replay(entry.id)]
    case .character("q"), .character("Q"):
      return [.quit]
    case .character("\u{1B}"):
      if !state.query.isEmpty { setQuery("") } else { return [.quit] }
    default:
      break
    }
    return []
  }

  /// How far the side arrows move the list: about a page of a 40-row terminal.
  public static let pageRows = 20
  private var pageRows: Int { Self.pageRows }

  /// The session read after `.open`: shown, with its route projected for the map.
  public mutating func opened(_ detail: HistorySessionDetail) {
    guard opening == detail.entry.id else { return }
    opening = nil
    state.detail = detail
    state.route = ProjectedRoute(points: detail.route)
    state.viewport = .fit
    state.shownProfile = nil
    state.message = nil
    needsRedraw = true
  }

  /// The session asked for could not be read: the list stays, with the reason.
  public mutating func failedToOpen(_ reason: String) {
    opening = nil
    state.message = reason
    needsRedraw = true
  }

  /// Shows a note in the status line until the next key.
  public mutating func show(_ message: String) {
    state.message = message
    needsRedraw = true
  }

  /// Keys while a session is open: back, replay, the profiles in place of the map, and the
  /// map's zoom and drawing.
  private mutating func inDetail(_ key: TerminalKey) -> [HistoryCommand] {
    guard let detail = state.detail else { return [] }
    switch key {
    case .character("q"), .character("Q"), .character("\u{1B}"), .left:
      state.detail = nil
      state.route = ProjectedRoute()
      state.shownProfile = nil
    case .character("p"):
      state.showNextProfile()
      if detail.profiles.isEmpty { state.message = "No profile: nothing measured along it" }
    case .character("r"):
      return [.replay(detail.entry.id)]
    case .character("z"):
      state.viewport.zoomIn()
    case .character("x"):
      state.viewport.zoomOut()
    case .character("m"):
      guard state.glyphs.hasBraille else {
        state.message = "Braille needs a UTF-8 terminal"
        return []
      }
      state.mapOptions.drawing = state.mapOptions.drawing == .braille ? .ascii : .braille
    default:
      break
    }
    return []
  }

  /// Keys while searching: text narrows the list at once; Enter keeps the search, Esc
  /// clears it, Backspace takes back a character.
  private mutating func search(_ key: TerminalKey) -> [HistoryCommand] {
    switch key {
    case .character("\r"), .character("\n"), .other(343):
      state.isSearching = false
    case .character("\u{1B}"):
      state.isSearching = false
      setQuery("")
    case .character("\u{7F}"), .character("\u{08}"), .other(263):  // Backspace (KEY_BACKSPACE)
      setQuery(String(state.query.dropLast()))
    case .character(let character) where !character.isASCII || character.isPrintableASCII:
      setQuery(state.query + String(character))
    case .up:
      move(by: -1)
    case .down:
      move(by: 1)
    default:
      break
    }
    return []
  }

  /// Narrows the list to the entries matching `query`, keeping the selected session
  /// selected when it still matches.
  private mutating func setQuery(_ query: String) {
    let kept = state.selected?.id
    state.query = query
    let needle = query.lowercased()
    state.shown = state.data.entries.filter { $0.matches(needle) }
    if state.shown.isEmpty {
      state.selection = nil
    } else {
      state.selection = kept.flatMap { id in state.shown.firstIndex { $0.id == id } } ?? 0
    }
  }

  private mutating func move(by offset: Int) {
    guard let selection = state.selection else { return }
    move(to: selection + offset)
  }

  private mutating func move(to index: Int) {
    guard !state.shown.isEmpty else { return }
    state.selection = min(max(0, index), state.shown.count - 1)
  }
}

extension Character {
  /// A seven-bit character one can see or a space.
  fileprivate var isPrintableASCII: Bool {
    guard let value = asciiValue else { return false }
    return value >= 0x20 && value < 0x7F
  }
}
