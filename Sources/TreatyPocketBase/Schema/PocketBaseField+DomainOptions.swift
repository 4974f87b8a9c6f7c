extension PocketBaseField {
    /// Options of `email` and `url` fields: which domains are allowed.
    ///
    /// At most one of the two lists may be non-empty.
    struct DomainOptions: Sendable, Hashable {
        /// Domains that are refused.
        var exceptDomains: [String]
        /// The only domains accepted, when not empty.
        var onlyDomains: [String]

        /// Creates domain options.
        ///
        /// - Parameters:
        ///   - exceptDomains: Domains that are refused.
        ///   - onlyDomains: The only domains accepted, when not empty.
        init(exceptDomains: [String] = [], onlyDomains: [String] = []) {
            self.exceptDomains = exceptDomains
            self.onlyDomains = onlyDomains
        }
    }
}
