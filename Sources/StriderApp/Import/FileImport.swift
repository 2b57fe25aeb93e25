import Foundation
import StriderCore
import StriderFormats
import StriderRender
import StriderSources
import StriderStore

/// `sessions import` of one file, streamed: the fixes go from the reader through the engine
/// into the database in batches, so a file of any size is imported in the memory of its
/// finished track, and other Striders read and record while it runs. A file that does not
/// say its activity (and none was asked for) has it guessed from its first fixes, held
/// until the guess (as `analyze` does): the file is parsed once.
public enum FileImport {
  /// - Returns: what the store did and how the activity was decided, or nil when the file
  ///   held no fix with a position and was not kept (`keepEmpty` keeps it).
  ///   `outingStarts` are where its fixes resume after a gap longer than `splitGap` with an
  ///   outing on each side (`OutingBreaks`), found as they are read: where it is split.
  ///   `settings` (those in force) give the engine its configuration; `warn` says each
  ///   warning and note (a whole line) as it is found.
  public static func run(
    _ path: String, store: SessionStore, activity asked: Activity?,
    settings: UserSettings,
    warn: (String) -> Void, keepEmpty: Bool = false, keepsSameOuting: Bool = true,
    quiet: Bool = true, splitGap: Seconds? = nil
  ) throws -> (
    outcome: StreamedImportOutcome, choice: ActivityChoice, outingStarts: [GNSSTime]
  )? {
    let read = ReadProgress()
    let reader = PrefetchingFixReader(try FixFileReader.open(path: path, progress: read))
    let line = ProgressLine(
      "importing \((path as NSString).lastPathComponent)", .reading(read), quiet: quiet)
    defer { line.finish() }
    let choice = try reader.activity(asked: asked)
    let (activity, held) = (choice.activity, choice.held)
    let configuration = settings.sessionConfiguration(activity: activity, raw: false)
    let name = (path as NSString).lastPathComponent
    var heldIndex = 0
    var breaks = splitGap.map { OutingBreaks(gap: $0) }
    let outcome = try store.importSession(
      reading: { () throws(FormatError) -> Fix? in
        let fix: Fix?
        if heldIndex < held.count {
          heldIndex += 1
          fix = held[heldIndex - 1]
        } else {
          line.advance()
          fix = try reader.next()
        }
        if let fix { breaks?.add(fix) }
        return fix
      }, laps: { reader.recordedLaps }, name: name, configuration: configuration, source: path,
      keepsSameOuting: keepsSameOuting, keepsEmpty: keepEmpty)
    line.finish()
    if case .alreadyImported(let id) = outcome, let device = reader.deviceTotals {
      // Imported by a Strider that did not keep the device's figures (or not all, or did
      // not take its calories as the session's): kept now.
      try store.keepDeviceTotals(device, of: id)
    }
    if case .nothingAccepted(let fixCount) = outcome {
      // A receiver log that never got a fix: a 0 km session helps no one's history.
      if fixCount == 0 { warn(RecordedTrack.emptyWarning(path: path, format: reader.format)) }
      warn(
        "strider: warning: \(path): not imported: no fix with a position was accepted "
          + "(\(fixCount) records); --keep-empty imports it anyway")
      return nil
    }
    if case .neverMoved(let elapsed, let distance) = outcome {
      warn(
        "strider: warning: \(path): not imported: the receiver never moved (\(Int(distance.value.rounded())) m "
          + "in \(DisplayFormat.clock(elapsed))): a log left running, not an outing; "
          + "--keep-empty imports it anyway")
      return nil
    }
    if case .imported(let session) = outcome {
      if session.fixCount == 0 {
        warn(RecordedTrack.emptyWarning(path: path, format: reader.format))
      }
      if let device = reader.deviceTotals { try store.keepDeviceTotals(device, of: session.id) }
      // An activity taken by default is not known: a run record from a drive or a walk
      // would be a record of nothing (`sessions edit --activity` says what it was).
      if choice.isDefault { try store.leaveOutOfRecords(session.id) }
      if let legs = reader.deviceTotals?.legs, legs.count > 1 {
        // A triathlon measured as one activity: its efforts and length are no record. Its
        // parts are measured one by one, as `analyze` does, and kept with it.
        try store.markMultisport(session.id)
        let notKept = try keepParts(
          legs, path: path, id: session.id, store: store, settings: settings)
        let sports = legs.map { $0.sport ?? "?" }.joined(separator: ", ")
        warn(
          "strider: note: \(path) holds \(legs.count) parts (\(sports)), kept as one "
            + "\(session.activity.rawValue) with its parts measured one by one"
            + (notKept.map { " (not kept: \($0))" } ?? "")
            + " and left out of the personal records")
      }
      let untimed = session.summary.map(TimeWarnings.isUntimed) ?? false
      TimeWarnings.lines(TimeWarnings.messages(reader: reader, untimed: untimed), path: path)
        .forEach(warn)
    }
    if case .alreadyImported(let id) = outcome, let legs = reader.deviceTotals?.legs,
      legs.count > 1, try store.parts(of: id).isEmpty
    {
      // Imported by a Strider that did not keep a multisport file's parts: kept now.
      _ = try keepParts(legs, path: path, id: id, store: store, settings: settings)
    }
    if case .alreadyImported(let id) = outcome, let legs = reader.deviceTotals?.legs,
      legs.count > 1, try !store.isLeftOutOfRecords(id)
    {
      // Kept before multisport files were told apart (schema v7), it stood in the records
      // as one sport; the file read again says what it is. The legs are not kept per
      // session, so they cannot be counted leg by leg: the session leaves the records.
      try store.markMultisport(id)
      let sports = legs.map { $0.sport ?? "?" }.joined(separator: ", ")
      warn(
        "strider: note: \(path) holds \(legs.count) parts (\(sports)): session \(id), kept "
          + "before multisport files were told apart, is now left out of the personal records")
    }
    return (outcome, choice, breaks?.ends ?? [])
  }

  /// Measures each part of a multisport file with its own activity (the file read again,
  /// as `analyze` does) and keeps them with session `id`; nil when kept, else why not (a
  /// part without a start cannot be placed in time; a file changed since it was read).
  static func keepParts(
    _ legs: [DeviceLeg], path: String, id: Int64, store: SessionStore,
    settings: UserSettings
  ) throws -> String? {
    let activity = try store.listing(id).activity
    let reports: [LegReport]
    do {
      reports = try FileAnalysis.legs(of: path, legs) { leg in
        settings.sessionConfiguration(activity: leg.activity ?? activity, raw: false)
      }
    } catch {
      return "the file could not be read again: \(error.message)"
    }
    guard !reports.isEmpty else { return "a part has no start time" }
    try store.keepParts(reports.map(\.part), of: id)
    return nil
  }
}
