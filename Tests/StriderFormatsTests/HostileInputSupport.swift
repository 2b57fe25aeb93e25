import Foundation
import StriderCore

@testable import StriderFormats

/// A file that is mostly one byte pattern, made on the fly in 64 KiB chunks so a 100 MB
/// input costs no 100 MB of test memory: `head`, then `unit` repeated until `length` bytes
/// of it have been served, then `tail`.
struct GeneratedByteSource: ByteChunkSource {
  private var pieces: [[UInt8]]
  private let unit: [UInt8]
  private var remaining: Int
  private var phase = 0
  private let block: [UInt8]
  /// Bytes handed out so far.
  private(set) var served = 0

  init(head: String, unit: String, length: Int, tail: String) {
    pieces = [Array(head.utf8), Array(tail.utf8)]
    self.unit = Array(unit.utf8)
    remaining = length
    var block: [UInt8] = []
    let chunk = 64 * 1024
    while block.count < chunk { block += self.unit }
    self.block = Array(block.prefix(chunk - chunk % self.unit.count))
  }

  mutating func nextChunk() throws(FormatError) -> ArraySlice<UInt8>? {
    while phase < 3 {
      switch phase {
      case 0:
        phase = 1
        if !pieces[0].isEmpty { return hand(pieces[0][...]) }
      case 1:
        guard remaining > 0 else {
          phase = 2
          continue
        }
        let n = min(remaining, block.count)
        remaining -= n
        return hand(block[..<n])
      default:
        phase = 3
        if !pieces[1].isEmpty { return hand(pieces[1][...]) }
      }
    }
    return nil
  }

  private mutating func hand(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    served += bytes.count
    return bytes
  }
}

/// The process's peak resident memory so far, in bytes (`ru_maxrss`).
func peakResidentBytes() -> Int {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  return usage.ru_maxrss * 1024
}

/// How an XML reader ended: the fixes it gave, and its error if it threw one.
struct XMLReadOutcome {
  var fixes: [Fix] = []
  var metadataName: String?
  var error: FormatError?
  /// Where the file ended early after its first fix (no error then).
  var damage: FormatError?
  /// Everything a user could see of the outcome, for "this text never appears" checks.
  var visibleText: String {
    ([metadataName ?? "", error?.description ?? "", damage?.description ?? ""]
      + fixes.map { "\($0)" }).joined(separator: "\n")
  }
}

/// The two XML formats, so every hostile input is tried on both readers.
enum XMLFormat: String, CaseIterable, Sendable {
  case gpx
  case tcx

  var fileName: String { "hostile.\(rawValue)" }

  /// A document of this format with `inside` placed where a track's name or text goes,
  /// and `prolog` before the root element.
  func document(prolog: String = "", inside: String) -> String {
    switch self {
    case .gpx:
      return """
        <?xml version="1.0" encoding="UTF-8"?>
        \(prolog)<gpx version="1.1" creator="t"><trk><name>\(inside)</name><trkseg>
        <trkpt lat="1" lon="2"><time>2024-05-01T07:00:00Z</time></trkpt>
        </trkseg></trk></gpx>
        """
    case .tcx:
      return """
        <?xml version="1.0" encoding="UTF-8"?>
        \(prolog)<TrainingCenterDatabase><Activities><Activity Sport="Running">
        <Id>\(inside)</Id><Lap StartTime="2024-05-01T07:00:00Z"><Track>
        <Trackpoint><Time>2024-05-01T07:00:00Z</Time><Position><LatitudeDegrees>1</LatitudeDegrees><LongitudeDegrees>2</LongitudeDegrees></Position></Trackpoint>
        </Track></Lap></Activity></Activities></TrainingCenterDatabase>
        """
    }
  }

  /// The root's start tag, and its end tag.
  var root: (open: String, close: String) {
    switch self {
    case .gpx: return ("<gpx version=\"1.1\" creator=\"t\">", "</gpx>")
    case .tcx: return ("<TrainingCenterDatabase>", "</TrainingCenterDatabase>")
    }
  }

  func read(_ text: String, chunkSize: Int = .max) -> XMLReadOutcome {
    read(MemoryByteSource(bytes: Array(text.utf8), chunkSize: chunkSize))
  }

  func read(bytes: [UInt8], chunkSize: Int = .max) -> XMLReadOutcome {
    read(MemoryByteSource(bytes: bytes, chunkSize: chunkSize))
  }

  func read(_ source: some ByteChunkSource) -> XMLReadOutcome {
    var outcome = XMLReadOutcome()
    switch self {
    case .gpx:
      var reader = GPXReader(source: source, fileName: fileName)
      do {
        while let fix = try reader.next() { outcome.fixes.append(fix) }
      } catch {
        outcome.error = error
      }
      outcome.metadataName = reader.metadata.name
      outcome.damage = reader.damage
    case .tcx:
      var reader = TCXReader(source: source, fileName: fileName)
      do {
        while let fix = try reader.next() { outcome.fixes.append(fix) }
      } catch {
        outcome.error = error
      }
      outcome.metadataName = reader.metadata.name
      outcome.damage = reader.damage
    }
    return outcome
  }
}
