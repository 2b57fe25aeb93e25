import StriderCore

/// How the map draws a fix the gate rejected: a glyph and a colour per reason.
///
/// The glyphs differ from each other and from the route, start, finish and position markers
/// in both glyph sets, so the reason can be read without colour; the filter-lab panel shows
/// the same glyphs beside the reason names, which makes it the map's legend (all but
/// `out_of_range`, which the lab does not switch and so does not list).
public struct RejectionMarker: Sendable, Hashable {
  public var reason: RejectionReason
  public var glyph: Character
  public var color: TerminalColor

  public init(reason: RejectionReason, glyph: Character, color: TerminalColor) {
    self.reason = reason
    self.glyph = glyph
    self.color = color
  }

  /// The marker for a reason in a glyph set.
  public static func marker(for reason: RejectionReason, glyphs: Glyphs) -> RejectionMarker {
    let unicode = glyphs.kind == .unicode
    switch reason {
    case .noFix:
      return RejectionMarker(reason: reason, glyph: "?", color: .white)
    case .invalidAccuracy:
      return RejectionMarker(reason: reason, glyph: "!", color: .magenta)
    case .lowAccuracy:
      return RejectionMarker(reason: reason, glyph: unicode ? "≈" : "~", color: .yellow)
    case .nonGNSS:
      return RejectionMarker(reason: reason, glyph: unicode ? "▲" : "^", color: .cyan)
    case .stale:
      return RejectionMarker(reason: reason, glyph: unicode ? "◇" : "&", color: .blue)
    case .outOfOrder:
      return RejectionMarker(reason: reason, glyph: unicode ? "«" : "<", color: .magenta)
    case .duplicate:
      return RejectionMarker(reason: reason, glyph: unicode ? "≡" : "=", color: .cyan)
    case .implausibleSpeed:
      return RejectionMarker(reason: reason, glyph: unicode ? "×" : "x", color: .red)
    case .noTime:
      return RejectionMarker(reason: reason, glyph: unicode ? "⌀" : "%", color: .yellow)
    case .outOfRange:
      return RejectionMarker(reason: reason, glyph: unicode ? "∞" : "*", color: .red)
    }
  }

  /// Every reason's marker, in the order of `RejectionReason.allCases`.
  public static func all(glyphs: Glyphs) -> [RejectionMarker] {
    RejectionReason.allCases.map { marker(for: $0, glyphs: glyphs) }
  }
}
