import StriderCore
import StriderFormats

/// libFuzzer entry point: any bytes as a file named `fuzz.fit`, opened as `analyze` opens
/// one (`FixFileReader.open`: what the content looks like first, the extension second), and
/// read by the FIT reader directly as well, whole and in chunks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  ReaderCheck.sameUnderChunking(bytes, fileName: "fuzz.fit")
  let (whole, chunked) = ReaderCheck.sameUnderChunking(bytes) {
    FITReader(source: $0, fileName: "fuzz.fit")
  }
  precondition(
    whole.statistics == chunked.statistics,
    "statistics differ by chunking: \(whole.statistics) vs \(chunked.statistics)")
  precondition(whole.sessions == chunked.sessions, "sessions differ by chunking")
  let s = whole.statistics
  precondition(
    s.records + s.laps + whole.sessions.count + s.otherMessages + s.definitions <= s.messages,
    "more messages decoded than read: \(s)")
  _ = whole.metadata
  return 0
}
