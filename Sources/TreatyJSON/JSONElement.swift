/// One element of a top-level array, as ``JSONParser/parse(_:eachTopLevelElement:)`` hands it out.
///
/// The parser does not keep elements after handing them out; keep what you need.
public struct JSONElement: Sendable {
    /// The element's 0-based index in the top-level array.
    public let index: Int
    /// The element's value.
    public let value: JSONValue
    /// The position of the element's first byte.
    public let position: JSONSourcePosition

    /// Creates an element.
    ///
    /// - Parameters:
    ///   - index: The 0-based index in the top-level array.
    ///   - value: The element's value.
    ///   - position: The position of the element's first byte.
    public init(index: Int, value: JSONValue, position: JSONSourcePosition) {
        self.index = index
        self.value = value
        self.position = position
    }
}
