internal import TreatyDialectKit
internal import TreatyJSON

extension CloudKitSuites {
    /// A saved REFERENCE without its `action` is a BAD_REQUEST entry for that record, and nothing
    /// is written (cloudkit.md §4: the action is required outside queries).
    static func referenceNeedsAction(_ bench: CloudKitBench, type: CloudKitRecordType, target: String, unique: String)
        async throws
    {
        guard let reference = type.fieldOrder.first(where: { type.fields[$0]?.type == .reference }) else { return }
        let name = "treaty-\(unique)-ref"
        var fields = Self.fields(type, name: target, unique: unique)
        fields[reference] = ["value": ["recordName": .string(target)], "type": "REFERENCE"]
        let refused = try await bench.modify(
            [
                CloudKitBench.operation(
                    "create",
                    ["recordName": .string(name), "recordType": .string(type.name), "fields": .object(fields)])
            ],
            "saving a REFERENCE without its action")
        let written = try await bench.lookup(name) != nil
        if refused.value(at: "/records/0/serverErrorCode")?.stringValue != "BAD_REQUEST" || written {
            bench.context.fail(
                .cloudKitField, at: "/records/0",
                "\(refused.request): a REFERENCE '\(reference)' without an action was not a BAD_REQUEST entry\(written ? ", and the record was written" : "")",
                detail: "fix: a saved reference names its action, NONE, DELETE_SELF or VALIDATE (cloudkit.md §4)")
            if written { try await delete(bench, [name]) }
        }
    }
}
