/// The line of each `[[step]]` block and of each key in it, found by reading the text as
/// TOML lays it out, so errors name a line even though the TOML reader does not keep them.
///
/// Blocks are numbered as the workout's steps are: the n-th `[[step]]` header is top-level
/// step n, and each `[[step.step]]` header belongs to the `[[step]]` before it. Steps written
/// as inline tables have no lines of their own; errors about them name the file only.
struct WorkoutLines {
  private var lines: [String: Int] = [:]

  init(_ text: String) {
    var block = ""
    var top = 0
    var nested = 0
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.hasPrefix("[") {
        let header = line.filter { !" \t[]\"".contains($0) }
        let comment = header.firstIndex(of: "#").map { header[..<$0] } ?? header[...]
        switch comment {
        case "step":
          top += 1
          nested = 0
          block = "step[\(top)]"
        case "step.step":
          nested += 1
          block = "step[\(top)].step[\(nested)]"
        default:
          block = String(comment)
        }
        if lines[block] == nil { lines[block] = index + 1 }
        continue
      }
      guard !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") else { continue }
      let key = line[..<equals].trimmingCharacters(in: .whitespaces)
        .replacingOccurrences(of: "\"", with: "")
      let full = block.isEmpty ? key : block + "." + key
      if lines[full] == nil { lines[full] = index + 1 }
    }
  }

  /// The line of a key or block, else of the block holding it, else nil.
  func line(of key: String) -> Int? {
    if let line = lines[key] { return line }
    guard let dot = key.lastIndex(of: ".") else { return nil }
    return line(of: String(key[..<dot]))
  }
}
