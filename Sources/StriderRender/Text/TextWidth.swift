/// How many terminal columns text takes, without asking the C library.
///
/// `wcwidth(3)` depends on the process locale (under `LC_ALL=C` it calls every non-ASCII
/// character unprintable), so the renderer carries its own table: the East Asian Wide and
/// Fullwidth ranges of Unicode Standard Annex #11 and the emoji that terminals draw two
/// columns wide (UTS #51 emoji presentation), condensed to ranges. East Asian *Ambiguous*
/// characters (box drawing, ●, ×) count as narrow, as they do outside CJK locales. Because a
/// Swift `Character` is a whole grapheme cluster, combining marks add no width: they ride on
/// their base character in the same cell.
public enum TextWidth {
  /// Columns taken by one grapheme: 0 for control characters (which are never drawn),
  /// 2 for wide ones, else 1.
  public static func of(_ character: Character) -> Int {
    guard let first = character.unicodeScalars.first else { return 0 }
    let v = first.value
    if v < 0x20 || (v >= 0x7F && v < 0xA0) { return 0 }
    if v < 0x1100 { return 1 }
    // An emoji presentation selector or a flag (two regional indicators) makes it wide.
    if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
    return isWide(v) ? 2 : 1
  }

  /// Columns taken by a string (control characters count 0).
  public static func of(_ text: String) -> Int {
    var total = 0
    for character in text { total += of(character) }
    return total
  }

  /// Whether a scalar value lies in a wide range.
  static func isWide(_ v: UInt32) -> Bool {
    var low = 0
    var high = wideRanges.count - 1
    while low <= high {
      let mid = (low + high) / 2
      let range = wideRanges[mid]
      if v < range.0 {
        high = mid - 1
      } else if v > range.1 {
        low = mid + 1
      } else {
        return true
      }
    }
    return false
  }

  /// Sorted, disjoint ranges of wide scalars (UAX #11 W and F, emoji presentation).
  static let wideRanges: [(UInt32, UInt32)] = [
    (0x1100, 0x115F), (0x231A, 0x231B), (0x2329, 0x232A), (0x23E9, 0x23EC), (0x23F0, 0x23F0),
    (0x23F3, 0x23F3), (0x25FD, 0x25FE), (0x2614, 0x2615), (0x2648, 0x2653), (0x267F, 0x267F),
    (0x2693, 0x2693), (0x26A1, 0x26A1), (0x26AA, 0x26AB), (0x26BD, 0x26BE), (0x26C4, 0x26C5),
    (0x26CE, 0x26CE), (0x26D4, 0x26D4), (0x26EA, 0x26EA), (0x26F2, 0x26F3), (0x26F5, 0x26F5),
    (0x26FA, 0x26FA), (0x26FD, 0x26FD), (0x2705, 0x2705), (0x270A, 0x270B), (0x2728, 0x2728),
    (0x274C, 0x274C), (0x274E, 0x274E), (0x2753, 0x2755), (0x2757, 0x2757), (0x2795, 0x2797),
    (0x27B0, 0x27B0), (0x27BF, 0x27BF), (0x2B1B, 0x2B1C), (0x2B50, 0x2B50), (0x2B55, 0x2B55),
    (0x2E80, 0x303E), (0x3041, 0x33FF), (0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xA000, 0xA4CF),
    (0xA960, 0xA97F), (0xAC00, 0xD7A3), (0xF900, 0xFAFF), (0xFE10, 0xFE19), (0xFE30, 0xFE6F),
    (0xFF00, 0xFF60), (0xFFE0, 0xFFE6), (0x16FE0, 0x16FE4), (0x17000, 0x18AFF),
    (0x1B000, 0x1B2FF), (0x1F004, 0x1F004), (0x1F0CF, 0x1F0CF), (0x1F18E, 0x1F18E),
    (0x1F191, 0x1F19A), (0x1F1E6, 0x1F1FF), (0x1F200, 0x1F251), (0x1F300, 0x1F320),
    (0x1F32D, 0x1F335), (0x1F337, 0x1F37C), (0x1F37E, 0x1F393), (0x1F3A0, 0x1F3CA),
    (0x1F3CF, 0x1F3D3), (0x1F3E0, 0x1F3F0), (0x1F3F4, 0x1F3F4), (0x1F3F8, 0x1F43E),
    (0x1F440, 0x1F440), (0x1F442, 0x1F4FC), (0x1F4FF, 0x1F53D), (0x1F54B, 0x1F54E),
    (0x1F550, 0x1F567), (0x1F57A, 0x1F57A), (0x1F595, 0x1F596), (0x1F5A4, 0x1F5A4),
    (0x1F5FB, 0x1F64F), (0x1F680, 0x1F6C5), (0x1F6CC, 0x1F6CC), (0x1F6D0, 0x1F6D2),
    (0x1F6D5, 0x1F6D7), (0x1F6DC, 0x1F6DF), (0x1F6EB, 0x1F6EC), (0x1F6F4, 0x1F6FC),
    (0x1F7E0, 0x1F7EB), (0x1F7F0, 0x1F7F0), (0x1F90C, 0x1F93A), (0x1F93C, 0x1F945),
    (0x1F947, 0x1F9FF), (0x1FA70, 0x1FAFF), (0x20000, 0x2FFFD), (0x30000, 0x3FFFD),
  ]
}
