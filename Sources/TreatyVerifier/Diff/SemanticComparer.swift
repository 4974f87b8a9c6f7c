internal import Foundation
public import TreatyCore
public import TreatyJSON
internal import TreatySecrets

/// Compares two answers to the same request by meaning, not bytes: key sets, `null` versus
/// missing, JSON types, string and number formats, the identities and order of listed records,
/// and — for values that are not volatile — the values themselves.
///
/// Volatile values (timestamps, versions, tombstones and server-minted ids the contract
/// declares, and secret or token keys) are compared by shape only, without the user listing
/// them.
public struct SemanticComparer: Sendable {
    /// Keys whose values are compared by shape only.
    public var volatileKeys: Set<String>
    /// Keys that identify a record in a list.
    public var identityKeys: Set<String>

    /// Creates a comparer with explicit keys.
    ///
    /// - Parameters:
    ///   - volatileKeys: Keys compared by shape only.
    ///   - identityKeys: Keys that identify listed records.
    public init(volatileKeys: Set<String>, identityKeys: Set<String>) {
        self.volatileKeys = volatileKeys
        self.identityKeys = identityKeys
    }

    /// A comparer whose volatile keys come from `contract`: every resource's sync metadata keys
    /// (created, updated, version, tombstone) and the identity key of resources whose ids the
    /// server mints.
    ///
    /// - Parameter contract: The contract (for a dialect that derives its resources, the
    ///   backend's store contract).
    public init(contract: Contract) {
        var volatile: Set<String> = []
        var identities: Set<String> = []
        for resource in contract.resources {
            let sync = resource.sync
            for key in [sync.createdAt, sync.updatedAt, sync.version, sync.tombstone].compactMap({ $0 }) {
                volatile.insert(key)
            }
            identities.insert(resource.identity.key)
            if resource.create != .client { volatile.insert(resource.identity.key) }
        }
        self.init(volatileKeys: volatile, identityKeys: identities.isEmpty ? ["id"] : identities)
    }

    /// The differences between the live and the simulated answer.
    ///
    /// - Parameters:
    ///   - live: The live target's answer.
    ///   - simulated: The simulator's answer.
    ///   - comparesValues: Whether values (not only shapes) must agree: true for reads, false
    ///     for answers to writes, whose records were made afresh on each side.
    ///   - aliases: Live values and the simulated values that stand for them (ids each side
    ///     minted for the same step), replaced before values and identities are compared.
    /// - Returns: Each difference as (kind, pointer, live, simulated).
    public func compare(
        live: JSONValue, simulated: JSONValue, comparesValues: Bool, aliases: [String: String] = [:]
    ) -> [Difference] {
        var walk = Walk(comparer: self, aliases: aliases)
        walk.compare(live, simulated, pointer: "", key: nil, values: comparesValues)
        return walk.differences
    }

    /// One difference the comparer found.
    public struct Difference: Sendable, Hashable {
        /// What differs.
        public var kind: Divergence.Kind
        /// Where, as a JSON pointer.
        public var pointer: String
        /// The live side.
        public var live: String
        /// The simulated side.
        public var simulated: String
    }

    /// One comparison's state: the aliases it applies and the differences it found.
    private struct Walk {
        let comparer: SemanticComparer
        let aliases: [String: String]
        var differences: [Difference] = []

        mutating func compare(
            _ live: JSONValue, _ simulated: JSONValue, pointer: String, key: String?, values: Bool
        ) {
            func add(_ kind: Divergence.Kind, _ left: String, _ right: String) {
                differences.append(Difference(kind: kind, pointer: pointer, live: left, simulated: right))
            }
            switch (live, simulated) {
            case (.null, .null): return
            case (.null, _), (_, .null): add(.nullness, SemanticComparer.describe(live), SemanticComparer.describe(simulated))
            case (.object(let left), .object(let right)):
                compareObjects(left, right, pointer: pointer, values: values)
            case (.array(let left), .array(let right)):
                compareArrays(left, right, pointer: pointer, values: values)
            case (.string(let original), .string(let right)):
                let left = aliases[original] ?? original
                let (leftFormat, rightFormat) = (SemanticComparer.format(of: left), SemanticComparer.format(of: right))
                if leftFormat != rightFormat {
                    add(.format, "\(leftFormat) \(SemanticComparer.quoted(left))", "\(rightFormat) \(SemanticComparer.quoted(right))")
                } else if values, left != right, !comparer.isVolatile(key) {
                    add(.value, SemanticComparer.quoted(left), SemanticComparer.quoted(right))
                }
            case (.number(let left), .number(let right)):
                if left.isInteger != right.isInteger {
                    add(.format, "\(left.isInteger ? "an integer" : "a fraction") \(left)", "\(right.isInteger ? "an integer" : "a fraction") \(right)")
                } else if values, left.doubleValue != right.doubleValue, !comparer.isVolatile(key) {
                    add(.value, left.text, right.text)
                }
            case (.bool(let left), .bool(let right)):
                if values, left != right, !comparer.isVolatile(key) { add(.value, "\(left)", "\(right)") }
            default:
                add(.type, SemanticComparer.describe(live), SemanticComparer.describe(simulated))
            }
        }

