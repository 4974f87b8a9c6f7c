internal import HTTPTypes
internal import Synchronization
internal import TreatyCore
internal import TreatyDialect
internal import TreatyJSON

extension MutationAnatomy {
    /// The mutant of a write that stores one key of its body less than it answers: the first
    /// field of the body (not the identity, not the concurrency token) is taken out before the
    /// real dialect sees it, and put back into the answer as sent, so only a later read tells.
    func partialMutants(_ route: AnswerRoute) -> [Mutant] {
        guard let path = route.writeFields else { return [] }
        let identities = Set(route.fieldKeys.filter { $0.kind == .identifier }.map(\.key))
        let skipped = identities.union(route.token?.last.map { [$0] } ?? [])
        return [
            mutant(
                .writeAppliedPartially, route.name,
                "stores \(route.name) without the first field of its body, but answers as if it stored them all"
            ) { request, _, forward in
                guard route.matches(request.method, path: request.path),
                    let body = try? JSONParser().parse(request.body)
                else { return forward(request) }
                let sent = body.values(at: path[...]).compactMap(\.objectValue)
                guard let key = sent.lazy.flatMap(\.keys).first(where: { !skipped.contains($0) }),
                    let value = sent.lazy.compactMap({ $0[key] }).first
                else { return forward(request) }
                var stripped = request
                stripped.body = body.updating(path[...]) { fields in
                    fields.objectValue.map { .object($0.removing(key)) } ?? fields
                }.serializedBytes()
                return forward(stripped).mappingSuccessBody { answer in
                    route.mappingFields(answer) { fields in Self.claiming(fields, key, value, valueKey: route.valueKey)
                    }
                }
            }
        ]
    }

    /// `fields` with `key` holding `value` as sent (in its wrapper's value member when the answer
    /// wraps values and already holds the key).
    static func claiming(_ fields: JSONObject, _ key: String, _ value: JSONValue, valueKey: String?) -> JSONObject {
        var copy = fields
        if let valueKey, let wrapper = fields[key]?.objectValue, let sentValue = value[valueKey] {
            var claimed = wrapper
            claimed[valueKey] = sentValue
            copy[key] = .object(claimed)
        } else {
            copy[key] = value
        }
        return copy
    }

    /// The mutants of writes aimed at the wrong record: another record of the resource changed
    /// instead of the one asked for, and a deleted record brought back by a write to it.
    func targetMutants(_ route: AnswerRoute) -> [Mutant] {
        guard let resource = route.store, let parameter = route.path.parameters.last else { return [] }
        var mutants = [
            mutant(
                .writeAppliedToWrongRecord, route.name,
                "applies \(route.name) to another record of \(route.resource) and answers as if it changed the one asked for"
            ) { request, store, forward in
                guard route.matches(request.method, path: request.path), let values = route.path.match(request.path),
                    let id = values[parameter],
                    let other = Self.otherRecord(
                        than: id, of: resource, sharing: values.filter { $0.key != parameter }, in: store),
                    let moved = Self.aiming(request, from: id, to: other)
                else { return forward(request) }
                let identities = Set(route.fieldKeys.filter { $0.kind == .identifier }.map(\.key))
                return forward(moved).mappingSuccessBody { answer in
                    route.mappingFieldValues(answer) { key, value in
                        identities.contains(key) && Self.text(of: value) == other ? .string(id) : value
                    }
                }
            }
        ]
        if route.method == .delete || route.method == .patch || route.method == .put {
            let deleted = DeletedRecords()
            // The deletes of the same records, which may sit on another path (`/items/{id}` for
            // a write to `/items/{id}/members`).
            let deletes = routes.filter { $0.store == resource && $0.method == .delete } + [route]
            mutants.append(
                mutant(
                    .writeAppliedToDeleted, route.name,
                    "applies \(route.name) to a deleted record (bringing it back) instead of answering not found"
                ) { request, store, forward in
                    let deleting = deletes.lazy.compactMap { delete -> String? in
                        guard request.method == .delete, let last = delete.path.parameters.last else { return nil }
                        return delete.path.match(request.path)?[last]
                    }.first
                    let before = deleting.flatMap { try? store.get(resource, id: $0) }
                    let answer = forward(request)
                    if let deleting, let before, (200..<300).contains(answer.status.code) {
                        deleted.remember(before, id: deleting, resource: resource)
                        return answer
                    }
                    guard route.matches(request.method, path: request.path),
                        let id = route.path.match(request.path)?[parameter],
                        !(200..<300).contains(answer.status.code),
                        (try? store.get(resource, id: id)) == nil,
                        let record = deleted.record(id: id, resource: resource),
                        store.apply(
                            [.update(resource, id: id, patch: .object(record), creatingIfMissing: true)], mode: .atomic
                        ).isCommitted
                    else { return answer }
                    return forward(request)
                })
        }
        return mutants
    }

    /// The id of a live record of `resource` other than `id`, the first in the store's order
    /// that holds the path's other parameters (`project_id` of `/projects/{project_id}/…/{id}`)
    /// where it has their keys, so the moved request still finds its parent.
    static func otherRecord(
        than id: String, of resource: String, sharing values: [String: String], in store: RecordStore
    ) -> String? {
        guard let key = store.resource(named: resource)?.identity.key, let records = try? store.list(resource).records
        else { return nil }
        return records.lazy.filter { record in
            values.allSatisfy { name, value in record[name].map { text(of: $0) == value } ?? true }
        }.compactMap { $0[key].flatMap(text(of:)) }.first { $0 != id }
    }

    /// An id's text (a number's digits).
    static func text(of value: JSONValue) -> String? {
        value.stringValue ?? value.numberValue?.text
    }

    /// `request` aimed at record `other` instead of `id`: the last path segment that is `id`
    /// replaced.
    static func aiming(_ request: DialectRequest, from id: String, to other: String) -> DialectRequest? {
        var segments = request.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let index = segments.lastIndex(where: { $0 == id || PercentDecoding.decode($0) == id }) else {
            return nil
        }
        segments[index] = PercentEncoding.component(other)
        var moved = request
        moved.path = segments.joined(separator: "/")
        return moved
    }
}

/// The records a mutant saw deleted, so a later write to one can bring it back.
final class DeletedRecords: Sendable {
    private let records = Mutex<[String: JSONObject]>([:])

    /// Remembers `record` as deleted.
    func remember(_ record: JSONObject, id: String, resource: String) {
        records.withLock { $0[resource + "/" + id] = record }
    }

    /// The deleted record `id` of `resource`, if the mutant saw it deleted.
    func record(id: String, resource: String) -> JSONObject? {
        records.withLock { $0[resource + "/" + id] }
    }
}
