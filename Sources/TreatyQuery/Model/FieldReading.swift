public import TreatyJSON

/// How a field's stored value reads before a condition or an order key tests it, when a dialect
/// reads it its own way: a backend that compares dates as the text it stores them as, say.
///
/// A path chooses a reading with ``PathModifier/read(_:)``; the compiler checks
/// ``applies(to:)`` and compares the path as ``resultKind``, converting literals to that kind.
/// A date macro on the left of a condition (``FieldPath/Root/macro(_:)``) can carry a reading
/// too, and a date macro operand is read through the condition's path reading when it has one:
/// it is then handed to ``read(_:of:)`` as epoch milliseconds (a number) of kind
/// ``FieldKind/date``. Without a reading a field reads as stored, and a date macro reads as a
/// date (or as RFC 3339 text when compared with text).
///
/// Conforming types must guarantee that:
/// - ``read(_:of:)`` is pure and cheap: the same value and kind always give the same result, and
///   it neither blocks nor throws — the evaluator calls it for every record it tests;
/// - ``read(_:of:)`` returns a value of ``resultKind`` (JSON text for ``FieldKind/string``), or
///   `nil` for null, for every kind ``applies(to:)`` accepts;
/// - ``name`` identifies the reading: two readings with the same name read the same way (it is
///   how paths compare and print, `published:date_text`).
public protocol FieldReading: Sendable {
    /// The reading's name, as a path prints it after `:`; equal names mean equal readings.
    var name: String { get }

    /// The kind of the value the reading produces, which the condition compares as.
    var resultKind: FieldKind { get }

    /// Whether a field of `kind` can be read this way.
    ///
    /// - Parameter kind: The field's declared kind.
    /// - Returns: `true` when ``read(_:of:)`` accepts values of that kind.
    func applies(to kind: FieldKind) -> Bool

    /// The value a stored value reads as.
    ///
    /// - Parameters:
    ///   - value: The stored value; `nil` when the key is missing or null.
    ///   - kind: The field's declared kind.
    /// - Returns: A value of ``resultKind``, or `nil` for null.
    func read(_ value: JSONValue?, of kind: FieldKind) -> JSONValue?
}
