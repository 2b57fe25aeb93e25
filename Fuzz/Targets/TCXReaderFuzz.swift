import StriderCore
import StriderFormats

/// libFuzzer entry point: any bytes as a TCX file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  ReaderCheck.sameUnderChunking(bytes) { source -> TCXReader in
    TCXReader(source: source, fileName: "fuzz.tcx")
  }
  _ = TCXReader.looksLike(prefix: bytes)
  return 0
}
