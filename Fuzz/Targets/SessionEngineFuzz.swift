import StriderCore

/// libFuzzer entry point: the session engine, through its pipeline, fed any fix stream the
/// bytes decode to.
///
/// The engine must take every fix without crashing and end with a summary whose figures are
/// finite and not negative, which `analyze --format json` can print.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var decoder = FixStreamDecoder(Array(UnsafeBufferPointer(start: data, count: size)))
  var pipeline = SessionPipeline(configuration: decoder.configuration())
  var eventCount = 0
  while let (fix, repeats) = decoder.next() {
    for _ in 0..<repeats { eventCount &+= pipeline.ingest(fix).count }
    _ = pipeline.engine.snapshot
  }
  let (_, summary) = pipeline.finish()
  for figure in [summary.distance.value, summary.elapsed.value, summary.moving.value] {
    precondition(figure.isFinite && figure >= 0, "summary figure \(figure): \(summary)")
  }
  let json = JSONValue.object(summary.jsonMembers(live: true)).serialized
  precondition(!json.isEmpty)
  for cue in summary.cues { precondition(!cue.text.isEmpty, "an empty cue") }
  return 0
}
