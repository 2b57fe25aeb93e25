import StriderCore
import StriderFormats

/// libFuzzer entry point: any bytes as an NMEA 0183 log.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let (whole, chunked) = ReaderCheck.sameUnderChunking(bytes) {
    NMEAReader(source: $0, fileName: "fuzz.nmea")
  }
  precondition(
    whole.statistics == chunked.statistics,
    "statistics differ by chunking: \(whole.statistics) vs \(chunked.statistics)")
  let s = whole.statistics
  precondition(s.garbageLines <= s.lines, "more garbage lines than lines: \(s)")
  _ = NMEAReader.looksLike(prefix: bytes)
  _ = FixFileReader.sniff(prefix: bytes, fileName: "fuzz")
  return 0
}
