public import TreatyCore

extension ContractVocabulary {
    /// The package's four dialects as `DialectRegistry.standard` lists them (ids, sections,
    /// endpoint kinds), for tests of the modules below the registry.
    public static let treatyDialects = ContractVocabulary([
        Dialect(id: DialectID(rawValue: "rest-sync"), endpointKinds: [.syncUpload]),
        Dialect(id: DialectID(rawValue: "pocketbase"), sectionKeys: ["collections"]),
        Dialect(id: DialectID(rawValue: "filemaker"), sectionKeys: ["databases"]),
        Dialect(id: DialectID(rawValue: "cloudkit"), sectionKeys: ["container"]),
    ])
}
