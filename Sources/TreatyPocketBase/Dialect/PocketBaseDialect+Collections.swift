import Foundation
import HTTPTypes
import Synchronization
import TreatyCore
import TreatyDialect
import TreatyJSON
import TreatyQuery

extension PocketBaseDialect {
    /// The superuser-only collections API: list, create, view, update, delete and import.
    func collectionsAPI(_ call: PocketBaseCall, rest: [String]) throws(PocketBaseErrorResponse) -> DialectResponse {
        try requireSuperuser(call)
        let method = call.request.method
        if rest.isEmpty {
            switch method {
            case .get:
                let items = try state.withLock { state throws(PocketBaseErrorResponse) in
                    try state.collections.map { collection throws(PocketBaseErrorResponse) -> JSONValue in
                        try fieldsApplied(collectionJSON(collection, state), call)
                    }
                }
                return Self.json([
                    "items": .array(items), "page": 1, "perPage": .number(JSONNumber(max(items.count, 30))),
                    "totalItems": .number(JSONNumber(items.count)), "totalPages": 1,
                ])
            case .post:
                let created = try schemaChange(call) { state throws(PocketBaseErrorResponse) in
                    let collection = try PocketBaseCollection.create(
                        fromBody: call.request.body, existing: state.collections)
                    let now = Self.changeTime(call.store)
                    state.collections.append(collection)
                    state.collectionTimes[collection.id] = (now, now)
                    call.store.define(collection.storeResource)
                    return collectionJSON(collection, state)
                }
                return Self.json(try fieldsApplied(created, call))
            default: throw .notFound
            }
        }
        if rest == ["import"], method == .put {
            return try importCollections(call)
        }
        let name = rest[0]
        switch method {
        case .get:
            let value = try state.withLock { state throws(PocketBaseErrorResponse) in
                guard let collection = state.collection(name) else { throw .notFound }
                return collectionJSON(collection, state)
            }
            return Self.json(try fieldsApplied(value, call))
        case .patch:
            guard case .object(let patch) = (try? JSONParser().parse(call.request.body)) ?? .null else {
                throw .invalidCollectionTypeData
            }
            let value = try schemaChange(call) { state throws(PocketBaseErrorResponse) in
                guard let index = state.collections.firstIndex(where: { $0.name == name || $0.id == name }) else {
                    throw .notFound
                }
                let current = state.collections[index]
                var merged = current.json.objectValue ?? JSONObject()
                for member in patch.members {
                    if case .object(let inner) = member.value, case .object(var existing) = merged[member.key] {
                        for innerMember in inner.members { existing[innerMember.key] = innerMember.value }
                        merged[member.key] = .object(existing)
                    } else {
                        merged[member.key] = member.value
                    }
                }
                var others = state.collections
                others.remove(at: index)
                var changed = try PocketBaseCollection.create(from: .object(merged), existing: others)
                changed.id = current.id
                changed.system = current.system
                state.collections[index] = changed
                state.collectionTimes[changed.id] = (state.collectionTimes[changed.id]?.created ?? Self.changeTime(call.store), Self.changeTime(call.store))
                call.store.define(changed.storeResource)
                return collectionJSON(changed, state)
            }
            return Self.json(try fieldsApplied(value, call))
        case .delete:
            try schemaChange(call) { state throws(PocketBaseErrorResponse) in
                guard let index = state.collections.firstIndex(where: { $0.name == name || $0.id == name }),
                    !state.collections[index].system
                else { throw .notFound }
                let removed = state.collections.remove(at: index)
                try? call.store.removeResource(named: removed.name)
                let files = PocketBaseStoredKeys.file(removed.id + "/")
                for key in call.store.attachments(prefixed: files).keys { call.store.attach(nil, as: key) }
            }
            return Self.noContent
        default:
            throw .notFound
        }
    }

    private func importCollections(_ call: PocketBaseCall) throws(PocketBaseErrorResponse) -> DialectResponse {
        guard case .object(let body) = (try? JSONParser().parse(call.request.body)) ?? .null,
            case .array(let items) = body["collections"] ?? .null
        else { throw .badRequest }
        try schemaChange(call) { state throws(PocketBaseErrorResponse) in
            for item in items {
                let name = item["name"]?.stringValue ?? ""
                let others = state.collections.filter { $0.name != name }
                let collection = try PocketBaseCollection.create(from: item, existing: others)
                let now = Self.changeTime(call.store)
                if let index = state.collections.firstIndex(where: { $0.name == name }) {
                    state.collections[index] = collection
                } else {
                    state.collections.append(collection)
                }
                state.collectionTimes[collection.id] = (state.collectionTimes[collection.id]?.created ?? now, now)
                call.store.define(collection.storeResource)
            }
        }
        return Self.noContent
    }

    /// `GET`/`PATCH /api/settings` (only `batch` is kept).
    func settings(_ call: PocketBaseCall) throws(PocketBaseErrorResponse) -> DialectResponse {
        try requireSuperuser(call)
        switch call.request.method {
        case .get:
            return Self.json(try fieldsApplied(["batch": state.withLock { $0.batch.json }], call))
        case .patch:
            guard case .object(let body) = (try? JSONParser().parse(call.request.body)) ?? .null else {
                throw .badRequest
            }
            let batch = schemaChange(call) { state in
                if case .object(let settings) = body["batch"] ?? .null { state.batch.apply(settings) }
                return state.batch.json
            }
            return Self.json(try fieldsApplied(["batch": batch], call))
        default:
            throw .notFound
        }
    }

    /// Runs a change to the collections (or settings) and the store resources behind them as
    /// one store transaction, holding the dialect's state lock inside it (the lock order the
    /// store documents: the store's writer lock first), so no reader sees a half-changed schema
    /// in the store and no two changes interleave. The changed state is written to its store
    /// attachment in the same transaction — one commit with the records it affects — and kept
    /// only when `body` returns.
    private func schemaChange<Result, Failure: Error>(
        _ call: PocketBaseCall, _ body: (inout PocketBaseDialectState) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try call.store.transaction { () throws(Failure) -> Result in
            try state.withLock { state throws(Failure) -> Result in
                var changed = state
                let result = try body(&changed)
                save(&changed, in: call.store)
                state = changed
                return result
            }
        }
    }

    func requireSuperuser(_ call: PocketBaseCall) throws(PocketBaseErrorResponse) {
        if call.caller.isGuest { throw .unauthorized }
        if !call.caller.isSuperuser { throw .forbidden }
    }

    private func collectionJSON(_ collection: PocketBaseCollection, _ state: PocketBaseDialectState) -> JSONValue {
        let times = state.collectionTimes[collection.id] ?? (Self.dateTime(0), Self.dateTime(0))
        return collection.json(created: times.created, updated: times.updated)
    }

    private func fieldsApplied(_ value: JSONValue, _ call: PocketBaseCall) throws(PocketBaseErrorResponse) -> JSONValue {
        guard let fields = call.query("fields"), !fields.isEmpty, case .object(let object) = value else { return value }
        return .object(try Self.applyFields(fields, to: object))
    }
}
