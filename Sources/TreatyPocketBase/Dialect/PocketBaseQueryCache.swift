import Synchronization
import TreatyQuery

/// What the dialect derives from the collections for every query — the query schemas and the
/// parsed filters and API rules — kept until the collections change, so a request parses only
/// what it has not seen before.
struct PocketBaseQueryCache: Sendable {
    /// How many parsed expressions are kept; past it, the cache starts over.
    static let capacity = 512

    private static let generations = Atomic<UInt64>(0)

    /// Names the collections this cache was derived from: a new number for every change, so
    /// an expression parsed against older collections is never remembered here.
    let generation = Self.generations.add(1, ordering: .relaxed).newValue
    /// The schemas with and without hidden fields (superusers see hidden ones).
    var schemas: (full: QuerySchema, public: QuerySchema)?
    /// Parsed filters and rules by their text, collection and schema.
    var expressions: [ExpressionKey: Expr] = [:]

    struct ExpressionKey: Hashable {
        let text: String
        let collection: String
        let publicSchema: Bool
    }

    mutating func remember(_ expr: Expr, for key: ExpressionKey) {
        if expressions.count >= Self.capacity { expressions.removeAll(keepingCapacity: true) }
        expressions[key] = expr
    }
}
