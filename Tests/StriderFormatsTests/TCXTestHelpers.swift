import StriderCore
import Testing

@testable import StriderFormats

/// What reading a TCX text gives: the fixes and the reader's final state.
struct TCXResult: Equatable {
  var fixes: [Fix]
  var metadata: TrackMetadata
  var laps: [TCXLap]
  var sports: [String]
}

/// Reads TCX text with the given chunk size.
func readTCX(
  _ text: String, chunkSize: Int = Int.max, fileName: String = "test.tcx"
) throws(FormatError) -> TCXResult {
  try readTCX(
    source: MemoryByteSource(bytes: Array(text.utf8), chunkSize: chunkSize), fileName: fileName)
}

/// Reads TCX from any chunk source.
func readTCX(source: some ByteChunkSource, fileName: String) throws(FormatError) -> TCXResult {
  var reader = TCXReader(source: source, fileName: fileName)
  let fixes = try reader.readAll()
  return TCXResult(
    fixes: fixes, metadata: reader.metadata, laps: reader.laps, sports: reader.sports)
}

/// The error reading this TCX text throws, or nil when it reads cleanly.
func tcxError(_ text: String, chunkSize: Int = Int.max) -> FormatError? {
  do {
    _ = try readTCX(text, chunkSize: chunkSize)
    return nil
  } catch {
    return error
  }
}

/// Wraps trackpoints in a one-lap running activity; the `<Lap>` tag is on line 4 and the
/// trackpoints start on line 5.
func tcxRun(_ trackpoints: String, lapStart: String = "2024-05-01T07:00:00Z") -> String {
  """
  <?xml version="1.0" encoding="UTF-8"?>
  <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
  <Activities><Activity Sport="Running"><Id>2024-05-01T07:00:00Z</Id>
  <Lap StartTime="\(lapStart)"><Track>
  \(trackpoints)
  </Track></Lap></Activity></Activities>
  </TrainingCenterDatabase>
  """
}

/// The one-based line and byte column of the first occurrence of `marker` in `text`.
func place(of marker: String, in text: String) -> (line: Int, column: Int)? {
  let bytes = Array(text.utf8)
  let needle = Array(marker.utf8)
  guard !needle.isEmpty, bytes.count >= needle.count else { return nil }
  var line = 1
  var lineStart = 0
  for i in 0...(bytes.count - needle.count) {
    if bytes[i..<(i + needle.count)].elementsEqual(needle) { return (line, i - lineStart + 1) }
    if bytes[i] == 0x0A {
      line += 1
      lineStart = i + 1
    }
  }
  return nil
}
