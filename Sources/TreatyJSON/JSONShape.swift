/// The keys, in order, that a family of objects shares — a resource's declared keys — so that
/// each object of the family can hold only its values (see ``JSONObject/packed(in:)``).
///
/// One shape is made per family and shared by reference: a packed object costs its values'
/// bytes and one offset per key, never a copy of the keys.
public final class JSONShape: Sendable {
    /// The keys in order; unique.
    public let keys: [String]
    /// Each key's position.
    let positions: [String: Int]
    /// Each key written as `"key":`, what compact output puts before the value.
    let keyPrefixes: [[UInt8]]

    /// Creates a shape, or returns `nil` when `keys` repeats a key.
    public init?(keys: [String]) {
        var positions = [String: Int](minimumCapacity: keys.count)
        for (position, key) in keys.enumerated() {
            guard positions.updateValue(position, forKey: key) == nil else { return nil }
        }
        self.keys = keys
        self.positions = positions
        keyPrefixes = keys.map { key in
            var writer = JSONWriter(options: JSONWriteOptions())
            writer.writeString(key)
            writer.output.append(UInt8(ascii: ":"))
            return writer.output
        }
    }

    /// Whether `other` has the same keys in the same order (it is this shape, or one made
    /// from the same keys).
    func hasKeys(of other: JSONShape) -> Bool {
        self === other || keys == other.keys
    }

    /// The position of `key`, or `nil` when the shape does not have it: a scan for shapes of
    /// fewer than ``JSONObject/indexedCount`` keys (comparing short keys beats hashing), as
    /// for unpacked objects, else a lookup.
    @inline(__always)
    func position(of key: String) -> Int? {
        keys.count < JSONObject.indexedCount ? keys.firstIndex(of: key) : positions[key]
    }
}
