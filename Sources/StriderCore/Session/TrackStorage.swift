/// Where a long session's accepted fixes are kept for its finishing pass: 48 bytes a fix,
/// half a gigabyte for ten million. The core keeps them in memory; an edge that can
/// (`StriderConcurrency.ScratchFile`) hands in room whose pages may leave memory once the
/// passes over the track have gone by, so that a track of any length is finished in
/// bounded memory.
///
/// Nothing the core computes depends on where the room is: a released page comes back as
/// it was when it is read again. Only the memory held, and the time, differ.
public protocol TrackStorage: Sendable {
  /// Room for `byteCount` bytes (a whole number of pages), aligned to a page, at an address
  /// that stays until `free`; nil where there is none to give, and the chunk is then kept
  /// in memory.
  func room(byteCount: Int) -> UnsafeMutableRawPointer?

  /// Nothing reads the `byteCount` bytes from `start` for a while: their pages may leave
  /// memory. What they hold stays, and comes back when it is read or written again.
  func release(_ start: UnsafeMutableRawPointer, byteCount: Int)

  /// The room from `room` is no longer needed.
  func free(_ start: UnsafeMutableRawPointer, byteCount: Int)
}
