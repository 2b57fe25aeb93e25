import Foundation
import StriderCore
import StriderFormats
import StriderSimulator

/// Scores corpus cases: generates each case, writes its fixes in every `CorpusFormat` to a
/// file, reads each file back through `FixFileReader` and runs it through the engine as
/// `analyze` does (`AccuracyEngine`), with the case's activity as `--activity` gives it.
public struct CorpusScorer {
  /// Where the files are written while a case is scored; removed by `close()`.
  public let directory: URL
  /// Whether the files stay after scoring (to look at a case with `strider analyze`).
  public let keepsFiles: Bool

  /// A scorer with its own folder under the system's temporary directory, or one that
  /// writes into `keeping` and leaves every file there.
  public init(keeping: URL? = nil) throws {
    directory =
      keeping
      ?? FileManager.default.temporaryDirectory.appendingPathComponent(
        "strider-accuracy-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
    keepsFiles = keeping != nil
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  /// Removes the scorer's folder, unless it keeps its files.
  public func close() {
    if !keepsFiles { try? FileManager.default.removeItem(at: directory) }
  }

  /// The figures of one case in each of `formats`.
  public func score(_ corpusCase: CorpusCase, formats: [CorpusFormat] = CorpusFormat.allCases)
    throws -> CaseResult
  {
    let session = CorpusSession(corpusCase)
    var figures: [CaseResult.FormatFigures] = []
    for format in formats {
      let file = directory.appendingPathComponent(
        "case-\(corpusCase.seed).\(format.fileExtension)")
      let text = format.text(
        for: session.fixes, activity: corpusCase.activity, name: corpusCase.name)
      try Data(text.utf8).write(to: file)
      defer { if !keepsFiles { try? FileManager.default.removeItem(at: file) } }
      let result = try AccuracyEngine.analyze(
        path: file.path, activity: corpusCase.activity, keepsTrack: true)
      var pauses = (announced: 0, notKept: 0, notAnnounced: 0)
      if let finishing = result.summary.finishing {
        let live = finishing.livePauses(against: result.summary.pauses)
        pauses.announced = live.count
        pauses.notKept = live.filter { $0.droppedBecause != nil }.count
        let kept = result.summary.pauses
        pauses.notAnnounced = kept.filter { !finishing.wasAnnouncedLive($0) }.count
      }
      figures.append(
        CaseResult.FormatFigures(
          format: format, distance: result.summary.distance, moving: result.summary.moving,
          rejected: result.summary.rejected.filter { $0.value > 0 },
          liveDistance: result.summary.finishing?.liveDistance,
          inStopDistance: Self.distance(of: result.track, inside: session.truthStops),
          uncertainty: result.summary.distanceUncertainty,
          splits: result.summary.splits.filter { !$0.isPartial }.map(\.duration),
          toldSplits: (result.summary.finishing?.liveSplits ?? result.summary.splits)
            .filter { !$0.isPartial }.map(\.duration)))
      figures[figures.count - 1].announcedPauses = pauses.announced
      figures[figures.count - 1].announcedNotKept = pauses.notKept
      figures[figures.count - 1].keptNotAnnounced = pauses.notAnnounced
    }
    if keepsFiles { try writeTruth(of: corpusCase) }
    return CaseResult(
      corpusCase: corpusCase, truthDistance: session.truthDistance,
      truthMoving: session.truthMoving,
      rawDistance: Geodesy.length(of: session.fixes.compactMap(\.coordinate)),
      fixCount: session.fixes.count, formats: figures, truthElapsed: session.truthElapsed,
      truthSplits: session.truthSplits)
  }

  /// What the finished track's distance grows by inside the stops: its odometer
  /// (`FinishedTrack.distance(at:)`, linear between points) at each stop's end less at its
  /// start, summed. Nil for an empty track (nothing kept).
  static func distance(of track: FinishedTrack, inside stops: [CorpusSession.Stop]) -> Meters? {
    guard !track.isEmpty else { return nil }
    return Meters(
      stops.reduce(0) {
        $0 + track.distance(at: $1.end).value - track.distance(at: $1.start).value
      })
  }

  /// The truth beside a kept case's files, as `case-N.truth.csv`: one row a second, with
  /// the distance travelled and whether the device recorded that second.
  private func writeTruth(of corpusCase: CorpusCase) throws {
    var text = "time_s,lat,lon,distance_m,speed_m_s,recorded\n"
    let path = CorpusSession.truthPath(of: corpusCase)
    let start = path.first?.time
    for point in path {
      let t = start.map { (point.time - $0).value } ?? 0
      text +=
        "\(t),\(point.coordinate.latitude),\(point.coordinate.longitude),"
        + "\(point.distance.value),\(point.speed.value),\(point.isRecorded ? 1 : 0)\n"
    }
    try Data(text.utf8).write(
      to: directory.appendingPathComponent("case-\(corpusCase.seed).truth.csv"))
  }
}
