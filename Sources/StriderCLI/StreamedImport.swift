import Foundation
import StriderCore
import StriderFormats
import StriderStore

/// `sessions import` of one file, streamed: the fixes go from the reader through the engine
/// into the database in batches, so a file of any size is imported in the memory of its
/// finished track, and other Striders read and record while it runs. A file that does not
/// say its activity (and none was asked for) has it guessed from its first fixes, held
/// until the guess (as `analyze` does): the file is parsed once.
enum StreamedImport {
  /// - Returns: what the store did and how the activity was decided, or nil when the file
  ///   held no fix with a position and was not kept (`keepEmpty` keeps it).
  static func run(
    _ path: String, store: SessionStore, options: SessionOptions, settings: UserSettings,
    keepEmpty: Bool = false
  ) throws -> (outcome: StreamedImportOutcome, choice: ActivityChoice)? {
    let reader = PrefetchingFixReader(try FixFileReader.open(path: path))
    let choice = try reader.activity(asked: options.activity)
    let (activity, held) = (choice.activity, choice.held)
    let configuration = options.configuration(activity: activity, raw: false, settings: settings)
    let name = (path as NSString).lastPathComponent
    var heldIndex = 0
    let outcome = try store.importSession(
      reading: { () throws(FormatError) -> Fix? in
        if heldIndex < held.count {
          heldIndex += 1
          return held[heldIndex - 1]
        }
        return try reader.next()
      }, laps: { reader.recordedLaps }, name: name, configuration: configuration, source: path)
    if case .alreadyImported(let id) = outcome, let device = reader.deviceTotals,
      try store.deviceTotals(of: id) == nil
    {
      // Imported by a Strider that did not keep the device's figures: kept now.
      try store.keepDeviceTotals(device, of: id)
    }
    if case .imported(let session) = outcome {
      if session.fixCount == 0 {
        printError(RecordedTrack.emptyWarning(path: path, format: reader.format))
      }
      if !keepEmpty, (session.summary?.pointsAccepted ?? 0) == 0 {
        // A receiver log that never got a fix: a 0 km session helps no one's history.
        try store.delete(session.id)
        printError(
          "strider: warning: \(path): not imported: no fix with a position was accepted "
            + "(\(session.fixCount) records); --keep-empty imports it anyway")
        return nil
      }
      if let device = reader.deviceTotals { try store.keepDeviceTotals(device, of: session.id) }
      if let legs = reader.deviceTotals?.legs, legs.count > 1 {
        // A triathlon measured as one activity: its efforts and length are no record.
        try store.markMultisport(session.id)
        let sports = legs.map { $0.sport ?? "?" }.joined(separator: ", ")
        printError(
          "strider: note: \(path) holds \(legs.count) parts (\(sports)), kept as one "
            + "\(session.activity.rawValue) and left out of the personal records")
      }
      let untimed = session.summary.map(TimeWarnings.isUntimed) ?? false
      TimeWarnings.print(TimeWarnings.messages(reader: reader, untimed: untimed), path: path)
    }
    if case .alreadyImported(let id) = outcome, let legs = reader.deviceTotals?.legs,
      legs.count > 1, try !store.isLeftOutOfRecords(id)
    {
      // Kept before multisport files were told apart (schema v7), it stood in the records
      // as one sport; the file read again says what it is. The legs are not kept per
      // session, so they cannot be counted leg by leg: the session leaves the records.
      try store.markMultisport(id)
      let sports = legs.map { $0.sport ?? "?" }.joined(separator: ", ")
      printError(
        "strider: note: \(path) holds \(legs.count) parts (\(sports)): session \(id), kept "
          + "before multisport files were told apart, is now left out of the personal records")
    }
    return (outcome, choice)
  }
}
