import Foundation
import StriderCore
import StriderSources

/// The JSON lines of one turn of the loop, written together when the turn ends (the
/// loop's `flush`), before the loop can wait on the source: a reader still sees each
/// event as it happens live, where a turn is one fix. At `--speed max` a turn is a
/// batch of thousands of fixes, and a `write` per line (34,000 for a million fixes,
/// a twelfth of the replay's time) cost more than making the lines.
public struct TurnLines {
  private var bytes: [UInt8] = []
  /// Written before the turn ends past this, so a long turn holds little.
  public static let limit = 1 << 16

  public init() {}

  /// A long value (the summary of a long session) is written as it is made, a piece at a
  /// time.
  public mutating func add(_ json: JSONValue) throws(OutputError) {
    try json.write(to: &bytes, past: TurnLines.limit, flush: Output.flushStandard)
    try endLine()
  }

  /// The event's line (`HeadlessEvents.write`), if it prints one.
  public mutating func add(_ event: RunnerEvent, source: String) throws(OutputError) {
    if HeadlessEvents.write(event, source: source, to: &bytes) { try endLine() }
  }

  private mutating func endLine() throws(OutputError) {
    bytes.append(UInt8(ascii: "\n"))
    if bytes.count >= TurnLines.limit { try write() }
  }

  public mutating func write() throws(OutputError) {
    guard !bytes.isEmpty else { return }
    defer { bytes.removeAll(keepingCapacity: bytes.count <= TurnLines.limit) }
    try Output.write(bytes, to: STDOUT_FILENO, destination: "standard output")
  }
}
