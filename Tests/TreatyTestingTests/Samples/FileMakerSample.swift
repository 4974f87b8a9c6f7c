import Foundation
import HTTPTypes
import TreatyCore
import TreatyDialect
import TreatyDialectKit
@testable import TreatyFileMaker
import TreatyJSON
import TreatyTesting

/// The conformance suite's requests for a FileMaker backend: a range and one record of every
/// layout with fixtures (checked as records answers), and — logged in with the first account —
/// the create of a record on the first layout whose fields take plain values.
struct FileMakerSample {
    let schema: FileMakerSchema
    let backend: SimulatedBackend

    /// The sample for a backend of the dialect's example.
    @Sendable static func make(_ backend: SimulatedBackend) -> DialectSample {
        guard let schema = FileMakerSchemaDecoder().decode(backend.contract).schema else {
            return DialectSample(reads: [], write: [])
        }
        return FileMakerSample(schema: schema, backend: backend).sample()
    }

    func sample() -> DialectSample {
        guard let database = schema.databases.first, let account = database.accounts.first else {
            return DialectSample(reads: [], write: [])
        }
        let base = "/fmi/data/vLatest/databases/\(FileMakerPathSegment.escape(database.name))"
        var login = SampleRequest(
            .post, base + "/sessions", body: .object(JSONObject()),
            sessionToken: try? JSONPointer(parsing: "/response/token"), sessionScheme: "Bearer ")
        let credentials = Data("\(account.username):\(account.password)".utf8).base64EncodedString()
        login.headers[.authorization] = "Basic \(credentials)"
        var reads: [SampleRead] = []
        for layout in database.layouts {
            let resource = FileMakerStoreModel.resource(database: database.name, table: layout.table)
            guard let first = backend.fixtures.records[resource]?.first,
                let id = first["recordId"]?.stringValue, let field = layout.fields.first(where: { !$0.global })
            else { continue }
            let records = "\(base)/layouts/\(FileMakerPathSegment.escape(layout.name))/records"
            for target in [records + "?_limit=2", records + "/" + id] {
                reads.append(
                    SampleRead(
                        request: SampleRequest(.get, target), subject: .endpoint(EndpointRequest(parsing: "GET \(target)")),
                        brokenRule: .fileMakerField
                    ) { answer in
                        Self.removing(field.name, from: answer)
                    })
            }
        }
        guard let layout = database.layouts.first(where: { Self.isPlain($0) }) else {
            return DialectSample(session: [login], reads: reads, write: [])
        }
        var fieldData = JSONObject()
        for field in layout.fields
        where field.isWritable && !field.global && field.result != .container && field.autoEnter == nil {
            fieldData[field.name] = FileMakerSampleValues.value(for: field, layout: layout, unique: "conformance")
        }
        let create = SampleRequest(
            .post, "\(base)/layouts/\(FileMakerPathSegment.escape(layout.name))/records", body: ["fieldData": .object(fieldData)])
        return DialectSample(session: [login], reads: reads, write: [create])
    }

    /// Whether the layout has a field a create can set.
    private static func isPlain(_ layout: FileMakerLayout) -> Bool {
        layout.fields.contains { $0.isWritable && !$0.global }
    }

    private static func removing(_ key: String, from answer: JSONValue) -> JSONValue {
        guard var object = answer.objectValue, var response = object["response"]?.objectValue,
            var data = response["data"]?.arrayValue, var first = data.first?.objectValue,
            var fieldData = first["fieldData"]?.objectValue
        else { return answer }
        fieldData[key] = nil
        first["fieldData"] = .object(fieldData)
        data[0] = .object(first)
        response["data"] = .array(data)
        object["response"] = .object(response)
        return .object(object)
    }
}
