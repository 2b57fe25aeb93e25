import StriderCore
import StriderFormats
import StriderStore

/// How an export's choice of points reads the store, and what a point read back becomes.
extension ExportPoints {
  public var stored: StoredPoints {
    switch self {
    case .raw: .fixes
    case .accepted: .acceptedFixes
    case .track: .finishedTrack
    case .display: .displayTrack
    }
  }

  /// The fix a GPX or TCX export writes for a point, with the verdict only for raw fixes
  /// (an unjudged one counts as accepted), as `SessionExport` selects from a whole record.
  public func exported(_ point: StoredPoint) -> (fix: Fix, verdict: Verdict?) {
    switch point {
    case .fix(let fix, let verdict): (fix, self == .raw ? verdict ?? .accepted : nil)
    case .track(let point): (SessionExport.fix(point), nil)
    }
  }
}
