/// A surviving mutant a contract's reviewers accept, with their reason: a mutant no client could
/// tell apart from the real backend, or a behaviour the API deliberately leaves open.
///
/// Written in the contract's common `mutation:` section:
///
/// ```yaml
/// mutation:
///   accepted:
///     - { mutant: XY-page-long:items.list, reason: "clients de-duplicate by id" }
/// ```
///
/// `treaty mutate` counts an accepted survivor apart and does not fail for it; an id that names
/// no mutant of the contract is a warning at this entry.
public struct AcceptedMutant: Sendable, Hashable {
    /// The mutant's id, e.g. `XY-drop-key:task.title`.
    public var mutant: String
    /// Why the survivor is acceptable.
    public var reason: String
    /// Where the entry is written.
    public var location: SourceLocation?

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - mutant: The mutant's id.
    ///   - reason: Why its survival is acceptable.
    ///   - location: Where the entry is written.
    public init(mutant: String, reason: String, location: SourceLocation? = nil) {
        self.mutant = mutant
        self.reason = reason
        self.location = location
    }
}
