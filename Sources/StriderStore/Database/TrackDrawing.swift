import StriderCore

/// The display track made from a stored track a piece at a time, for a session whose track
/// is too long to hold (an import, a session measured again): each piece of
/// `displayPiece` points is reduced for drawing on its own and keeps its ends, so a long
/// track keeps a point or two more than reducing it whole would.
enum TrackDrawing {
  static let displayPiece = 100_000

  /// Reads the finished track's `count` points back a piece at a time (`read` hands out the
  /// points numbered in a range), gives each piece reduced for drawing to `write` with the
  /// number of its first drawn point, and searches the best efforts on the track's times
  /// and distances.
  static func drawFinished(
    count: Int, targets: [BestEffortTarget],
    read: (Range<Int>, (FinishedTrack.Point) -> Void) throws -> Void,
    write: ([TrackPoint], Int) throws -> Void
  ) throws -> [BestEffort] {
    var times: [Double] = []
    var distances: [Double] = []
    times.reserveCapacity(count)
    distances.reserveCapacity(count)
    var piece: [TrackPoint] = []
    piece.reserveCapacity(min(count, displayPiece))
    var drawn = 0
    var start = 0
    while start < count {
      let end = min(start + displayPiece, count)
      piece.removeAll(keepingCapacity: true)
      try read(start..<end) { point in
        times.append(point.time.secondsSince1970)
        distances.append(point.distance.value)
        piece.append(point.trackPoint)
      }
      let reduced = DisplayTrack.reduce(piece)
      try write(reduced, drawn)
      drawn += reduced.count
      start = end
    }
    return BestEfforts.of(times: consume times, distances: consume distances, targets: targets)
  }

  /// The display track of a session without a finished track, reduced from the live one:
  /// `read` gives the live track's points from a number on, at most `displayPiece`.
  static func drawLive(
    read: (Int) throws -> [TrackPoint], write: ([TrackPoint], Int) throws -> Void
  ) throws {
    var drawn = 0
    var start = 0
    while true {
      let piece = try read(start)
      if piece.isEmpty { return }
      let reduced = DisplayTrack.reduce(piece)
      try write(reduced, drawn)
      drawn += reduced.count
      start += displayPiece
    }
  }
}
