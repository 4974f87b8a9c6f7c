import TreatyCore
import TreatyDialect
import TreatyJSON

/// rest-sync's batch upload, `POST /sync/upload` (rest-sync.md §10): a list of `upsert` and
/// `delete` operations answered one result per operation, never all-or-nothing.
///
/// Request: `{"operations":[{"operation":"upsert","type":"tasks","id":"T9","updatedAt":"…",
/// "data":{…}}, {"operation":"delete","type":"tasks","id":"T5","updatedAt":"…"}]}`. The
/// envelope is camelCase (`updatedAt`), `data` uses the contract's keys. `type` is a resource's
/// name or its plural; a scoped resource's parent key must be in `data`.
///
/// Answer (200): `{"results":[…]}`, one entry per operation in order, each echoing
/// `operation`, `type` and `id` as sent (`null` when missing) plus a `status`:
/// - `applied` with `record`: the stored record, the tombstone of a delete, or `null` for a
///   delete of an id that never existed;
/// - `stale` with `server`: the stored record (or tombstone), which won last-writer-wins;
/// - `rejected` with `code`, `message` and `field` (a string or `null`), as in rest-sync's error
///   body.
struct SyncUpload {
    let contract: Contract
    let endpoint: Endpoint

    /// The operations the upload understands.
    static let operations = ["upsert", "delete"]

    /// Applies the upload `body` to `store` under one lock acquisition.
    ///
    /// - Throws: ``StoreError`` for a body that is not an object with an `operations` array.
    func apply(_ body: JSONValue, to store: RecordStore) throws(StoreError) -> JSONValue {
        guard case .object(let envelope) = body else {
            throw StoreError(.invalidValue, "the body must be a JSON object with an 'operations' array")
        }
        guard let list = envelope["operations"], !list.isNull else {
            throw StoreError(
                .missingField, field: "operations", "'operations' is required: an array of upsert and delete operations"
            )
        }
        guard case .array(let entries) = list else {
            throw StoreError(.invalidValue, field: "operations", "'operations' must be an array")
        }
        let plans = entries.map(plan)
        let accepted = plans.compactMap { try? $0.get() }
        var outcomes = store.apply(accepted, mode: .independent).outcomes.makeIterator()
        var results: [JSONValue] = []
        results.reserveCapacity(entries.count)
        for (entry, plan) in zip(entries, plans) {
            var result: JSONObject = [
                "operation": entry["operation"] ?? .null, "type": entry["type"] ?? .null, "id": entry["id"] ?? .null,
            ]
            switch plan {
            case .failure(let error):
                Self.reject(&result, error)
            case .success:
                switch outcomes.next() {
                case .applied(let record)?:
                    result["status"] = "applied"
                    result["record"] = record.map(JSONValue.object) ?? .null
                case .stale(let record)?:
                    result["status"] = "stale"
                    result["server"] = .object(record)
                case .failed(let error)?:
                    Self.reject(&result, error)
                case .rolledBack?, .skipped?, nil:
                    Self.reject(&result, StoreError(.invalidValue, "the operation was not applied"))
                }
            }
            results.append(.object(result))
        }
        return ["results": .array(results)]
    }

    private static func reject(_ result: inout JSONObject, _ error: StoreError) {
        result["status"] = "rejected"
        result["code"] = .string(error.code.rawValue)
        result["message"] = .string(error.message)
        result["field"] = error.field.map(JSONValue.string) ?? .null
    }

