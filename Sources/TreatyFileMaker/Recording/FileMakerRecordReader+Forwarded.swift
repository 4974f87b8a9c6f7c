internal import Foundation
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

extension FileMakerRecordReader {
    /// The records of a forwarded successful read of a layout's records — `GET …/layouts/{layout}/records`,
    /// `GET …/layouts/{layout}/records/{recordId}` or `POST …/layouts/{layout}/_find` — in the
    /// form ``read(_:)`` keeps them: each `response.data` item's own stored fields with its
    /// `recordId` and `modId`, turned into the store's record by ``FileMakerFixtureLoader``.
    /// A layout or database the contract does not declare, and every other route, gives none.
    ///
    /// - Parameters:
    ///   - answer: The forwarded request and the live backend's answer.
    ///   - schema: The contract's databases.
    /// - Returns: The records, under their table's store resource.
    static func records(forwardedIn answer: ForwardedAnswer, schema: FileMakerSchema) -> [ForwardedRecord] {
        guard (200..<300).contains(answer.status) else { return [] }
        let segments = answer.request.path.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.removingPercentEncoding ?? String($0) }
        guard segments.count >= 8, segments[0].isEmpty, segments[1] == "fmi", segments[2] == "data",
            segments[4] == "databases", segments[6] == "layouts",
            let database = schema.database(named: segments[5]), let layout = database.layout(named: segments[7])
        else { return [] }
        let tail = Array(segments.dropFirst(8))
        let reads =
            answer.request.method == "GET" && (tail == ["records"] || (tail.count == 2 && tail[0] == "records"))
            || answer.request.method == "POST" && tail == ["_find"]
        guard reads, let data = answer.body["response"]?["data"]?.arrayValue else { return [] }
        let items: [JSONValue] = data.compactMap { item in
            guard let record = item.objectValue, let fields = record["fieldData"]?.objectValue,
                let id = record["recordId"]?.stringValue
            else { return nil }
            return .object(fixture(fields, id: id, modId: record["modId"]?.stringValue ?? "0", layout: layout))
        }
        let converted = FileMakerFixtureLoader.records(
            items, layout: layout, database: database, existing: [],
            locate: { message, _, rule, fix in .error(rule, message, fix: fix) })
        guard converted.diagnostics.isEmpty else { return [] }
        let resource = FileMakerStoreModel.resource(database: database.name, table: layout.table)
        return converted.records.map { ForwardedRecord(resource: resource, record: $0) }
    }
}
