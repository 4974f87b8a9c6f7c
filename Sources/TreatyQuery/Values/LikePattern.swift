/// A compiled SQL LIKE pattern: `%` matches any run of characters, `_` exactly one, and `\`
/// makes the next character literal.
package struct LikePattern: Sendable, Hashable {
    enum Piece: Sendable, Hashable {
        case anyRun
        case one
        case literal(Unicode.Scalar)
    }

    let pieces: [Piece]

    /// Compiles `pattern` (`\` escapes the next character); with `wrap`, the
    /// match-anywhere rule applies: a pattern without an unescaped `%` has its unescaped `\`, `%` and `_`
    /// escaped and becomes `%pattern%`, so `Go_tips` is literal and `100\%` matches "100%".
    package init(_ pattern: String, wrap: Bool) {
        var pattern = pattern
        let wrapping = wrap && !Self.containsUnescaped("%", in: pattern)
        if wrapping { pattern = Self.escapeUnescaped(pattern) }
        var pieces: [Piece] = []
        var escaped = false
        for scalar in pattern.unicodeScalars {
            if escaped {
                pieces.append(.literal(scalar))
                escaped = false
                continue
            }
            switch scalar {
            case "\\": escaped = true
            case "%": if pieces.last != .anyRun { pieces.append(.anyRun) }
            case "_": pieces.append(.one)
            default: pieces.append(.literal(scalar))
            }
        }
        if escaped { pieces.append(.literal("\\")) }
        if wrapping {
            pieces = [.anyRun] + pieces + [.anyRun]
        }
        self.pieces = pieces
    }

    /// Whether `character` occurs without a `\` before it.
    static func containsUnescaped(_ character: Unicode.Scalar, in text: String) -> Bool {
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if scalar == character, previous != "\\" { return true }
            previous = (scalar == "\\" && previous == "\\") ? nil : scalar
        }
        return false
    }

    /// `text` with its wildcards made literal: walking backwards, each `\`, `%` or `_` not
    /// already preceded by `\` gets one.
    static func escapeUnescaped(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var result: [Unicode.Scalar] = []
        var match = false
        for index in scalars.indices.reversed() {
            let scalar = scalars[index]
            if match {
                if scalar != "\\" { result.append("\\") }
                match = false
            } else if scalar == "\\" || scalar == "%" || scalar == "_" {
                match = true
            }
            result.append(scalar)
            if index == 0, match { result.append("\\") }
        }
        var output = String.UnicodeScalarView()
        output.append(contentsOf: result.reversed())
        return String(output)
    }

    /// Whether `text` matches the whole pattern (greedy `%` with backtracking to the last `%`).
    package func matches(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        var p = 0
        var t = 0
        var star: Int?
        var resume = 0
        while t < scalars.count {
            if p < pieces.count {
                switch pieces[p] {
                case .anyRun:
                    star = p
                    resume = t
                    p += 1
                    continue
                case .one:
                    p += 1
                    t += 1
                    continue
                case .literal(let scalar) where scalar == scalars[t]:
                    p += 1
                    t += 1
                    continue
                case .literal: break
                }
            }
            guard let starAt = star else { return false }
            p = starAt + 1
            resume += 1
            t = resume
        }
        while p < pieces.count, pieces[p] == .anyRun { p += 1 }
        return p == pieces.count
    }
}
