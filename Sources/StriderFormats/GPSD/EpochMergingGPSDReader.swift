import StriderCore

/// gpsd JSON as the engine should see it: one fix per receiver epoch.
///
/// `GPSDJSONReader` returns every TPV report as gpsd printed it (several per epoch); this
/// wrapper merges them with `TPVEpochMerger`, so that `analyze` and `replay` of a
/// `gpspipe -w` log judge each epoch once, as a live session does.
public struct EpochMergingGPSDReader: FixReader {
  public private(set) var base: GPSDJSONReader
  private var merger = TPVEpochMerger()
  private var ended = false
  /// The reports of one batch, kept to reuse their memory.
  private var reports: [Fix] = []

  public init(_ base: GPSDJSONReader) { self.base = base }

  public var format: FileFormat { base.format }
  public var metadata: TrackMetadata { base.metadata }
  public var statistics: GPSDStatistics { base.statistics }
  public var notes: [JSONMember] { base.notes }
  public var warnings: [String] { base.warnings }

  public mutating func next() throws(FormatError) -> Fix? {
    while !ended {
      guard let report = try base.next() else {
        ended = true
        break
      }
      if let fix = merger.add(report) { return fix }
    }
    return merger.flush()
  }

  /// The same fixes as `next()`, from the reports read a batch at a time: each report
  /// gives at most one fix, so a batch of the fixes still wanted never overfills.
  public mutating func read(into fixes: inout [Fix], upTo limit: Int) throws(FormatError) -> Bool {
    while fixes.count < limit {
      if ended {
        guard let fix = merger.flush() else { return false }
        fixes.append(fix)
        continue
      }
      var batch = reports
      reports = []
      batch.removeAll(keepingCapacity: true)
      var failure: FormatError?
      do {
        if try !base.read(into: &batch, upTo: limit - fixes.count) { ended = true }
      } catch {
        failure = error
      }
      // The reports before an error are merged first, as `next()` merges them.
      for report in batch {
        if let fix = merger.add(report) { fixes.append(fix) }
      }
      reports = batch
      if let failure { throw failure }
    }
    return true
  }
}
