import TreatyCore
import TreatyDialect
import TreatyJSON

/// rest-sync's nested relation shape (rest-sync.md §4, RS-SH-1): where an endpoint declares
/// `shape: nested` for a relation, answers carry the related records themselves under the
/// relation's name (`"assignee": {…}`, `"watchers": [{…}]`) instead of their ids, and a write
/// may send them so: each nested child is upserted by its id — created when the store has no
/// such record, changed where it differs — and the relation then holds its id.
///
/// The store keeps foreign keys either way; this type turns them into nested records on the way
/// out and nested records into foreign keys (after the upserts) on the way in.
struct NestedRelations: Sendable {
    /// One relation an endpoint nests.
    struct Relation: Sendable {
        /// The relation's field name.
        let name: String
        /// The key the store keeps its ids under.
        let foreignKey: String
        /// The key answers nest it under.
        let nestedKey: String
        /// The related resource.
        let target: Resource
        /// Whether it is to-many.
        let many: Bool
    }

    let relations: [Relation]

    /// The relations `endpoint` nests among `resource`'s fields; empty for most endpoints.
    init(endpoint: Endpoint, resource: Resource, contract: Contract) {
        relations = resource.fields.compactMap { field in
            guard let relation = field.relation, endpoint.shape(of: field) == .nested,
                let target = contract.resource(named: relation.target)
            else { return nil }
            return Relation(
                name: field.name, foreignKey: relation.foreignKey, nestedKey: relation.nestedKey, target: target,
                many: relation.many)
        }
    }

    var isEmpty: Bool { relations.isEmpty }

    /// The resources whose records the nested answers show.
    var targets: [String] { relations.map(\.target.name) }

    // MARK: - Answers

    /// `record` with each nested relation's ids replaced, in place, by the related records as
    /// `show` presents them: `null` for no record (or one the store no longer holds), `[]` for
    /// no members.
    func nest(_ record: JSONObject, store: RecordStore, show: (JSONObject, String) -> JSONObject) -> JSONObject {
        guard !isEmpty else { return record }
        var members: [JSONObject.Member] = []
        members.reserveCapacity(record.count)
        for member in record {
            guard let relation = relations.first(where: { $0.foreignKey == member.key }) else {
                members.append(member)
                continue
            }
            func related(_ id: JSONValue) -> JSONValue? {
                guard let text = Self.idText(id), let child = try? store.get(relation.target.name, id: text) else {
                    return nil
                }
                return .object(show(child, relation.target.name))
            }
            let value: JSONValue =
                if relation.many {
                    .array((member.value.arrayValue ?? []).compactMap(related))
                } else {
                    related(member.value) ?? .null
                }
            members.append(JSONObject.Member(key: relation.nestedKey, value: value))
        }
        return JSONObject(members)
    }

    // MARK: - Writes

    /// `body` with each nested relation it carries upserted and replaced by its ids under the
    /// foreign key. Call it inside the transaction of the write it belongs to, so a refused
    /// write leaves no child behind.
    ///
    /// - Throws: ``StoreError`` `invalid_value` for a nested value that is neither `null`, an
    ///   object (to-one) nor a list of objects (to-many), or a child without its id; a child's own
    ///   write errors, with the field named from the parent (`assignee.display_name`).
    func absorb(_ body: JSONValue, store: RecordStore) throws(StoreError) -> JSONValue {
        guard !isEmpty, var object = body.objectValue else { return body }
        for relation in relations {
            guard let value = object[relation.nestedKey] else { continue }
            object[relation.nestedKey] = nil
            object[relation.foreignKey] = try ids(of: value, relation, store: store)
        }
        return .object(object)
    }

    private func ids(of value: JSONValue, _ relation: Relation, store: RecordStore) throws(StoreError) -> JSONValue {
        switch (value, relation.many) {
        case (.null, false): return .null
        case (.null, true): return .array([])
        case (.object(let child), false): return try upsert(child, relation, at: relation.nestedKey, store: store)
        case (.array(let children), true):
            var ids: [JSONValue] = []
            for (index, element) in children.enumerated() {
                guard case .object(let child) = element else {
                    throw StoreError(
                        .invalidValue, field: relation.nestedKey,
                        "'\(relation.nestedKey)[\(index)]' is not an object: nested members are records with their '\(relation.target.identity.key)'")
                }
                ids.append(try upsert(child, relation, at: "\(relation.nestedKey)[\(index)]", store: store))
            }
            return .array(ids)
        default:
            let expected = relation.many ? "a list of nested records" : "a nested record"
            throw StoreError(
                .invalidValue, field: relation.nestedKey, "'\(relation.nestedKey)' must be \(expected) or null")
        }
    }

    /// Creates `child` when the store has no record with its id, changes the keys that differ
    /// otherwise, and returns its id.
    private func upsert(_ child: JSONObject, _ relation: Relation, at path: String, store: RecordStore)
        throws(StoreError) -> JSONValue
    {
        let target = relation.target
        let idKey = target.identity.key
        guard let id = child[idKey], let text = Self.idText(id) else {
            throw StoreError(
                .invalidValue, field: relation.nestedKey,
                "the nested record '\(path)' has no '\(idKey)': nested records are upserted by their id")
        }
        do throws(StoreError) {
            if let stored = try? store.get(target.name, id: text) {
                let owned = Set(
                    [idKey, target.scope?.key, target.sync.createdAt, target.sync.updatedAt, target.sync.version,
                        target.sync.tombstone].compactMap { $0 })
                let changes = child.filter { !owned.contains($0.key) && stored[$0.key] != $0.value }
                if !changes.isEmpty { _ = try store.update(target.name, id: text, patch: .object(JSONObject(changes))) }
            } else {
                _ = try store.create(target.name, body: .object(stamped(child, target, store: store)))
            }
        } catch {
            throw StoreError(error.code, field: "\(path).\(error.field ?? idKey)", error.message)
        }
        return id
    }

    /// `child` with the timestamps a client-created record needs, taken from the store's clock
    /// where the nested record leaves them out.
    private func stamped(_ child: JSONObject, _ target: Resource, store: RecordStore) -> JSONObject {
        guard target.create == .client else { return child }
        var stamped = child
        let now = JSONValue.string(TimestampText.format(store.presentTime()))
        for key in [target.sync.createdAt, target.sync.updatedAt].compactMap({ $0 }) where stamped[key] == nil {
            stamped[key] = now
        }
        return stamped
    }

    /// An id as the store looks it up: text as is, a number as its digits.
    static func idText(_ value: JSONValue) -> String? {
        value.stringValue ?? value.numberValue?.text
    }
}
