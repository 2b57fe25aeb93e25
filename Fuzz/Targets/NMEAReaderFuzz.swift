import StriderCore
import StriderFormats

/// libFuzzer entry point: any bytes as a file named `fuzz.nmea`, opened as `analyze` opens
/// one (`FixFileReader.open`: what the content looks like first, the extension second).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let (whole, chunked) = ReaderCheck.sameUnderChunking(bytes, fileName: "fuzz.nmea")
  if let whole = whole as? NMEAReader, let chunked = chunked as? NMEAReader {
    precondition(
      whole.statistics == chunked.statistics,
      "statistics differ by chunking: \(whole.statistics) vs \(chunked.statistics)")
    let s = whole.statistics
    precondition(s.garbageLines <= s.lines, "more garbage lines than lines: \(s)")
  }
  return 0
}
