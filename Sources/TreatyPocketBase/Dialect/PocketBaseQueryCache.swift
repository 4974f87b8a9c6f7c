import Synchronization
import TreatyQuery

/// What the dialect derives from the collections for every query — the query schemas — kept
/// until the collections change, and the generation that names them, at which the dialect's
/// parsed filters and API rules are kept (``PocketBaseDialect/expressions``), so a request
/// parses only what it has not seen before.
struct PocketBaseQueryCache: Sendable {
    /// How many parsed expressions are kept.
    static let capacity = 512
    /// The most bytes parsed expressions may weigh.
    static let byteLimit = 16 << 20
    /// The estimated bytes of a parsed expression per character of its text.
    static let bytesPerCharacter = 8

    private static let generations = Atomic<UInt64>(0)

    /// Names the collections this cache was derived from: a new number for every change, so
    /// an expression parsed against older collections is never found again.
    let generation = Self.generations.add(1, ordering: .relaxed).newValue
    /// The schemas with and without hidden fields (superusers see hidden ones).
    var schemas: (full: QuerySchema, public: QuerySchema)?

    /// What a parsed filter or rule depends on besides the generation.
    struct ExpressionKey: Hashable, Sendable {
        let text: String
        let collection: String
        let publicSchema: Bool
    }
}
