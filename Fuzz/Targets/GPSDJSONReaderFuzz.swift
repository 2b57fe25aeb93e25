import StriderCore
import StriderFormats

/// libFuzzer entry point: any bytes as a gpsd JSON log (`gpspipe -w`), read report by
/// report and merged into epochs as `analyze` does, and each line as a live report.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  ReaderCheck.sameUnderChunking(bytes) { GPSDJSONReader(source: $0, fileName: "fuzz.json") }
  ReaderCheck.sameUnderChunking(bytes) {
    EpochMergingGPSDReader(GPSDJSONReader(source: $0, fileName: "fuzz.json"))
  }
  for line in bytes.split(separator: 0x0A, maxSplits: 64) {
    if case .tpv(let fix)? = GPSDMessage.parse(line: line) { _ = ReaderCheck.render(fix) }
  }
  _ = GPSDJSONReader.looksLike(prefix: bytes)
  return 0
}
