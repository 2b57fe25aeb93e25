import StriderConcurrency
import StriderCore
import StriderFormats

/// A replay read a batch at a time, a file's or a stored session's, as its source: at full
/// speed where it pays, the gate judges on a thread of its own (`JudgedFeed`) and the
/// engine's relearns are worked out ahead of it on another (`RelearnsAhead`); else the
/// batches are paced on the clock. One way to set a streamed replay up, whatever it reads.
public final class StreamedReplay<Failure: Error> {
  /// The source to run (`HeadlessLoop`); its `failure` is the reading's error, if any.
  public var source: StreamedReplaySource<SystemClock, Failure>
  /// The relearns worked out ahead, for the session's runner; nil when paced.
  public let relearnsAhead: RelearnsAhead?
  private let feed: JudgedFeed<Failure>?

  /// - Parameters:
  ///   - held: fixes read before (to guess the activity), replayed first.
  ///   - threads: judge and relearn on threads of their own (a replay at full speed of an
  ///     input big enough to pay for them); else paced at `speed`.
  ///   - nextBatch: the next fixes after `held`, nil after the last; with `threads`,
  ///     called on the judging thread only.
  ///   - afterHeld: told when the held fixes have been judged (the reader may stop reading
  ///     ahead); with `threads` only.
  public init(
    name: String, speed: ReplaySpeed, configuration: SessionConfiguration, held: [Fix],
    threads: Bool, afterHeld: @escaping () -> Void = {},
    nextBatch: @escaping () throws(Failure) -> ArraySlice<Fix>?
  ) {
    guard threads else {
      var held = held
      source = StreamedReplaySource(name: name, speed: speed, clock: SystemClock()) {
        () throws(Failure) -> ArraySlice<Fix>? in
        if !held.isEmpty {
          defer { held = [] }
          return held[...]
        }
        return try nextBatch()
      }
      relearnsAhead = nil
      feed = nil
      return
    }
    let ahead = RelearnsAhead(configuration: configuration)
    let feed = JudgedFeed(
      held: held, stage: GateStage(configuration: configuration), relearnsAhead: ahead,
      afterHeld: afterHeld, nextBatch: nextBatch)
    source = StreamedReplaySource(
      name: name, clock: SystemClock(),
      nextJudged: { () throws(Failure) -> JudgedBatch? in try feed.next() },
      gate: { feed.gate })
    relearnsAhead = ahead
    self.feed = feed
  }

  private var stopped = false

  /// Stops the threads, which let go of the reader: call once the replay has ended (or
  /// stopped partway), before the reader is read again. Safe to call more than once.
  public func stop() {
    guard !stopped else { return }
    stopped = true
    feed?.stop()
    relearnsAhead?.stop()
  }
}

extension StreamedReplay where Failure == FormatError {
  /// A file's replay, read by `reader` after `held`; with `threads`, the reader reads on
  /// while the held fixes are judged (`JudgedFeed.init(reader:held:stage:onThread:)`).
  public convenience init(
    name: String, speed: ReplaySpeed, configuration: SessionConfiguration, held: [Fix],
    threads: Bool, reader: PrefetchingFixReader
  ) {
    if threads {
      reader.readAhead(fixes: min(held.count, JudgedFeed<FormatError>.readAheadWhileHeld))
    }
    self.init(
      name: name, speed: speed, configuration: configuration, held: held, threads: threads,
      afterHeld: { reader.readAhead(fixes: 0) }
    ) { () throws(FormatError) in try reader.nextBatch() }
  }
}
