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
}
