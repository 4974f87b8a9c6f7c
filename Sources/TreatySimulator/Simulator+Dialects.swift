public import TreatyCore
public import TreatyDialect
import TreatyPocketBase
import TreatyREST

extension Simulator {
    /// The dialects ``dialect(for:)`` can build.
    public static let servedDialects: [DialectID] = [.restSync, .pocketBase]

    /// The dialect that serves `contract`, chosen by its `dialect:` (`rest-sync` or `pocketbase`; a PocketBase contract starts as a fresh server).
    ///
    /// - Throws: ``SimulatorError`` when no dialect of that name exists yet.
    public static func dialect(for contract: Contract) throws(SimulatorError) -> any Dialect {
        switch contract.dialect {
        case .restSync: RESTDialect(contract: contract)
        case .pocketBase: PocketBaseDialect()
        default: throw .unsupportedDialect(contract.dialect.rawValue)
        }
    }
}
