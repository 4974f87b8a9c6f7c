/// A glob over URL paths: `*` matches exactly one segment, `**` any number of segments (zero
/// included), and anything else matches itself.
///
/// ```swift
/// PathPattern("/projects/*/tasks/*").matches("/projects/P1/tasks/T1")   // true
/// PathPattern("/projects/**").matches("/projects/P1/tasks")             // true
/// PathPattern("/projects/*").matches("/projects/P1/tasks")              // false
/// ```
///
/// Empty segments are ignored, so `/projects/` and `/projects` match alike; a query string
/// (`?…`) on the path is ignored too.
public struct PathPattern: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The pattern as written, e.g. `/projects/*/tasks/**`.
    public let text: String
    private let segments: [Substring]

    /// The pattern that matches every path (`/**`).
    public static let any = PathPattern("/**")

    /// Creates a pattern from its text.
    public init(_ text: String) {
        self.text = text
        segments = text.split(separator: "/")
    }

    /// Creates a pattern from a literal, e.g. `"/projects/*/tasks/**"`.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The pattern as written.
    public var description: String { text }

    /// Whether `path` matches the pattern.
    public func matches(_ path: String) -> Bool {
        let bare = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let parts = bare.split(separator: "/")
        return Self.match(segments[...], parts[...])
    }

    private static func match(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            let rest = pattern.dropFirst()
            if rest.isEmpty { return true }
            var tail = path
            while true {
                if match(rest, tail) { return true }
                guard !tail.isEmpty else { return false }
                tail = tail.dropFirst()
            }
        }
        guard let segment = path.first, first == "*" || first == segment else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }
}
