import StriderCore

/// A finished session read back a row at a time, so that `sessions export` writes a session
/// of any length in the memory of a row: what a writer that streams asks of it
/// (`SessionWriter.canWrite(_:)`, `SessionWriter.write(_:to:)`).
///
/// Each part is read from the store when first asked for and kept. A read that fails is
/// kept too (`failed`): the calls after it give nothing, and the command reports the
/// failure and writes nothing, or abandons what it began.
public protocol SessionRows: AnyObject {
  /// The session without its points, the privacy zone applied to its summary.
  var record: SessionRecord { get }
  /// What a track format holds.
  var points: ExportPoints { get }
  /// Whether positions near the session's ends are left out (`--privacy-radius`).
  var hidesEnds: Bool { get }
  /// When the session began: the summary's start, else the first fix's time.
  var startTime: GNSSTime? { get }
  /// The latest time of any fix.
  var endTime: GNSSTime? { get }
  /// Whether a read has failed.
  var failed: Bool { get }

  /// Calls `body` with each point `points` chooses, in order, as a GPX or TCX export
  /// writes it (the verdict only for raw fixes).
  func forEachPoint(_ body: (Fix, Verdict?) -> Void)
  /// Calls `body` with each fix as it arrived, with its verdict, in order.
  func forEachFix(_ body: (JudgedFix) -> Void)
  /// `forEachFix` of the fixes that carry a sensor's value (heart rate, cadence, power or
  /// temperature) only.
  func forEachFixWithSensors(_ body: (JudgedFix) -> Void)
  /// Calls `body` with each point of the finished track, in order.
  func forEachFinishedPoint(_ body: (FinishedTrack.Point) -> Void)
  /// The finished track's distance by time (empty without one, or where the zone hides it).
  func odometer() -> FinishedTrack.Odometer
  /// Each lap's heart rate and cadence (one lap without pressed laps).
  func lapSensors() -> [SensorFigures]
  /// The session's events, in order.
  func events() -> [SessionEvent]
  /// What the JSON export says before its track (`SessionExport.jsonHead`).
  func jsonHead() -> [JSONMember]
}

extension SessionRows {
  public func forEachFixWithSensors(_ body: (JudgedFix) -> Void) {
    forEachFix { judged in
      let f = judged.fix
      if f.heartRate != nil || f.cadence != nil || f.power != nil || f.temperature != nil {
        body(judged)
      }
    }
  }
}

extension SessionWriter {
  public static var writesBytes: Bool { false }
  public static var holdsSessionDetails: Bool { false }

  /// Whether this format is written from `rows` (reading first what it needs, so that a
  /// failure to read it is told before anything is written). Not, by default: the command
  /// then reads the whole record and calls `write(_:points:to:)`.
  public static func canWrite(_ rows: some SessionRows) -> Bool { false }

  /// Writes the session from `rows`, byte for byte what `write(_:points:to:)` writes from
  /// the whole record. Called only where `canWrite(_:)` said yes.
  public static func write(_ rows: some SessionRows, to stream: inout some ExportStream) {
    preconditionFailure("\(format) is not written from rows: canWrite said no")
  }
}