    /// The store operation for one entry, or why it is rejected before reaching the store.
    private func plan(_ entry: JSONValue) -> Result<StoreOperation, StoreError> {
        guard case .object(let operation) = entry else {
            return .failure(StoreError(.invalidValue, "each operation must be a JSON object"))
        }
        let kind: String
        switch operation["operation"] {
        case nil, .null?:
            return .failure(
                StoreError(
                    .missingField, field: "operation", "'operation' is required: upsert or delete (nothing is guessed)")
            )
        case .string(let text)? where Self.operations.contains(text):
            kind = text
        case let other?:
            let text = other.stringValue ?? other.serialized()
            let hint = Suggestion.closest(to: text, among: Self.operations).map { " (did you mean '\($0)'?)" } ?? ""
            return .failure(
                StoreError(
                    .invalidValue, field: "operation", "unknown operation '\(text)'\(hint); use upsert or delete"))
        }
        let resource: Resource
        switch self.resource(for: operation["type"]) {
        case .success(let found): resource = found
        case .failure(let error): return .failure(error)
        }
        guard let id = Self.idText(operation["id"]) else {
            if let given = operation["id"], !given.isNull, given != "" {
                return .failure(StoreError(.invalidValue, field: "id", "'id' must be a string or an integer"))
            }
            return .failure(StoreError(.missingField, field: "id", "'id' is required"))
        }
        guard let stampText = operation["updatedAt"]?.stringValue else {
            if let given = operation["updatedAt"], !given.isNull {
                return .failure(StoreError(.invalidValue, field: "updatedAt", "'updatedAt' must be a timestamp string"))
            }
            return .failure(
                StoreError(.missingField, field: "updatedAt", "'updatedAt' is required: last writer wins on it"))
        }
        guard let updatedAt = TimestampText.milliseconds(stampText) else {
            return .failure(
                StoreError(
                    .invalidValue, field: "updatedAt",
                    "'\(stampText)' is not a timestamp such as 2025-01-01T09:00:00.000Z"))
        }
        if kind == "delete" { return .success(.deleteIfNewer(resource.name, id: id, updatedAt: updatedAt)) }
        guard let data = operation["data"], !data.isNull else {
            return .failure(
                StoreError(.missingField, field: "data", "'data' is required: an upsert carries the record"))
        }
        guard case .object(let record) = data else {
            return .failure(StoreError(.invalidValue, field: "data", "'data' must be a JSON object"))
        }
        let idKey = resource.identity.key
        if let given = record[idKey], !given.isNull, Self.idText(given) != id {
            return .failure(
                StoreError(.invalidValue, field: idKey, "'\(idKey)' in data must equal the operation's id '\(id)'"))
        }
        if let scope = resource.scope, record[scope.key] == nil || record[scope.key] == .null {
            return .failure(
                StoreError(
                    .missingField, field: scope.key,
                    "'\(scope.key)' is required in data: it names the \(scope.parent) of the \(resource.name)"))
        }
        return .success(.upsertIfNewer(resource.name, id: id, record: data, updatedAt: updatedAt))
    }

    /// The resource `type` names: a resource's name or its plural (`tasks` → `task`), within
    /// the endpoint's `resource` when it narrows the upload to one.
    private func resource(for type: JSONValue?) -> Result<Resource, StoreError> {
        guard let type, !type.isNull else {
            return .failure(StoreError(.missingField, field: "type", "'type' is required: the resource, e.g. 'tasks'"))
        }
        let accepted = contract.resources.filter { endpoint.resource.isEmpty || $0.name == endpoint.resource }
        if let text = type.stringValue,
            let match = accepted.first(where: { $0.name == text || $0.name == Inflection.singular(text) })
        {
            return .success(match)
        }
        let text = type.stringValue ?? type.serialized()
        let names = accepted.map(\.name)
        let hint =
            Suggestion.closest(to: Inflection.singular(text), among: names).map { " (did you mean '\($0)'?)" } ?? ""
        return .failure(
            StoreError(
                .invalidValue, field: "type",
                "type '\(text)' is not a resource this endpoint accepts\(hint); use one of: \(names.joined(separator: ", ")) (or their plurals)"
            ))
    }

    private static func idText(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text)? where !text.isEmpty: text
        case .number(let number)? where number.isInteger: number.text
        default: nil
        }
    }
}
