import Foundation
import Testing

/// Compares text with a golden file; writes it only when `STRIDER_RECORD_GOLDEN=1` is set.
///
/// Golden files hold what a panel or screen must look like, as text (see `Grid.text`); a
/// person reviews them once, and from then on any change in the drawing shows up as a line
/// diff (in the manner of swift-argument-parser's `AssertEqualStrings`). A missing golden
/// file fails the test: recording is asked for by name, so a test whose file was never
/// committed cannot pass in CI by writing it there. A recorded file is reported as a
/// warning, for the person who asked to review it.
///
/// - Parameters:
///   - text: what the test produced.
///   - name: the file's name without extension (`<name>.txt`).
///   - directory: where golden files live; by default `Golden/` beside the calling file.
public func assertGolden(
  _ text: String, named name: String, in directory: String? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let folder =
    directory.map { URL(fileURLWithPath: $0) }
    ?? URL(fileURLWithPath: sourceLocation.filePath).deletingLastPathComponent()
    .appendingPathComponent("Golden")
  let file = folder.appendingPathComponent(name + ".txt")
  let content = text.hasSuffix("\n") ? text : text + "\n"
  let record = ProcessInfo.processInfo.environment["STRIDER_RECORD_GOLDEN"] == "1"
  let existing = try? String(contentsOf: file, encoding: .utf8)
  if !record, existing == nil {
    Issue.record(
      """
      No golden file \(file.path); run the test with STRIDER_RECORD_GOLDEN=1 to record it, \
      review it and commit it. What it would hold:
      \(content)
      """,
      sourceLocation: sourceLocation)
    return
  }
  if record {
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try content.write(to: file, atomically: true, encoding: .utf8)
      Issue.record(
        "Recorded golden file \(file.path); review it and commit it.", severity: .warning,
        sourceLocation: sourceLocation)
    } catch {
      Issue.record(
        "Could not write golden file \(file.path): \(error)", sourceLocation: sourceLocation)
    }
    return
  }
  guard let expected = existing, expected != content else { return }
  Issue.record(
    """
    Text differs from golden file \(file.lastPathComponent) \
    (- golden, + actual; STRIDER_RECORD_GOLDEN=1 re-records):
    \(GoldenDiff.lineDiff(expected: expected, actual: content))
    """,
    sourceLocation: sourceLocation)
}

/// A line diff for failure messages.
public enum GoldenDiff {
  /// Every line of both texts, prefixed "  " when shared, "- " when only expected, "+ "
  /// when only actual; trailing spaces shown as "·" on changed lines so they can be seen.
  public static func lineDiff(expected: String, actual: String) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let difference = new.difference(from: old)
    var removed = Set<Int>()
    var inserted = Set<Int>()
    for change in difference {
      switch change {
      case .remove(let offset, _, _): removed.insert(offset)
      case .insert(let offset, _, _): inserted.insert(offset)
      }
    }
    var lines: [String] = []
    var i = 0
    var j = 0
    func visible(_ line: String) -> String {
      var trailing = ""
      var body = Substring(line)
      while body.last == " " {
        body.removeLast()
        trailing += "·"
      }
      return body + trailing
    }
    while i < old.count || j < new.count {
      if i < old.count, removed.contains(i) {
        lines.append("- " + visible(old[i]))
        i += 1
      } else if j < new.count, inserted.contains(j) {
        lines.append("+ " + visible(new[j]))
        j += 1
      } else {
        if i < old.count { lines.append("  " + old[i]) }
        i += 1
        j += 1
      }
    }
    return lines.joined(separator: "\n")
  }
}
