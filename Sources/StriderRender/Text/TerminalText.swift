/// Text from files and session names made safe to print on a terminal.
///
/// A file name may hold any byte but `/` and NUL, and a session imported from a file takes
/// its name: printed raw, an ESC in it would start an escape sequence the terminal obeys
/// (colours, a changed title, worse). Control characters become U+FFFD.
public enum TerminalText {
  public static func safe(_ text: String, keepingNewlines: Bool = false) -> String {
    guard text.unicodeScalars.contains(where: { isControl($0, keepingNewlines) }) else {
      return text
    }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      out.append(isControl(scalar, keepingNewlines) ? "\u{FFFD}" : scalar)
    }
    return String(out)
  }

  private static func isControl(_ scalar: Unicode.Scalar, _ keepingNewlines: Bool) -> Bool {
    if keepingNewlines && scalar == "\n" { return false }
    return scalar.properties.generalCategory == .control
  }
}
