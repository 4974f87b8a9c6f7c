/// A name's UTF-8 bytes with ASCII letters lower-cased: how ``SecretPolicy`` compares names
/// on the simulator's per-request path without building strings. Every listed name and word is
/// ASCII, so folding ASCII alone decides every match.
struct FoldedName {
    let bytes: [UInt8]

    init(_ utf8: some Collection<UInt8>) {
        bytes = utf8.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }
    }

    static let headerNames = Set(SecretPolicy.headerNames.map { Array($0.utf8) })
    static let headerNameWords = SecretPolicy.headerNameWords.map { Array($0.utf8) }
    static let keys = Set(SecretPolicy.keys.map { Array($0.utf8) })
    static let keyWords = SecretPolicy.keyWords.map { Array($0.utf8) }
    static let snakeToken = Array("_token".utf8)
    static let kebabToken = Array("-token".utf8)

    func isIn(_ names: Set<[UInt8]>) -> Bool {
        names.contains(bytes)
    }

    func containsAny(of words: [[UInt8]]) -> Bool {
        words.contains(where: contains)
    }

    func hasSuffix(_ suffix: [UInt8]) -> Bool {
        bytes.count >= suffix.count && bytes[(bytes.count - suffix.count)...].elementsEqual(suffix)
    }

    private func contains(_ word: [UInt8]) -> Bool {
        guard bytes.count >= word.count, let first = word.first else { return false }
        var start = 0
        while start <= bytes.count - word.count {
            if bytes[start] == first, bytes[start..<(start + word.count)].elementsEqual(word) { return true }
            start += 1
        }
        return false
    }
}
