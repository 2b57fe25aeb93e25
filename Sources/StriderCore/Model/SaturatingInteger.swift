extension FixedWidthInteger {
  /// `value` rounded toward zero, held to the type's range: NaN is 0, and anything beyond
  /// the range is the nearest end of it.
  ///
  /// `Int(_:)` traps on NaN, on infinities and on anything out of range, and every number a
  /// file or a receiver gives can be any of those (an `<ele>` of 1e19, an `alt` of 1e300): a
  /// figure shown to people is better saturated than the process killed by SIGILL.
  @inlinable
  public init(saturating value: Double) {
    if value.isNaN {
      self = 0
    } else if value >= Double(Self.max) {
      // Double(Int64.max) rounds up to 2^63, itself out of range: `>=` keeps it out.
      self = .max
    } else if value <= Double(Self.min) {
      self = .min
    } else {
      self.init(value)
    }
  }
}
