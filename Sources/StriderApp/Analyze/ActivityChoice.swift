import StriderCore
import StriderFormats

extension PrefetchingFixReader {
  /// The activity asked for, else the one the file declares, else guessed from the speed
  /// of its first `ActivityChoice.guessingPrefix` fixes; with the fixes read to decide, which the
  /// caller feeds first. `analyze`, `replay FILE --headless` and `sessions import` decide
  /// it alike.
  public func activity(asked: Activity?) throws(FormatError) -> ActivityChoice {
    if let asked { return ActivityChoice(activity: asked, source: .asked, reason: "--activity") }
    var held: [Fix] = []
    // The first fix is read before the declaration is looked at: a GPX <type> or a FIT
    // session's sport is known only once the reader has gone that far.
    var next = try self.next()
    if let declared = metadata.declaredActivity {
      return ActivityChoice(
        activity: declared, source: .declared, reason: declaration(of: declared),
        held: next.map { [$0] } ?? [])
    }
    var estimator = MovementEstimator()
    while let fix = next {
      estimator.add(fix)
      held.append(fix)
      if held.count >= ActivityChoice.guessingPrefix { break }
      next = try self.next()
    }
    if let declared = metadata.declaredActivity {
      return ActivityChoice(
        activity: declared, source: .declared, reason: declaration(of: declared), held: held)
    }
    let guess = estimator.guess
    return ActivityChoice(
      activity: guess.activity, source: .guessed, reason: guess.reason,
      evidence: guess.statistics, held: held, briefReason: guess.shortReason)
  }

  /// "the file says \"Running\"", or "the file's sport" when it says it as a code (FIT).
  private func declaration(of activity: Activity) -> String {
    if let text = metadata.typeText { return "the file says \"\(text)\"" }
    return "the file's sport: \(activity.rawValue)"
  }
}

/// The activity a file is measured as, how it was decided and why: `analyze` prints it.
public struct ActivityChoice: Sendable {
  /// Fixes read to guess an undeclared activity before the engine starts: 14 hours at 1 Hz
  /// (7 MB held), more than nearly any activity, so the guess is the whole file's.
  public static let guessingPrefix = 50_000

  public enum Source: String, Sendable {
    /// `--activity` (or the config file's profile.activity where a command has no file).
    case asked
    /// The file names it (GPX `<type>`, TCX `Sport`, FIT `sport`).
    case declared
    /// Guessed from how the track moves (`ActivityGuess`).
    case guessed
  }

  public var activity: Activity
  public var source: Source
  /// One line for people: what the file said, or the figures the guess rests on.
  public var reason: String
  /// The figures a guess rests on; nil when none was made or the track moved too little.
  public var evidence: MovementStatistics?
  /// The fixes read to decide, which the caller feeds to its engine first.
  public var held: [Fix] = []
  /// A guess's reason in a few words (`ActivityGuess.Guess.shortReason`), for a list of
  /// files; nil where `reason` is short already.
  public var briefReason: String?

  /// Guessed without anything to go on: the activity is the default, not what the track
  /// showed (`ActivityGuess`: too little timed movement).
  public var isDefault: Bool { source == .guessed && evidence == nil }

  /// One short line for `sessions import`: "activity guessed: moving median ...", or
  /// "activity from the file's sport: ride"; nil when `--activity` said it.
  public var importLine: String? {
    switch source {
    case .asked: nil
    case .declared: "activity from " + reason
    case .guessed: "activity guessed: " + (briefReason ?? reason)
    }
  }
}
