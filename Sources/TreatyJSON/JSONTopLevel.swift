/// What ``JSONParser/parse(_:eachTopLevelElement:)`` found at a document's top level.
///
/// A top-level array is streamed and only counted; any other value is returned whole.
public enum JSONTopLevel: Sendable, Hashable {
    /// The top level was an array of `count` elements, each already handed to the callback.
    case array(count: Int)
    /// The top level was this value, which is not an array; the callback was not called.
    case value(JSONValue)
}
