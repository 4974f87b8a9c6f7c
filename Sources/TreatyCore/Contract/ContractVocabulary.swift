/// The dialects a ``ContractLoader`` accepts: each one's id, the top-level contract sections it
/// owns and the endpoint kinds it serves besides ``Endpoint/Kind/records``.
///
/// The core names no dialect; the registry builds this value from the dialect modules and the
/// tools pass it to the loader. A contract naming an id outside the vocabulary is a located
/// `unknown-dialect` error with a suggestion; a section owned by another dialect is an error;
/// the sections of the contract's own dialect are kept as located nodes in
/// ``Contract/sections`` for the dialect's module to decode.
///
/// ```swift
/// let vocabulary = ContractVocabulary([
///     .init(id: DialectID(rawValue: "my-dialect"), sectionKeys: ["schema"])
/// ])
/// let result = ContractLoader(vocabulary: vocabulary).load(fileAt: "Contracts/demo/contract.yaml")
/// ```
public struct ContractVocabulary: Sendable, Hashable {
    /// What one dialect adds to the contract format.
    public struct Dialect: Sendable, Hashable {
        /// The id contracts give in `dialect:`.
        public var id: DialectID
        /// The top-level keys only this dialect reads, e.g. a section declaring its schema.
        public var sectionKeys: [String]
        /// The endpoint kinds it serves besides ``Endpoint/Kind/records``.
        public var endpointKinds: Set<Endpoint.Kind>

        /// Creates a dialect's entry.
        ///
        /// - Parameters:
        ///   - id: The id contracts give in `dialect:`.
        ///   - sectionKeys: The top-level keys only this dialect reads.
        ///   - endpointKinds: The endpoint kinds it serves besides ``Endpoint/Kind/records``.
        public init(id: DialectID, sectionKeys: [String] = [], endpointKinds: Set<Endpoint.Kind> = []) {
            self.id = id
            self.sectionKeys = sectionKeys
            self.endpointKinds = endpointKinds
        }
    }

    /// The dialects, in the order they are listed (a later duplicate id is ignored).
    public let dialects: [Dialect]

    /// Creates a vocabulary.
    ///
    /// - Parameter dialects: The accepted dialects.
    public init(_ dialects: [Dialect]) {
        var seen = Set<DialectID>()
        self.dialects = dialects.filter { seen.insert($0.id).inserted }
    }

    /// The accepted ids, in order.
    public var ids: [DialectID] { dialects.map(\.id) }

    /// The entry of `id`, or `nil` when the vocabulary does not know it.
    public func dialect(_ id: DialectID) -> Dialect? {
        dialects.first { $0.id == id }
    }

    /// The dialect that owns the top-level key `key`, if any.
    public func owner(ofSection key: String) -> DialectID? {
        dialects.first { $0.sectionKeys.contains(key) }?.id
    }

    /// Every section key of every dialect, in order.
    public var sectionKeys: [String] { dialects.flatMap(\.sectionKeys) }

    /// The dialects that serve endpoints of `kind`, in order.
    public func dialects(serving kind: Endpoint.Kind) -> [DialectID] {
        kind == .records ? ids : dialects.filter { $0.endpointKinds.contains(kind) }.map(\.id)
    }
}
