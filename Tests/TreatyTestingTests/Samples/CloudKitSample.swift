import HTTPTypes
@testable import TreatyCloudKit
import TreatyCore
import TreatyDialect
import TreatyDialectKit
import TreatyJSON
import TreatyTesting

/// The conformance suite's requests for a CloudKit backend: a query of every record type with
/// fixtures (checked as a records answer), and the create of one record with fixed values in the
/// public database, signed in as the contract's first user.
struct CloudKitSample {
    let backend: SimulatedBackend

    /// The sample for a backend of the dialect's example.
    @Sendable static func make(_ backend: SimulatedBackend) -> DialectSample {
        CloudKitSample(backend: backend).sample()
    }

    func sample() -> DialectSample {
        guard let schema = CloudKitSchemaDecoder().decode(backend.contract).schema,
            let token = schema.apiTokens.first
        else { return DialectSample(reads: [], write: []) }
        let base = "/database/1/\(schema.container)/development/public"
        var reads: [SampleRead] = []
        let fixtures = backend.fixtures.records[CloudKitStoreModel.records] ?? []
        for typeName in schema.recordTypes.keys.sorted()
        where fixtures.contains(where: { $0["recordType"]?.stringValue == typeName }) {
            let target = "\(base)/records/query?ckAPIToken=\(token)"
            reads.append(
                SampleRead(
                    request: SampleRequest(.post, target, body: ["query": ["recordType": .string(typeName)], "resultsLimit": 5]),
                    subject: .endpoint(EndpointRequest(parsing: "POST \(base)/records/query")), brokenRule: .cloudKitField, breaking: Self.untyped))
        }
        guard let user = schema.users.first,
            let type = schema.recordTypes.values.sorted(by: { $0.name < $1.name }).first(where: { CloudKitSampleValues.plainField($0) != nil }),
            let field = CloudKitSampleValues.plainField(type)
        else { return DialectSample(reads: reads, write: []) }
        let record: JSONValue = [
            "recordName": "treaty-conformance-1", "recordType": .string(type.name),
            "fields": .object([field.name: ["value": CloudKitSampleValues.value(for: field.type, unique: "conformance") ?? .null]]),
        ]
        let create = SampleRequest(
            .post, "\(base)/records/modify?ckAPIToken=\(token)&ckWebAuthToken=\(user.webAuthToken)",
            body: ["operations": [["operationType": "create", "record": record]]])
        return DialectSample(reads: reads, write: [create])
    }

    /// The answer with the first record's first field stripped of its type (CK-FIELD-1).
    static func untyped(_ answer: JSONValue) -> JSONValue {
        guard var object = answer.objectValue, var records = object["records"]?.arrayValue,
            var first = records.first?.objectValue, var fields = first["fields"]?.objectValue,
            let name = fields.keys.first, var field = fields[name]?.objectValue
        else { return answer }
        field["type"] = nil
        fields[name] = .object(field)
        first["fields"] = .object(fields)
        records[0] = .object(first)
        object["records"] = .array(records)
        return .object(object)
    }
}
