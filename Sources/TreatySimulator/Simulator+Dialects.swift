public import TreatyCore
public import TreatyDialect
import TreatyREST

extension Simulator {
    /// The dialects ``dialect(for:)`` can build.
    public static let servedDialects: [DialectID] = [.restSync]

    /// The dialect that serves `contract`, chosen by its `dialect:` (only `rest-sync` so far).
    ///
    /// - Throws: ``SimulatorError`` when no dialect of that name exists yet.
    public static func dialect(for contract: Contract) throws(SimulatorError) -> any Dialect {
        switch contract.dialect {
        case .restSync: RESTDialect(contract: contract)
        default: throw .unsupportedDialect(contract.dialect.rawValue)
        }
    }
}
