/// One file part of a multipart request, before it is stored.
///
/// `key` is the form name (`cover`, `cover+`, or `requests.0.cover` in a batch). The stored
/// name is made the way PocketBase's `filesystem.File` does it: the name without its extension
/// in snake case (``snakeCase(_:)``), `_`, ten random `[a-z0-9]`, then the cleaned extension;
/// names shorter than three characters get ten more random characters first.
struct PocketBaseUpload: Sendable {
    /// The form field name.
    var key: String
    /// The client's file name.
    var originalName: String
    /// The content.
    var bytes: [UInt8]

    /// The content type PocketBase detects from the bytes (``PocketBaseMIME/detect(_:name:)``).
    var contentType: String { PocketBaseMIME.detect(bytes, name: originalName) }

    /// A new stored name for `name`, drawing the random parts from `generator`.
    static func storedName(for name: String, bytes: [UInt8], using generator: inout some RandomNumberGenerator) -> String {
        let originalExtension = extractExtension(name)
        var cleanExtension = String(
            originalExtension.unicodeScalars.filter { isWord($0) || ".*-+=#".unicodeScalars.contains($0) }.map(
                Character.init))
        if cleanExtension.isEmpty { cleanExtension = PocketBaseMIME.fileExtension(PocketBaseMIME.detect(bytes, name: name)) }
        if cleanExtension.count > 20 { cleanExtension = "." + cleanExtension.suffix(20) }
        var stem = snakeCase(String(name.dropLast(originalExtension.count)))
        if stem.count < 3 { stem += PocketBaseDialect.randomText(10, using: &generator) }
        if stem.count > 100 { stem = String(stem.prefix(100)) }
        return stem + "_" + randomSuffix(using: &generator) + cleanExtension
    }

    private static func isWord(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_")
    }

    /// Ten random `[a-z0-9]` characters.
    static func randomSuffix(using generator: inout some RandomNumberGenerator) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        return String((0..<10).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }

    /// The extension with its dot, counting two parts (`.txt`, `.tar.gz`, `a.b.c` → `.b.c`);
    /// `""` when the name has no dot.
    static func extractExtension(_ name: String) -> String {
        guard let last = name.lastIndex(of: ".") else { return "" }
        if let previous = name[..<last].lastIndex(of: ".") { return String(name[previous...]) }
        return String(name[last...])
    }

    /// PocketBase's `inflector.Snakecase`: split at non-word characters and `_`, break before
    /// an upper-case letter that follows a lower-case one, join with `_`, lower-case.
    static func snakeCase(_ text: String) -> String {
        var words: [String] = []
        var word = ""
        for character in text {
            if character.unicodeScalars.allSatisfy({ isWord($0) && $0 != "_" }) {
                word.append(character)
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        var result = ""
        for word in words {
            if !result.isEmpty { result.append("_") }
            var previous: Character?
            for character in word {
                if character.isUppercase, let previous, !previous.isUppercase { result.append("_") }
                result.append(character)
                previous = character
            }
        }
        return result.lowercased()
    }
}

/// A stored file: its bytes and the content type detected at upload.
struct PocketBaseStoredFile: Sendable {
    var bytes: [UInt8]
    var contentType: String
}
