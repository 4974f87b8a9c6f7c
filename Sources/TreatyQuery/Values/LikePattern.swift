/// A compiled SQL LIKE pattern: `%` matches any run of characters, `_` exactly one, and `\`
/// makes the next character literal.
struct LikePattern: Sendable, Hashable {
    enum Piece: Sendable, Hashable {
        case anyRun
        case one
        case literal(Unicode.Scalar)
    }

    let pieces: [Piece]

    /// Compiles `pattern`; with `wrap`, a pattern without `%` becomes `%pattern%` (PocketBase `~`).
    init(_ pattern: String, wrap: Bool) {
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
        if wrap, !pattern.unicodeScalars.contains("%") {
            pieces = [.anyRun] + pieces + [.anyRun]
        }
        self.pieces = pieces
    }

    /// Whether `text` matches the whole pattern (greedy `%` with backtracking to the last `%`).
    func matches(_ text: String) -> Bool {
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
