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

    /// The members in received order.
    public private(set) var members: [Member]

    /// Each key's position, kept for objects with at least ``indexedCount`` members so that
    /// lookups in large objects do not scan; `nil` for small objects.
    private var keyIndex: [String: Int]?

    /// The member count from which lookups go through `keyIndex`.
    static let indexedCount = 32

    /// Creates an empty object.
    public init() {
        members = []
        keyIndex = nil
    }

    /// Creates an object from members in order.
    ///
    /// Keys are expected to be unique; when one repeats, lookups see the first occurrence.
    /// ``JSONParser`` refuses duplicate keys before an object is built.
    public init(_ members: [Member]) {
        self.members = members
        keyIndex = Self.makeKeyIndex(members)
    }

    /// Creates an object from members whose keys are known to be unique, reusing `keyIndex`
    /// (each key's position) when the caller already built it.
    init(uniqueMembers members: [Member], keyIndex: [String: Int]?) {
        self.members = members
        self.keyIndex = members.count < Self.indexedCount ? nil : keyIndex ?? Self.makeKeyIndex(members)
    }

    private static func makeKeyIndex(_ members: [Member]) -> [String: Int]? {
        guard members.count >= indexedCount else { return nil }
        var index = [String: Int](minimumCapacity: members.count)
        for (position, member) in members.enumerated() where index[member.key] == nil {
            index[member.key] = position
        }
        return index
    }

    public var startIndex: Int { members.startIndex }
    public var endIndex: Int { members.endIndex }
    public subscript(position: Int) -> Member { members[position] }

    /// The keys in received order.
    public var keys: [String] { members.map(\.key) }

    /// The value for `key`: `nil` when the key is missing, ``JSONValue/null`` when it is null.
    ///
    /// Setting a value replaces it in place, keeping the key's position; setting `nil` removes
    /// the key.
    public subscript(key: String) -> JSONValue? {
        get {
            guard let index = index(forKey: key) else { return nil }
            return members[index].value
        }
        set {
            let existing = index(forKey: key)
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

    /// Whether the object has `key`, whatever its value (including `null`).
    public func containsKey(_ key: String) -> Bool {
        index(forKey: key) != nil
    }

    /// The position of `key`, or `nil` when it is missing.
    public func index(forKey key: String) -> Int? {
        if let keyIndex { return keyIndex[key] }
        return members.firstIndex { $0.key == key }
    }
}

extension JSONObject: Hashable {
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return lhs.members.allSatisfy { rhs[$0.key] == $0.value }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        var combined = 0
        for member in members {
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
