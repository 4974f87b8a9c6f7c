import Testing
import TreatyCore
import TreatyDialect
import TreatyTestSupport

/// A one-resource contract (`note`, server-created) and a fresh store for each test.
enum TestStore {
    static let contractText = """
        api: notes
        dialect: rest-sync
        naming: snake_case
        tombstone_retention: 30d
        defaults:
          create: server
          emit: always
          identity: { key: id, type: uuid }
          sync: { created_at: required, updated_at: required, version: version, tombstone: deleted_at }
        resources:
          note:
            fields:
              title: { type: string, required: true }
        endpoints:
          - GET /notes
          - { method: POST, path: "/notes" }
        """

    static func contract() throws -> Contract {
        let result = ContractLoader(vocabulary: .treatyDialects).load(text: contractText, file: "notes.yaml")
        return try #require(result.contract, "the test contract loads: \(result.diagnostics)")
    }

    static func make() throws -> RecordStore {
        RecordStore(contract: try contract(), configuration: StoreConfiguration(clock: .fixed(startMilliseconds: 0), seed: 1))
    }
}
