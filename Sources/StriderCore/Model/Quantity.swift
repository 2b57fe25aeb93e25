/// A physical quantity stored as a `Double` in one fixed SI unit.
///
/// Units live in the type, so a distance can never be added to a duration by mistake;
/// arithmetic that changes the unit (metres over seconds) is spelled out as operators.
public protocol Quantity: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  /// The magnitude in the type's unit.
  var value: Double { get }
  init(_ value: Double)
}

extension Quantity {
  public static var zero: Self { Self(0) }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.value < rhs.value }
  public static func + (lhs: Self, rhs: Self) -> Self { Self(lhs.value + rhs.value) }
  public static func - (lhs: Self, rhs: Self) -> Self { Self(lhs.value - rhs.value) }
  public static func += (lhs: inout Self, rhs: Self) { lhs = lhs + rhs }
  public static func -= (lhs: inout Self, rhs: Self) { lhs = lhs - rhs }
  public static func * (lhs: Self, rhs: Double) -> Self { Self(lhs.value * rhs) }
  public static func * (lhs: Double, rhs: Self) -> Self { Self(lhs * rhs.value) }
  public static func / (lhs: Self, rhs: Double) -> Self { Self(lhs.value / rhs) }
  /// The ratio of two quantities of the same unit.
  public static func / (lhs: Self, rhs: Self) -> Double { lhs.value / rhs.value }
  public static prefix func - (operand: Self) -> Self { Self(-operand.value) }

  /// Whether the value is a usable finite number.
  public var isFinite: Bool { value.isFinite }

  public init(from decoder: any Decoder) throws {
    self.init(try decoder.singleValueContainer().decode(Double.self))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(value)
  }
}

/// A length in metres.
public struct Meters: Quantity {
  public var value: Double
  public init(_ value: Double) { self.value = value }
  public var description: String { "\(value) m" }
  public var kilometres: Double { value / 1000 }
}

/// A duration in seconds.
public struct Seconds: Quantity {
  public var value: Double
  public init(_ value: Double) { self.value = value }
  public var description: String { "\(value) s" }
}

/// A speed in metres per second.
public struct MetersPerSecond: Quantity {
  public var value: Double
  public init(_ value: Double) { self.value = value }
  public var description: String { "\(value) m/s" }
}

/// An angle in degrees (course over ground, bearings).
public struct Degrees: Quantity {
  public var value: Double
  public init(_ value: Double) { self.value = value }
  public var description: String { "\(value)°" }
}

/// A mass in kilograms (the user's weight, for calories).
public struct Kilograms: Quantity {
  public var value: Double
  public init(_ value: Double) { self.value = value }
  public var description: String { "\(value) kg" }
}

/// Energy in kilocalories, the unit sports apps report.
public struct Kilocalories: Quantity {
  public var value: Double
  public init(_ value: Double) { self.value = value }
  public var description: String { "\(value) kcal" }
}

extension Meters {
  public static func / (lhs: Meters, rhs: Seconds) -> MetersPerSecond {
    MetersPerSecond(lhs.value / rhs.value)
  }
}

extension MetersPerSecond {
  public static func * (lhs: MetersPerSecond, rhs: Seconds) -> Meters {
    Meters(lhs.value * rhs.value)
  }
}

/// A heart rate in beats per minute.
public struct BeatsPerMinute: Quantity {
  public var value: Double
  public init(_ value: Double) { self.value = value }
  public var description: String { "\(value) bpm" }
}

/// A cadence in revolutions (or strides) per minute, as devices report it.
public struct RevolutionsPerMinute: Quantity {
  public var value: Double
  public init(_ value: Double) { self.value = value }
  public var description: String { "\(value) rpm" }
}

/// Power in watts, as a power meter (pedals, crank, a running pod) reports it.
public struct Watts: Quantity {
  public var value: Double
  public init(_ value: Double) { self.value = value }
  public var description: String { "\(value) W" }
}

/// A temperature in degrees Celsius, as a device's thermometer reports it.
public struct Celsius: Quantity {
  public var value: Double
  public init(_ value: Double) { self.value = value }
  public var description: String { "\(value) °C" }
}
