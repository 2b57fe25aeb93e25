import Foundation
import StriderCore
import StriderRender
import StriderStore

/// A database's size for people: megabytes, free room and bytes per fix.
public enum SizeText {
  public static func text(_ size: StoreSize) -> String {
    let perFix = size.bytesPerFix.map { String(format: "%.0f bytes per fix", $0) } ?? "no fixes"
    return String(
      format: "%.1f MB (%.1f MB free), %lld fixes, ", Double(size.bytes) / 1e6,
      Double(size.freeBytes) / 1e6, size.fixes) + perFix
  }
}
