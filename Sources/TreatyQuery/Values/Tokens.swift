/// The words of a text, for `tokensAll` and `tokensAny`: runs of letters and digits, folded.
enum Tokens {
    static func words(_ text: String, fold: TextFold?) -> Set<String> {
        let folded = fold?.apply(text) ?? text
        var words = Set<String>()
        var current = ""
        for character in folded {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                words.insert(current)
                current = ""
            }
        }
        if !current.isEmpty { words.insert(current) }
        return words
    }
}
