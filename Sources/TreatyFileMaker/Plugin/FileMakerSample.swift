internal import Foundation
internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialect
internal import TreatyDialectKit
internal import TreatyJSON

/// The conformance suite's requests for a FileMaker backend: a range and one record of every
/// layout with fixtures (checked as records answers), and — logged in with the first account —
/// the create of a record on the first layout whose fields take plain values.
struct FileMakerSample {
    let schema: FileMakerSchema
    let backend: SimulatedBackend

    func sample() -> DialectSample {
        guard let database = schema.databases.first, let account = database.accounts.first else {
            return DialectSample(reads: [], write: [])
        }
        let base = "/fmi/data/vLatest/databases/\(Self.escape(database.name))"
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
            let records = "\(base)/layouts/\(Self.escape(layout.name))/records"
            for target in [records + "?_limit=2", records + "/" + id] {
                reads.append(
                    SampleRead(
                        request: SampleRequest(.get, target), subject: .endpoint("GET \(target)"),
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
            .post, "\(base)/layouts/\(Self.escape(layout.name))/records", body: ["fieldData": .object(fieldData)])
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

    static func escape(_ name: String) -> String {
        name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/")))
            ?? name
    }
}
