import Foundation
import HTTPTypes
import Synchronization
import TreatyCore
import TreatyDialect
import TreatyJSON
import TreatyQuery

extension PocketBaseDialect {
    /// `POST R`: validates, checks the create rule against the record to be, then stores it.
    func create(_ call: PocketBaseCall, _ collection: PocketBaseCollection) throws(PocketBaseErrorResponse)
        -> DialectResponse
    {
        let (body, uploads) = try requestBody(call.request)
        if collection.rules.create == nil, !call.caller.isSuperuser { throw .superusersOnly }
        return try call.store.transaction { () throws(PocketBaseErrorResponse) -> DialectResponse in
            let record = try createRecord(call, collection, body: body, uploads: uploads)
            return Self.json(.object(try present(record, of: collection, call: call, scope: queryScope(call))))
        }
    }

    /// Creates one record (the caller runs it in a store transaction).
    func createRecord(
        _ call: PocketBaseCall, _ collection: PocketBaseCollection, body: JSONObject, uploads: [PocketBaseUpload] = []
    ) throws(PocketBaseErrorResponse) -> JSONObject {
        let writer = PocketBaseRecordWriter(collection: collection)
        let prepared = prepareUploads(uploads, body: body, for: collection, store: call.store)
        var record = writer.apply(prepared.body, to: writer.emptyRecord(), asSuperuser: call.caller.isSuperuser)
        var errors = [String: PocketBaseFieldError]()
        let givenID = record["id"]?.stringValue ?? ""
        if givenID.isEmpty { record["id"] = .string(newRecordID(call.store)) }
        if collection.type == .auth {
            if record["tokenKey"]?.stringValue?.isEmpty ?? true { record["tokenKey"] = .string(newRandomText(50, call.store)) }
            let password = body["password"].map(GoCast.string) ?? ""
            if password != (body["passwordConfirm"].map(GoCast.string) ?? "") {
                errors["passwordConfirm"] = .valuesMismatch
            }
            if !call.caller.isSuperuser, record["verified"] == .bool(true) { errors["verified"] = .valuesMismatch }
        }
        let now = Self.changeTime(call.store)
        for field in collection.fields {
            if case .autodate(let options) = field.options, options.onCreate || options.onUpdate {
                record[field.name] = .string(now.description)
            }
        }
        errors.merge(validate(record, original: nil, in: collection, store: call.store, newFiles: prepared.validation)) {
            first, _ in first
        }
        guard errors.isEmpty else { throw .failedToCreateRecord(errors) }
        let scope = queryScope(call, body: body, replacing: (collection.name, record))
        guard satisfies(collection.rules.create, record: record, in: collection, call: call, scope: scope) else {
            throw .failedToCreateRecord()
        }
        if collection.type == .auth, let password = record["password"]?.stringValue {
            record["password"] = .string(Self.passwordHash(password))
        }
        let created: JSONObject
        do {
            created = try call.store.create(collection.name, body: .object(record))
        } catch {
            throw .failedToCreateRecord(["id": .notUnique])
        }
        commitFiles(prepared, record: created, original: nil, of: collection, in: call.store)
        return created
    }

    /// `PATCH R/{id}`.
    func update(_ call: PocketBaseCall, _ collection: PocketBaseCollection, id: String)
        throws(PocketBaseErrorResponse) -> DialectResponse
    {
        let (body, uploads) = try requestBody(call.request)
        if collection.rules.update == nil, !call.caller.isSuperuser { throw .superusersOnly }
        return try call.store.transaction { () throws(PocketBaseErrorResponse) -> DialectResponse in
            let record = try updateRecord(call, collection, id: id, body: body, uploads: uploads)
            return Self.json(.object(try present(record, of: collection, call: call, scope: queryScope(call))))
        }
    }

