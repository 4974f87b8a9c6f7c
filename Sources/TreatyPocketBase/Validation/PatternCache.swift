import Synchronization

/// Compiled field `pattern`s, shared by every validation: a fixture of 10,000 records with a
/// patterned `id` compiles the pattern once, not 10,000 times.
///
/// Bounded: past ``capacity`` distinct patterns (collections changed at runtime, many times)
/// the cache starts over.
enum PatternCache {
    static let capacity = 256

    /// A compiled pattern, shared between threads. `Regex<AnyRegexOutput>` is not `Sendable`
    /// only because its output type is not; the compiled program is immutable once lowered
    /// (the lowering is published atomically), and matching only reads it.
    private struct Compiled: @unchecked Sendable {
        let regex: Regex<AnyRegexOutput>?
    }

    private static let compiled = Mutex<[String: Compiled]>([:])

    /// The compiled `pattern`, or `nil` when it is not a valid regular expression.
    static func regex(_ pattern: String) -> Regex<AnyRegexOutput>? {
        if let known = compiled.withLock({ $0[pattern] }) { return known.regex }
        let entry = Compiled(regex: try? Regex(pattern))
        compiled.withLock { cache in
            if cache.count >= capacity { cache.removeAll(keepingCapacity: true) }
            cache[pattern] = entry
        }
        return entry.regex
    }
}
