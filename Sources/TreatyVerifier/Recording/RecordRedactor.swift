public import TreatyCore
public import TreatyJSON

/// Applies a contract's personal-data rules (``TreatyCore/RedactionRule``) to recorded records:
/// drops, masks or fakes the values they name.
///
/// A fake keeps the value's shape — each letter stays a letter of the same case, each digit a
/// digit, everything else as it was — and is a keyed hash of the value and ``seed``: the same
/// input gives the same fake in every file and every run with that seed, so a value that
/// relates or must be unique stays so; without the seed the original cannot be read back.
///
/// ```swift
/// let redactor = RecordRedactor(rules: contract.redactions, seed: "team-seed")
/// redactor.fake("ada@example.com")   // e.g. "qmx@wkfbzcz.ojv"
/// ```
public struct RecordRedactor: Sendable {
    /// The rules, in order; a later rule for the same field wins.
    public var rules: [RedactionRule]
    /// The key of the fakes.
    public var seed: String

    /// Creates a redactor.
    ///
    /// - Parameters:
    ///   - rules: The rules.
    ///   - seed: The key of the fakes.
    public init(rules: [RedactionRule], seed: String) {
        self.rules = rules
        self.seed = seed
    }

    /// `records` with every rule applied.
    ///
    /// - Parameters:
    ///   - records: The recorded records by resource.
    ///   - contract: The contract whose resources name the fields (a rule may name a field or
    ///     its key).
    /// - Returns: The redacted records, and each rule that matched no resource or field.
    public func redact(_ records: [String: [JSONObject]], contract: Contract) -> (
        records: [String: [JSONObject]], unmatched: [RedactionRule]
    ) {
        var result = records
        var unmatched: [RedactionRule] = []
        for rule in rules {
            let resource = contract.resource(named: rule.resource)
            let key = resource?.fields.first { $0.name == rule.field }?.key() ?? rule.field
            var matched = resource?.fields.contains { $0.name == rule.field || $0.key() == rule.field } ?? false
            var list = result[rule.resource] ?? []
            for index in list.indices {
                guard let value = list[index][key] else { continue }
                matched = true
                list[index][key] = apply(rule.action, to: value)
            }
            if result[rule.resource] != nil { result[rule.resource] = list }
            if !matched { unmatched.append(rule) }
        }
        return (result, unmatched)
    }

    /// The value after `action`: `nil` for ``TreatyCore/RedactionAction/drop``; `null` stays
    /// `null`; arrays are redacted element by element.
    func apply(_ action: RedactionAction, to value: JSONValue) -> JSONValue? {
        switch (action, value) {
        case (.drop, _): return nil
        case (_, .null), (_, .bool), (_, .object): return value
        case (_, .array(let items)): return .array(items.map { apply(action, to: $0) ?? .null })
        case (.mask, .string(let text)): return .string(mask(text))
        case (.fake, .string(let text)): return .string(fake(text))
        case (.mask, .number(let number)): return JSONNumber(text: mask(number.text)).map(JSONValue.number) ?? value
        case (.fake, .number(let number)):
            return JSONNumber(text: fake(number.text, keepFirstDigitNonZero: true)).map(JSONValue.number) ?? value
        }
    }

    /// `text` with every letter made `x` and every digit `0`.
    public func mask(_ text: String) -> String {
        String(
            text.map { character in
                if character.isLetter { return "x" }
                if character.isNumber { return "0" }
                return character
            })
    }

    /// The deterministic fake of `text`: same length and character classes, keyed by ``seed``.
    ///
    /// - Parameters:
    ///   - text: The value.
    ///   - keepFirstDigitNonZero: Whether a leading digit stays non-zero (numbers keep their
    ///     magnitude).
    /// - Returns: The fake.
    public func fake(_ text: String, keepFirstDigitNonZero: Bool = false) -> String {
        var stream = KeyedStream(key: seed, value: text)
        var result = ""
        var first = true
        for scalar in text.unicodeScalars {
            let draw = stream.next()
            switch scalar {
            case "a"..."z": result.unicodeScalars.append(Unicode.Scalar(UInt8(97 + draw % 26)))
            case "A"..."Z": result.unicodeScalars.append(Unicode.Scalar(UInt8(65 + draw % 26)))
            case "0"..."9":
                let digit = keepFirstDigitNonZero && first && scalar != "0" ? 1 + draw % 9 : draw % 10
                result.unicodeScalars.append(Unicode.Scalar(UInt8(48 + digit)))
            default: result.unicodeScalars.append(scalar)
            }
            if scalar != "-" { first = false }
        }
        return result
    }
}

/// A pseudo-random stream keyed by a seed and a value: FNV-1a over both, then SplitMix64.
struct KeyedStream {
    private var state: UInt64

    init(key: String, value: String) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in Array(key.utf8) + [0] + Array(value.utf8) {
            hash ^= UInt64(byte)
            hash = hash &* 0x0100_0000_01b3
        }
        state = hash
    }

    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}
