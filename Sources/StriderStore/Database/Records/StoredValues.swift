import GRDB
import StriderCore

// The model's enums as the columns keep them: their raw values, checked by the schema
// (`Schema`, v4) and refused on reading when unknown, never replaced by a default.

extension Activity: DatabaseValueConvertible {}
extension SessionOrigin: DatabaseValueConvertible {}
extension FixMode: DatabaseValueConvertible {}
extension PositionProvider: DatabaseValueConvertible {}

/// A verdict as the `fix.verdict` column keeps it: "accepted" or the rejection reason
/// (NULL, an optional verdict, while the session is unfinished).
extension Verdict: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue {
    (reason?.rawValue ?? "accepted").databaseValue
  }

  public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Verdict? {
    guard let text = String.fromDatabaseValue(dbValue) else { return nil }
    if text == "accepted" { return .accepted }
    return RejectionReason(rawValue: text).map(Verdict.rejected)
  }
}

/// A time as the columns keep it: seconds since 1970, as a REAL.
extension GNSSTime: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { secondsSince1970.databaseValue }

  public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> GNSSTime? {
    Double.fromDatabaseValue(dbValue).map(GNSSTime.init(secondsSince1970:))
  }
}

/// A quantity as the columns keep it: its value in the type's SI unit, as a REAL.
extension DatabaseValueConvertible where Self: Quantity {
  public var databaseValue: DatabaseValue { value.databaseValue }

  public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Self? {
    Double.fromDatabaseValue(dbValue).map(Self.init)
  }
}

extension Meters: DatabaseValueConvertible {}
extension Seconds: DatabaseValueConvertible {}
extension MetersPerSecond: DatabaseValueConvertible {}
extension Degrees: DatabaseValueConvertible {}
extension Kilocalories: DatabaseValueConvertible {}
extension BeatsPerMinute: DatabaseValueConvertible {}
extension RevolutionsPerMinute: DatabaseValueConvertible {}
extension Watts: DatabaseValueConvertible {}
extension Celsius: DatabaseValueConvertible {}
