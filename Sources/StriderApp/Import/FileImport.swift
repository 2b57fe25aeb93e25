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
    var choice = try reader.activity(asked: asked)
    // The fixes read for the guess (up to 7 MB) go to the store first and are let go once
    // they have: what is reported of the choice does not need them.
    var held = choice.held
    choice.held = []
    let configuration = settings.sessionConfiguration(activity: choice.activity, raw: false)
    let name = (path as NSString).lastPathComponent
    var heldIndex = 0
    var breaks = splitGap.map { OutingBreaks(gap: $0) }
    let outcome = try store.importSession(
      reading: { () throws(FormatError) -> Fix? in
        let fix: Fix?
        if heldIndex < held.count {
          heldIndex += 1
          fix = held[heldIndex - 1]
          if heldIndex == held.count { (held, heldIndex) = ([], 0) }
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

extension FileImport {
  /// `sessions import` of `paths` in turn, each file's report written as it is done.
  /// A file that cannot be read is said through `warn` and the next is imported; a refused
  /// write of the output or of the store stops the whole (a `CommandFailure` naming the
  /// file for the store). `splitGapHours` 0 never splits.
  /// - Returns: how many files could not be read.
  public static func runAll(
    _ paths: [String], store: SessionStore, activity: Activity?, settings: UserSettings,
    warn: (String) -> Void, keepEmpty: Bool, keepsSameOuting: Bool, quiet: Bool,
    splitGapHours: Double
  ) throws -> Int {
    var failures = 0
    for path in paths {
      do {
        guard
          let (outcome, choice, outingStarts) = try run(
            path, store: store, activity: activity, settings: settings, warn: warn,
            keepEmpty: keepEmpty, keepsSameOuting: keepsSameOuting, quiet: quiet,
            splitGap: splitGapHours > 0 ? Seconds(splitGapHours * 3600) : nil)
        else { continue }
        try Output.standard(
          try report(
            path: path, outcome: outcome, choice: choice, outingStarts: outingStarts,
            gapHours: splitGapHours, store: store, warn: warn))
      } catch let error as OutputError {
        throw error
      } catch let error as StoreError {
        throw CommandFailure("\(TerminalText.safe(path)): not imported: " + why(error))
      } catch {
        failures += 1
        warn("strider: error: \(error)")
      }
    }
    return failures
  }
}

extension FileImport {
  /// What `sessions import` prints of a file's import: the session it became (split at its
  /// gaps where it holds more than one outing, which is done here), why its activity is what
  /// it is, its new records; or why it was not kept. Nothing for what `run` said already.
  public static func report(
    path: String, outcome: StreamedImportOutcome, choice: ActivityChoice,
    outingStarts: [GNSSTime], gapHours: Double, store: SessionStore, warn: (String) -> Void
  ) throws -> String {
    // Why the activity is what it is, in one short line, as `analyze` says it.
    var because = choice.importLine.map { "  \(TerminalText.safe($0))\n" } ?? ""
    switch outcome {
    case .imported(let record):
      if choice.isDefault {
        because +=
          "  left out of the personal records until you say what it was: `strider "
          + "sessions edit \(record.id) --activity ACTIVITY --include-in-records`\n"
      }
      let distance = record.summary.map {
        DisplayFormat.distance($0.distance, units: $0.units)
      }
      let units = record.summary?.units ?? .metric
      let parts = split(record.id, at: outingStarts, store: store, warn: warn)
      guard parts.count == 1 else {
        return try splitReport(
          path: path, record: record, parts: parts, gapHours: gapHours, because: because,
          store: store, units: units)
      }
      let records = HistoryText.newRecordLines(store, session: record.id, units: units)
      return "\(TerminalText.safe(path)): session \(record.id), \(record.activity.rawValue), "
        + "\(record.fixCount) fixes, \(distance ?? "-")\n" + because
        + records.map { "  \($0)\n" }.joined()
    case .alreadyImported(let id):
      return "\(TerminalText.safe(path)): already imported as session \(id)\n"
    case .nothingAccepted, .neverMoved:
      // Said on standard error by `run`, which returns nil for them.
      return ""
    case .sameOuting(let id):
      return "\(TerminalText.safe(path)): not imported: the same outing as session \(id) (it "
        + "began within a minute and ended within five of this file's fixes); "
        + "--keep-duplicate keeps it too\n"
    }
  }

  /// What an import split at its gaps says: how many sessions, why the activity, the
  /// sessions as `sessions list` shows them, and their new records.
  static func splitReport(
    path: String, record: FinishedSession, parts: [Int64], gapHours: Double, because: String,
    store: SessionStore, units: UnitSystem
  ) throws -> String {
    // Kept already: a listing that fails is an error of its own, not an import refused.
    let listings: [SessionListing]
    do {
      listings = try parts.map { part in try store.listing(part) }
    } catch {
      throw KeptButNotListed(error: error)
    }
    let table = SessionTable.text(listings, units: units).split(separator: "\n").map(String.init)
    let records = parts.flatMap { HistoryText.newRecordLines(store, session: $0, units: units) }
    return "\(TerminalText.safe(path)): \(parts.count) sessions, \(record.activity.rawValue), "
      + "\(record.fixCount) fixes split at gaps of more than "
      + "\(DisplayFormat.clock(Seconds(gapHours * 3600))) (--split-gap 0 keeps one)\n" + because
      + (table + records).map { "  \($0)\n" }.joined()
  }

  /// The sessions an import became: split where its outings begin (none: one), unless a
  /// multisport file's parts are measured within it. A split that fails leaves the import
  /// whole, and says so.
  static func split(
    _ id: Int64, at starts: [GNSSTime], store: SessionStore, warn: (String) -> Void
  ) -> [Int64] {
    guard !starts.isEmpty else { return [id] }
    do {
      guard try store.parts(of: id).isEmpty else { return [id] }
      return try store.split(id, at: starts)
    } catch {
      warn("strider: warning: session \(id) was kept whole, not split at its gaps: \(error)")
      return [id]
    }
  }

  /// Why an import was not kept, and what becomes of the part it wrote: an import is kept
  /// whole or not at all, and on a full disk even taking the part away needs room.
  public static func why(_ error: StoreError) -> String {
    guard case .diskFull(let database) = error else { return error.description }
    return "the disk holding \(database) is full; the part written is not listed, and the "
      + "next Strider command takes it away once there is room: free some and import again"
  }

  /// A session kept whose listing could not be read back: an error of its own, not an
  /// import refused.
  public struct KeptButNotListed: Error, CustomStringConvertible {
    public var error: any Error
    public var description: String { "\(error)" }
  }
}
