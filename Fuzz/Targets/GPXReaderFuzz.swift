import StriderCore
import StriderFormats

/// libFuzzer entry point: any bytes as a GPX file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  ReaderCheck.sameUnderChunking(bytes) { GPXReader(source: $0, fileName: "fuzz.gpx") }
  return 0
}
