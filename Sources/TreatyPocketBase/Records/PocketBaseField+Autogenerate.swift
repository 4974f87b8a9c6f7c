extension PocketBaseField {
    /// A value generated from a text field's `autogeneratePattern`, as PocketBase fills an empty
    /// field on create (`[a-z0-9]{15}` for ids, `[a-zA-Z0-9]{50}` for token keys).
    ///
    /// Patterns made of literal characters and bracketed classes (with ranges), each optionally
    /// repeated `{n}` times, are supported; others give `nil`.
    ///
    /// - Parameter generator: The source of randomness.
    /// - Returns: The generated text, or `nil` when the field has no supported pattern.
    func autogenerate(using generator: inout some RandomNumberGenerator) -> String? {
        guard case .text(let text) = options, !text.autogeneratePattern.isEmpty,
            let atoms = Self.atoms(of: text.autogeneratePattern)
        else { return nil }
        var result = ""
        for (choices, count) in atoms {
            for _ in 0..<count { result.append(choices[Int.random(in: 0..<choices.count, using: &generator)]) }
        }
        return result
    }

    /// The pattern as (characters to pick from, repetitions) pairs, or `nil` when unsupported.
    private static func atoms(of pattern: String) -> [([Character], Int)]? {
        var characters = Array(pattern)
        if characters.first == "^" { characters.removeFirst() }
        if characters.last == "$" { characters.removeLast() }
        var atoms: [([Character], Int)] = []
        var index = 0
        while index < characters.count {
            var choices: [Character]
            if characters[index] == "[" {
                guard let close = characters[index...].firstIndex(of: "]"), close > index + 1 else { return nil }
                choices = expand(characters[(index + 1)..<close])
                index = close + 1
            } else {
                guard !"\\.()*+?|{}".contains(characters[index]) else { return nil }
                choices = [characters[index]]
                index += 1
            }
            var count = 1
            if index < characters.count, characters[index] == "{" {
                guard let close = characters[index...].firstIndex(of: "}"),
                    let repeats = Int(String(characters[(index + 1)..<close]))
                else { return nil }
                count = repeats
                index = close + 1
            }
            guard !choices.isEmpty else { return nil }
            atoms.append((choices, count))
        }
        return atoms
    }

    /// The characters of a bracket class body such as `a-zA-Z0-9_`.
    private static func expand(_ body: ArraySlice<Character>) -> [Character] {
        var result: [Character] = []
        var index = body.startIndex
        while index < body.endIndex {
            let character = body[index]
            if index + 2 < body.endIndex, body[index + 1] == "-", let low = character.unicodeScalars.first?.value,
                let high = body[index + 2].unicodeScalars.first?.value, low <= high
            {
                result += (low...high).compactMap { Unicode.Scalar($0).map(Character.init) }
                index += 3
            } else {
                result.append(character)
                index += 1
            }
        }
        return result
    }
}