    /// Updates one record (the caller runs it in a store transaction).
    func updateRecord(
        _ call: PocketBaseCall, _ collection: PocketBaseCollection, id: String, body: JSONObject,
        uploads: [PocketBaseUpload] = []
    ) throws(PocketBaseErrorResponse) -> JSONObject {
        guard let original = try? call.store.get(collection.name, id: id) else { throw .notFound }
        let scope = queryScope(call, body: body)
        guard satisfies(collection.rules.update, record: original, in: collection, call: call, scope: scope) else {
            throw .notFound
        }
        let writer = PocketBaseRecordWriter(collection: collection)
        let prepared = prepareUploads(uploads, body: body, for: collection, store: call.store)
        var record = writer.apply(prepared.body, to: original, asSuperuser: call.caller.isSuperuser)
        var errors = [String: PocketBaseFieldError]()
        if collection.type == .auth {
            let password = body["password"].map(GoCast.string) ?? ""
            if body["password"] != nil {
                if password != (body["passwordConfirm"].map(GoCast.string) ?? "") {
                    errors["passwordConfirm"] = .valuesMismatch
                }
                if !call.caller.isSuperuser {
                    let old = body["oldPassword"].map(GoCast.string) ?? ""
                    if old.isEmpty {
                        errors["oldPassword"] = .required
                    } else if Self.passwordHash(old) != original["password"]?.stringValue {
                        errors["oldPassword"] = PocketBaseFieldError(
                            code: "validation_invalid_old_password", message: "Missing or invalid old password.")
                    }
                }
            }
            if !call.caller.isSuperuser, record["verified"] != original["verified"] {
                errors["verified"] = .valuesMismatch
            }
        }
        let now = Self.changeTime(call.store)
        for field in collection.fields {
            if case .autodate(let options) = field.options, options.onUpdate {
                record[field.name] = .string(now.description)
            }
        }
        errors.merge(
            validate(record, original: original, in: collection, store: call.store, newFiles: prepared.validation)
        ) { first, _ in first }
        guard errors.isEmpty else { throw .failedToUpdateRecord(errors) }
        if collection.type == .auth, record["password"] != original["password"],
            let password = record["password"]?.stringValue
        {
            record["password"] = .string(Self.passwordHash(password))
            record["tokenKey"] = .string(newRandomText(50, call.store))
        }
        var patch = record
        patch["id"] = nil
        let updated: JSONObject
        do {
            updated = try call.store.update(collection.name, id: id, patch: .object(patch))
        } catch {
            throw .failedToUpdateRecord()
        }
        commitFiles(prepared, record: updated, original: original, of: collection, in: call.store)
        return updated
    }

    /// Field validation plus what needs the store: relations exist, ids and unique indexes.
    func validate(
        _ record: JSONObject, original: JSONObject?, in collection: PocketBaseCollection, store: RecordStore,
        newFiles: [String: PocketBaseValidationContext.NewFile] = [:]
    ) -> [String: PocketBaseFieldError] {
        let all = collections
        let context = PocketBaseValidationContext(
            original: original,
            relationExists: { collectionId, ids in
                guard let target = all.first(where: { $0.id == collectionId }) else { return false }
                return ids.allSatisfy { (try? store.get(target.name, id: $0)) != nil }
            },
            newFiles: newFiles)
        var errors = PocketBaseRecordWriter(collection: collection).validate(record, in: context)
        if let original, errors["password"] != nil, record["password"] == original["password"] {
            errors["password"] = nil
        }
        let id = record["id"]?.stringValue ?? ""
        let others = Self.records(collection, in: store).filter { $0["id"]?.stringValue != original?["id"]?.stringValue }
        if errors["id"] == nil, original == nil, others.contains(where: { $0["id"]?.stringValue == id }) {
            errors["id"] = .notUnique
        }
        for (columns, nocase) in Self.uniqueColumns(collection) where columns.allSatisfy({ errors[$0] == nil }) {
            let key = { (row: JSONObject) in
                columns.map { GoCast.string(row[$0] ?? "") }.map { nocase ? $0.lowercased() : $0 }
            }
            let values = key(record)
            if values.allSatisfy(\.isEmpty) { continue }
            let taken = others.contains { key($0) == values }
            if taken { for column in columns { errors[column] = .notUnique } }
        }
        return errors
    }

    /// The columns of each `CREATE UNIQUE INDEX … (a, b)` statement.
    static func uniqueColumns(_ collection: PocketBaseCollection) -> [([String], Bool)] {
        collection.indexes.compactMap { statement in
            guard statement.uppercased().contains("UNIQUE"), let open = statement.lastIndex(of: "("),
                let close = statement.lastIndex(of: ")"), open < close
            else { return nil }
            let columns = statement[statement.index(after: open)..<close].split(separator: ",").map {
                String($0.split(separator: " ").first ?? "").trimmingCharacters(in: CharacterSet(charactersIn: "`\"[] "))
            }
            return (columns, statement.uppercased().contains("NOCASE"))
        }
    }
}
