/// The key convention of an API's payloads (RS-NM-1).
public enum NamingConvention: String, Sendable, Hashable, CaseIterable {
    /// `display_name`, `watcher_ids`.
    case snakeCase = "snake_case"
    /// `displayName`, `watcherIds`.
    case camelCase
    /// Keys are not checked against a convention.
    case any

    /// Whether `key` follows the convention.
    public func accepts(_ key: String) -> Bool {
        let bytes = Array(key.utf8)
        guard let first = bytes.first else { return false }
        switch self {
        case .any:
            return true
        case .snakeCase:
            guard Self.isLower(first) else { return false }
            var previousUnderscore = false
            for byte in bytes {
                if byte == UInt8(ascii: "_") {
                    if previousUnderscore { return false }
                    previousUnderscore = true
                } else if Self.isLower(byte) || Self.isDigit(byte) {
                    previousUnderscore = false
                } else {
                    return false
                }
            }
            return !previousUnderscore
        case .camelCase:
            return Self.isLower(first) && bytes.allSatisfy { Self.isLower($0) || Self.isUpper($0) || Self.isDigit($0) }
        }
    }

    /// Joins lower-case words into a key of this convention (`["watcher","ids"]` → `watcher_ids`
    /// or `watcherIds`).
    public func key(fromWords words: [String]) -> String {
        switch self {
        case .snakeCase, .any:
            return words.joined(separator: "_")
        case .camelCase:
            guard let first = words.first else { return "" }
            return first + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        }
    }

    /// Splits any key into lower-case words: `displayName`, `display_name` and `Display-Name`
    /// all give `["display", "name"]`.
    public static func words(of key: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousWasLower = false
        for character in key {
            if character == "_" || character == "-" || character == " " {
                if !current.isEmpty { words.append(current) }
                current = ""
                previousWasLower = false
            } else if character.isUppercase, previousWasLower {
                words.append(current)
                current = character.lowercased()
                previousWasLower = false
            } else {
                current += character.lowercased()
                previousWasLower = character.isLowercase || character.isNumber
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `key` rewritten in this convention.
    public func convert(_ key: String) -> String {
        self == .any ? key : self.key(fromWords: Self.words(of: key))
    }

    private static func isLower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
    private static func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
