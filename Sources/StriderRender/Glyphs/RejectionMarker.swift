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

  /// The marker for a reason in a glyph set: each reason's Unicode glyph, the ASCII one that
  /// stands in for it, and its colour.
  public static func marker(for reason: RejectionReason, glyphs: Glyphs) -> RejectionMarker {
    let (unicode, ascii, color): (Character, Character, TerminalColor) =
      switch reason {
      case .noFix: ("?", "?", .white)
      case .invalidAccuracy: ("!", "!", .magenta)
      case .lowAccuracy: ("≈", "~", .yellow)
      case .nonGNSS: ("▲", "^", .cyan)
      case .stale: ("◇", "&", .blue)
      case .outOfOrder: ("«", "<", .magenta)
      case .duplicate: ("≡", "=", .cyan)
      case .implausibleSpeed: ("×", "x", .red)
      case .noTime: ("⌀", "%", .yellow)
      case .outOfRange: ("∞", "*", .red)
      }
    return RejectionMarker(
      reason: reason, glyph: glyphs.kind == .unicode ? unicode : ascii, color: color)
  }

  /// Every reason's marker, in the order of `RejectionReason.allCases`.
  public static func all(glyphs: Glyphs) -> [RejectionMarker] {
    RejectionReason.allCases.map { marker(for: $0, glyphs: glyphs) }
  }
}
