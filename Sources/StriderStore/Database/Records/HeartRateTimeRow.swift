import GRDB

/// The seconds a session spent at one heart rate (whole bpm), as the `heartRateTime` table
/// keeps it: one row per session and rate held (`HeartRateTime`).
struct HeartRateTimeRow: Codable, FetchableRecord, PersistableRecord, Equatable {
  static let databaseTableName = "heartRateTime"

  var sessionId: Int64
  var bpm: Int
  var seconds: Double
  /// The session's seconds at all lower rates: the time below any boundary is then one
  /// index lookup per session (`PeriodTotals`), not a sum over every rate.
  var below: Double

  enum Columns {
    static let sessionId = Column(CodingKeys.sessionId)
    static let bpm = Column(CodingKeys.bpm)
    static let seconds = Column(CodingKeys.seconds)
    static let below = Column(CodingKeys.below)
  }
}
