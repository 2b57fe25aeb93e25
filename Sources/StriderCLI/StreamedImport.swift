import Foundation
import StriderCore
import StriderFormats
import StriderStore

/// `sessions import` of one file, streamed: the fixes go from the reader through the engine
/// into the database in batches, so a file of any size is imported in the memory of its
/// finished track, and other Striders read and record while it runs. A file that does not
/// say its activity (and none was asked for) is read twice: once to guess it from the speed.
enum StreamedImport {
  static func run(
    _ path: String, store: SessionStore, options: SessionOptions, settings: UserSettings
  ) throws -> StreamedImportOutcome {
    var reader = PrefetchingFixReader(try FixFileReader.open(path: path))
    var activity = options.activity ?? reader.metadata.declaredActivity
    if activity == nil {
      var estimator = ActivityGuess.SpeedEstimator()
      while let fix = try reader.next() { estimator.add(fix) }
      activity = reader.metadata.declaredActivity ?? estimator.activity
      reader = PrefetchingFixReader(try FixFileReader.open(path: path))
    }
    let configuration = options.configuration(
      activity: activity ?? .run, raw: false, settings: settings)
    let name = (path as NSString).lastPathComponent
    let outcome = try store.importSession(
      reading: { () throws(FormatError) in try reader.next() }, name: name,
      configuration: configuration, source: path)
    if case .imported(let session) = outcome {
      if session.fixCount == 0 {
        printError(RecordedTrack.emptyWarning(path: path, format: reader.format))
      }
      let untimed = session.summary.map(TimeWarnings.isUntimed) ?? false
      TimeWarnings.print(TimeWarnings.messages(reader: reader, untimed: untimed), path: path)
    }
    return outcome
  }
}
