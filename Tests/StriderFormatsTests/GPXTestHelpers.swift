import StriderCore
import Testing

@testable import StriderFormats

/// Reads GPX text with the given chunk size; returns the fixes and the final metadata.
func readGPX(
  _ text: String, chunkSize: Int = Int.max, fileName: String = "test.gpx"
) throws(FormatError) -> (fixes: [Fix], metadata: TrackMetadata) {
  var reader = GPXReader(
    source: MemoryByteSource(bytes: Array(text.utf8), chunkSize: chunkSize), fileName: fileName)
  let fixes = try reader.readAll()
  return (fixes, reader.metadata)
}

/// The error reading this GPX text throws, or nil when it reads cleanly.
func gpxError(_ text: String, chunkSize: Int = Int.max) -> FormatError? {
  do {
    _ = try readGPX(text, chunkSize: chunkSize)
    return nil
  } catch {
    return error
  }
}

/// Wraps track points in a minimal GPX 1.1 document (the first `<trkpt>` is on line 4).
func gpx11(_ body: String, trackExtras: String = "") -> String {
  """
  <?xml version="1.0" encoding="UTF-8"?>
  <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
  <trk>\(trackExtras)<trkseg>
  \(body)
  </trkseg></trk>
  </gpx>
  """
}

func time(_ text: String) -> GNSSTime? {
  TimestampParser.parse(Array(text.utf8)[...])
}