        mutating func compareObjects(
            _ live: JSONObject, _ simulated: JSONObject, pointer: String, values: Bool
        ) {
            for member in live.members {
                let path = pointer + "/" + SemanticComparer.escape(member.key)
                guard let other = simulated[member.key] else {
                    let kind: Divergence.Kind = member.value == .null ? .nullVersusMissing : .key
                    differences.append(
                        Difference(kind: kind, pointer: path, live: SemanticComparer.describe(member.value), simulated: "missing"))
                    continue
                }
                compare(member.value, other, pointer: path, key: member.key, values: values)
            }
            for member in simulated.members where !live.containsKey(member.key) {
                let kind: Divergence.Kind = member.value == .null ? .nullVersusMissing : .key
                differences.append(
                    Difference(
                        kind: kind, pointer: pointer + "/" + SemanticComparer.escape(member.key), live: "missing",
                        simulated: SemanticComparer.describe(member.value)))
            }
        }

        mutating func compareArrays(
            _ live: [JSONValue], _ simulated: [JSONValue], pointer: String, values: Bool
        ) {
            let leftIDs = live.compactMap(identity), rightIDs = simulated.compactMap(identity)
            if values, leftIDs.count == live.count, rightIDs.count == simulated.count, !live.isEmpty || !simulated.isEmpty {
                if Set(leftIDs) != Set(rightIDs) || leftIDs.count != rightIDs.count {
                    let onlyLive = leftIDs.filter { !rightIDs.contains($0) }, onlySimulated = rightIDs.filter { !leftIDs.contains($0) }
                    differences.append(
                        Difference(
                            kind: .identity, pointer: pointer,
                            live: "\(live.count) records\(onlyLive.isEmpty ? "" : ", only here: \(onlyLive.prefix(3).joined(separator: ", "))")",
                            simulated: "\(simulated.count) records\(onlySimulated.isEmpty ? "" : ", only here: \(onlySimulated.prefix(3).joined(separator: ", "))")"))
                } else if leftIDs.filter(isStable) != rightIDs.filter(isStable) {
                    differences.append(
                        Difference(
                            kind: .order, pointer: pointer, live: leftIDs.prefix(5).joined(separator: ", "),
                            simulated: rightIDs.prefix(5).joined(separator: ", ")))
                }
                for (index, item) in live.enumerated() {
                    guard let id = leftIDs.dropFirst(index).first, let match = rightIDs.firstIndex(of: id) else { continue }
                    compare(item, simulated[match], pointer: pointer + "/\(index)", key: nil, values: values)
                }
                return
            }
            if values, live.count != simulated.count {
                differences.append(
                    Difference(kind: .identity, pointer: pointer, live: "\(live.count) items", simulated: "\(simulated.count) items"))
            }
            for index in 0..<min(live.count, simulated.count) {
                compare(live[index], simulated[index], pointer: pointer + "/\(index)", key: nil, values: values)
            }
        }

        /// Whether `id` was not minted by a step of the case: ids each side minted in the same
        /// step may sort differently (ties broken by id), so order compares the others.
        func isStable(_ id: String) -> Bool {
            !minted.contains(id)
        }

        var minted: Set<String> { Set(aliases.values) }

        func identity(_ value: JSONValue) -> String? {
            guard case .object(let object) = value else { return nil }
            for key in comparer.identityKeys.sorted() {
                if let id = object[key]?.stringValue { return aliases[id] ?? id }
                if case .number(let number)? = object[key] { return number.text }
            }
            return nil
        }
    }

    fileprivate func isVolatile(_ key: String?) -> Bool {
        guard let key else { return false }
        return volatileKeys.contains(key) || SecretPolicy.isSecretKey(key) || key.lowercased().contains("token")
    }

    fileprivate static func escape(_ key: String) -> String {
        key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    fileprivate static func quoted(_ text: String) -> String {
        let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
        return "'\(shown)'"
    }

    /// The kind of a value, in words: `a string`, `an object`, `null`.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number(let number): number.isInteger ? "an integer" : "a number"
        case .string: "a string"
        case .array(let items): "an array of \(items.count)"
        case .object: "an object"
        }
    }

    /// A string's format: `a timestamp`, `a date`, `a UUID`, `a number in text`, `a string`.
    static func format(of text: String) -> String {
        let scalars = Array(text.utf8)
        func digits(_ range: Range<Int>) -> Bool { range.allSatisfy { $0 < scalars.count && (48...57).contains(scalars[$0]) } }
        if scalars.count >= 19, digits(0..<4), scalars[4] == 45, digits(5..<7), scalars[7] == 45, digits(8..<10),
            scalars[10] == 84 || scalars[10] == 32, digits(11..<13), scalars[13] == 58
        {
            return "a timestamp"
        }
        if scalars.count == 10, digits(0..<4), scalars[4] == 45, digits(5..<7), scalars[7] == 45, digits(8..<10) {
            return "a date"
        }
        if scalars.count == 36, [8, 13, 18, 23].allSatisfy({ scalars[$0] == 45 }) { return "a UUID" }
        if !scalars.isEmpty, scalars.allSatisfy({ (48...57).contains($0) }) { return "a number in text" }
        return "a string"
    }
}
