/// A ``FieldReading`` as a path carries it: compared and hashed by its name.
///
/// A dialect exposes its readings as static members, so paths read
/// `FieldPath(["published"], modifier: .read(.myBackendDateText))`.
public struct FieldRead: Sendable, Hashable, CustomStringConvertible {
    /// The reading.
    public let reading: any FieldReading

    /// Wraps a reading.
    ///
    /// - Parameter reading: The reading.
    public init(_ reading: some FieldReading) {
        self.reading = reading
    }

    /// The reading's name.
    public var description: String { reading.name }

    public static func == (lhs: FieldRead, rhs: FieldRead) -> Bool {
        lhs.reading.name == rhs.reading.name
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(reading.name)
    }
}
