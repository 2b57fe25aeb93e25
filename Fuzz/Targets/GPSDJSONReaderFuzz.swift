import StriderCore
import StriderFormats

/// libFuzzer entry point: any bytes as a file named `fuzz.json`, opened as `analyze` opens
/// one (a gpsd JSON log is merged into epochs); the bare report reader too, and each line
/// as a live report.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  ReaderCheck.sameUnderChunking(bytes, fileName: "fuzz.json")
  ReaderCheck.sameUnderChunking(bytes) { GPSDJSONReader(source: $0, fileName: "fuzz.json") }
  for line in bytes.split(separator: 0x0A, maxSplits: 64) {
    if case .tpv(let fix)? = GPSDMessage.parse(line: line) { _ = ReaderCheck.render(fix) }
  }
  return 0
}
