/// A JSON object that keeps its keys in received order.
///
/// Lookup by key returns `nil` for a missing key and ``JSONValue/null`` for a key present with
/// `null`. Equality and hashing ignore key order, as JSON's object semantics do; iteration and
/// serialization keep it.
public struct JSONObject: Sendable, RandomAccessCollection {
    /// One key and its value.
    public struct Member: Sendable, Hashable {
        public var key: String
        public var value: JSONValue

        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// Where the members are: an array of them, or packed values under a shared shape.
    /// (``PackedValues`` is a `ManagedBuffer`, which Swift never calls `Sendable`; it is
    /// immutable once made.)
    private enum Storage: @unchecked Sendable {
        /// The members, with each key's position for objects of at least ``indexedCount``
        /// members so that lookups in large objects do not scan; `nil` for small objects.
        case members([Member], keyIndex: [String: Int]?)
        /// The values' compact bytes, the keys in the shape.
        case packed(PackedValues)
    }

    private var storage: Storage

    /// The member count from which lookups go through a key index.
    static let indexedCount = 32

    /// Creates an empty object.
    public init() {
        storage = .members([], keyIndex: nil)
    }

    /// Creates an object from members in order.
    ///
    /// Keys are expected to be unique; when one repeats, lookups see the first occurrence.
    /// ``JSONParser`` refuses duplicate keys before an object is built.
    public init(_ members: [Member]) {
        storage = .members(members, keyIndex: Self.makeKeyIndex(members))
    }

    /// Creates an object from members whose keys are known to be unique, reusing `keyIndex`
    /// (each key's position) when the caller already built it.
    init(uniqueMembers members: [Member], keyIndex: [String: Int]?) {
        storage = .members(members, keyIndex: members.count < Self.indexedCount ? nil : keyIndex ?? Self.makeKeyIndex(members))
    }

    init(packed: PackedValues) {
        storage = .packed(packed)
    }

    private static func makeKeyIndex(_ members: [Member]) -> [String: Int]? {
        guard members.count >= indexedCount else { return nil }
        var index = [String: Int](minimumCapacity: members.count)
        for (position, member) in members.enumerated() where index[member.key] == nil {
            index[member.key] = position
        }
        return index
    }

    /// The members in received order.
    public var members: [Member] {
        switch storage {
        case .members(let members, _): members
        case .packed(let packed): packed.members
        }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int {
        switch storage {
        case .members(let members, _): members.count
        case .packed(let packed): packed.count
        }
    }

    public subscript(position: Int) -> Member {
        switch storage {
        case .members(let members, _): members[position]
        case .packed(let packed): Member(key: packed.shape.keys[position], value: packed.value(at: position))
        }
    }

    /// The keys in received order.
    public var keys: [String] {
        switch storage {
        case .members(let members, _): members.map(\.key)
        case .packed(let packed): packed.shape.keys
        }
    }

    /// The value for `key`: `nil` when the key is missing, ``JSONValue/null`` when it is null.
    ///
    /// Setting a value replaces it in place, keeping the key's position; setting `nil` removes
    /// the key. Setting a value of a packed object unpacks it first.
    public subscript(key: String) -> JSONValue? {
        get {
            switch storage {
            case .members(let members, let keyIndex):
                return Self.position(of: key, in: members, keyIndex: keyIndex).map { members[$0].value }
            case .packed(let packed):
                return packed.shape.position(of: key).map(packed.value(at:))
            }
        }
        set {
            var (members, keyIndex) = takeMembers()
            defer { storage = .members(members, keyIndex: keyIndex) }
            let existing = Self.position(of: key, in: members, keyIndex: keyIndex)
            switch (existing, newValue) {
            case (let index?, let value?): members[index].value = value
            case (let index?, nil):
                members.remove(at: index)
                keyIndex = Self.makeKeyIndex(members)
            case (nil, let value?):
                members.append(Member(key: key, value: value))
                if keyIndex != nil {
                    keyIndex![key] = members.count - 1
                } else {
                    keyIndex = Self.makeKeyIndex(members)
                }
            case (nil, nil): break
            }
        }
    }

    /// The members and key index, leaving the storage empty so that they are the only
    /// reference and change in place; the caller puts them back.
    private mutating func takeMembers() -> ([Member], [String: Int]?) {
        let taken: ([Member], [String: Int]?)
        switch storage {
        case .members(let members, let keyIndex): taken = (members, keyIndex)
        case .packed(let packed):
            let members = packed.members
            taken = (members, Self.makeKeyIndex(members))
        }
        storage = .members([], keyIndex: nil)
        return taken
    }

    /// Whether the object has `key`, whatever its value (including `null`).
    public func containsKey(_ key: String) -> Bool {
        index(forKey: key) != nil
    }

    /// The position of `key`, or `nil` when it is missing.
    public func index(forKey key: String) -> Int? {
        switch storage {
        case .members(let members, let keyIndex): Self.position(of: key, in: members, keyIndex: keyIndex)
        case .packed(let packed): packed.shape.position(of: key)
        }
    }

    private static func position(of key: String, in members: [Member], keyIndex: [String: Int]?) -> Int? {
        if let keyIndex { return keyIndex[key] }
        return members.firstIndex { $0.key == key }
    }
}

extension JSONObject {
    /// This object packed under `shape`: its values written compactly into one buffer, its keys
    /// left to the shape, so that many objects with the same keys cost little more than their
    /// values' JSON bytes.
    ///
    /// A packed object reads, compares, hashes and serializes like any other; a value read is
    /// decoded from its bytes, and setting a value unpacks the object. Compact serialization
    /// copies the bytes.
    ///
    /// - Parameter shape: The keys the object must have, in order.
    /// - Returns: The packed object (this one when it is packed under a shape with the same keys),
    ///   or `nil` when the object's keys are not exactly `shape`'s
    ///   keys in `shape`'s order, or its values are too large (over 64 KiB of JSON) or too deeply
    ///   nested to pack.
    public func packed(in shape: JSONShape) -> JSONObject? {
        switch storage {
        case .packed(let packed):
            return packed.shape.hasKeys(of: shape) ? self : nil
        case .members(let members, _):
            guard members.count == shape.keys.count, zip(members, shape.keys).allSatisfy({ $0.key == $1 }),
                let packed = PackedValues.make(shape: shape, values: members.lazy.map(\.value))
            else { return nil }
            return JSONObject(packed: packed)
        }
    }

    /// Whether the object is packed (see ``packed(in:)``).
    public var isPacked: Bool {
        if case .packed = storage { return true }
        return false
    }

    /// The packed values, when the object is packed.
    var packedValues: PackedValues? {
        if case .packed(let packed) = storage { return packed }
        return nil
    }
}

extension JSONObject: Hashable {
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if let left = lhs.packedValues, let right = rhs.packedValues, left === right || left.hasSameBytes(as: right) {
            return true
        }
        return lhs.allSatisfy { rhs[$0.key] == $0.value }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        var combined = 0
        for member in self {
            var memberHasher = Hasher()
            memberHasher.combine(member)
            combined ^= memberHasher.finalize()
        }
        hasher.combine(combined)
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements.map { Member(key: $0.0, value: $0.1) })
    }
}
