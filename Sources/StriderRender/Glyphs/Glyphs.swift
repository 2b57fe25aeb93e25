/// The characters the screen is drawn with, chosen once from what the terminal can show.
///
/// `.unicode` needs a UTF-8 locale and a font with box drawing and braille; `.ascii` works on
/// any terminal (`LC_ALL=C`, the Linux console without a Unicode font, old `TERM`s). Every
/// marker differs from the others by its glyph, not only by its colour, so the screen reads
/// the same on a monochrome terminal.
public struct Glyphs: Sendable, Hashable, CustomStringConvertible {
  /// Which set this is.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    case unicode
    case ascii
  }

  /// The characters of a frame.
  public struct Box: Sendable, Hashable {
    public var horizontal: Character
    public var vertical: Character
    public var topLeft: Character
    public var topRight: Character
    public var bottomLeft: Character
    public var bottomRight: Character
  }

  public var kind: Kind
  public var box: Box
  /// Whether the braille block (U+2800–U+28FF) may be used for the map.
  public var hasBraille: Bool
  /// Where the session started.
  public var start: Character
  /// Where a finished session ended.
  public var finish: Character
  /// Where the user is now.
  public var current: Character
  /// A raw fix (before filtering), drawn under the route.
  public var rawFix: Character
  /// Cut text ends with this (may be empty).
  public var ellipsis: String
  /// Between items on one line.
  public var separator: String
  /// The multiplication sign of a replay speed ("30×").
  public var times: String
  /// Plus-or-minus before an accuracy.
  public var plusMinus: String
  /// The filled and empty parts of a progress bar.
  public var barFull: Character
  public var barEmpty: Character
  /// Eighths of a cell for a smooth progress bar edge (empty when the set has none).
  public var barEighths: [Character]
  /// How the seek keys are written.
  public var seekKeys: String

  /// Box drawing, braille and geometric shapes: for UTF-8 terminals.
  public static let unicode = Glyphs(
    kind: .unicode,
    box: Box(
      horizontal: "─", vertical: "│", topLeft: "┌", topRight: "┐", bottomLeft: "└",
      bottomRight: "┘"),
    hasBraille: true,
    start: "○", finish: "■", current: "●", rawFix: "·",
    ellipsis: "…", separator: " · ", times: "×", plusMinus: "±",
    barFull: "█", barEmpty: "░", barEighths: ["▏", "▎", "▍", "▌", "▋", "▊", "▉"],
    seekKeys: "←/→")

  /// Seven-bit characters only: for any terminal.
  public static let ascii = Glyphs(
    kind: .ascii,
    box: Box(
      horizontal: "-", vertical: "|", topLeft: "+", topRight: "+", bottomLeft: "+",
      bottomRight: "+"),
    hasBraille: false,
    start: "o", finish: "#", current: "@", rawFix: ".",
    ellipsis: "~", separator: " | ", times: "x", plusMinus: "+-",
    barFull: "#", barEmpty: ".", barEighths: [],
    seekKeys: "<-/->")

  public var description: String { kind.rawValue }

  /// The set for a terminal: Unicode when the locale's character set is UTF-8 and the
  /// terminal is not a plain `linux` console or `vt100`-class one, else ASCII.
  ///
  /// - Parameters:
  ///   - codeset: what `nl_langinfo(CODESET)` says after `setlocale(LC_ALL, "")`.
  ///   - term: the `TERM` variable.
  public static func forTerminal(codeset: String, term: String?) -> Glyphs {
    let utf8 = codeset.uppercased().filter { $0 != "-" } == "UTF8"
    let plainTerms: Set<String> = ["linux", "vt100", "vt102", "vt220", "dumb", "ansi"]
    guard utf8, !plainTerms.contains(term ?? "") else { return .ascii }
    return .unicode
  }
}
