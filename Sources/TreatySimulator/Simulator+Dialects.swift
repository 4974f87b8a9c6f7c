public import TreatyCore
public import TreatyDialect
import TreatyPocketBase
import TreatyREST

extension Simulator {
    /// The dialects ``dialect(for:)`` can build.
    public static let servedDialects: [DialectID] = [.restSync, .pocketBase]

    /// The dialect that serves `contract`, chosen by its `dialect:` (`rest-sync` or `pocketbase`).
    ///
    /// A PocketBase contract starts as a fresh server with the collections of its
    /// ``TreatyCore/Contract/collections`` file (an exported `pb_schema.json`), when it names one.
    ///
    /// - Throws: ``SimulatorError`` when no dialect of that name exists yet, or the collections
    ///   file has errors.
    public static func dialect(for contract: Contract) throws(SimulatorError) -> any Dialect {
        switch contract.dialect {
        case .restSync: return RESTDialect(contract: contract)
        case .pocketBase:
            var configuration = PocketBaseDialectConfiguration()
            if let file = contract.collections {
                let result = PocketBaseSchemaLoader().load(fileAt: file.path)
                guard !result.hasErrors else {
                    let rendered = DiagnosticRenderer().render(result.diagnostics.filter { $0.severity == .error })
                    throw .invalidConfiguration("the collections in \(file.path) have errors:\n\(rendered)")
                }
                configuration.collections = result.collections
            }
            return PocketBaseDialect(configuration: configuration)
        default: throw .unsupportedDialect(contract.dialect.rawValue)
        }
    }
}
