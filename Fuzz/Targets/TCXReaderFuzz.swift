import StriderCore
import StriderFormats

/// libFuzzer entry point: any bytes as a file named `fuzz.tcx`, opened as `analyze` opens
/// one (`FixFileReader.open`: what the content looks like first, the extension second).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  ReaderCheck.sameUnderChunking(bytes, fileName: "fuzz.tcx")
  return 0
}
