internal import TreatyDialect
internal import TreatyJSON

/// Decides, operation by operation, what a `records/modify` batch writes: the change-tag and
/// existence checks of each operation type, field values against the schema, VALIDATE and
/// DELETE_SELF references, and the fields the development environment learns.
///
/// Runs inside a store transaction (``TreatyDialect/RecordStore/transaction(_:)``), so what it
/// reads is what the writes will meet.
struct CloudKitModifyPlanner {
    let call: CloudKitCall
    let zone: CloudKitZoneID
    /// Records this batch creates, and deletes, so far.
    private var created = Set<String>()
    private var deleted = Set<String>()
    /// Fields of record types the batch teaches the development schema, by type.
    private var learned: [String: [(String, CloudKitFieldType)]] = [:]

    /// The most bytes of fields one record may hold, assets aside (cloudkit.md §5).
    static let maxRecordBytes = 1_000_000

    init(call: CloudKitCall, zone: CloudKitZoneID) {
        self.call = call
        self.zone = zone
    }

    /// The writes of one operation.
    struct Write {
        var recordName: String
        var operations: [StoreOperation]
        var deletes: Bool
    }

    enum Plan {
        case write(Write)
        case failure(CloudKitError, String?)
    }

    mutating func plan(_ operation: CloudKitModifyOperation) -> Plan {
        let name = operation.recordName ?? call.store.uuid()
        let saved = (created, deleted, learned)
        do throws(CloudKitError) {
            return .write(try write(operation, name: name))
        } catch {
            (created, deleted, learned) = saved
            return .failure(error, operation.recordName ?? name)
        }
    }

    private mutating func write(_ operation: CloudKitModifyOperation, name: String) throws(CloudKitError) -> Write {
        let current = deleted.contains(name) ? nil : call.recordRow(name, in: zone)
        let kind = operation.kind
        if kind == .create, current != nil { throw CloudKitError(.exists, "record '\(name)' already exists") }
        guard current != nil || kind.createsMissing else { throw CloudKitError(.notFound, "record not found") }
        if kind.checksTag, let current {
            guard let tag = operation.recordChangeTag else {
                throw .badRequest("\(kind.rawValue) needs the record's recordChangeTag")
            }
            guard tag == CloudKitCall.changeTag(current) else {
                throw CloudKitError(.conflict, "oplock error: the recordChangeTag is stale; fetch the record and retry")
            }
        }
        let key = zone.recordKey(name)
        if kind.deletes {
            var operations: [StoreOperation] = []
            try deletion(of: name, into: &operations, depth: 0)
            return Write(recordName: name, operations: operations, deletes: true)
        }
        let typeName = current?["recordType"]?.stringValue ?? operation.recordType
        guard let typeName, !typeName.isEmpty else {
            throw .badRequest("creating record '\(name)' needs its recordType")
        }
        if let given = operation.recordType, let current, given != current["recordType"]?.stringValue {
            throw .badRequest("record '\(name)' is a \(typeName); its recordType cannot change to \(given)")
        }
        let values = try fieldValues(operation.fields, type: typeName, over: kind.replacesFields ? nil : current)
        let size = JSONValue.object(values).serializedBytes().count
        guard size <= Self.maxRecordBytes else {
            throw .badRequest("record '\(name)' holds \(size) bytes of fields; a record may hold at most 1 MB besides its assets")
        }
        let user = JSONValue.string(call.caller.recordName)
        if current != nil {
            let patch: JSONObject = ["values": .object(values), "modifiedBy": user]
            return Write(
                recordName: name, operations: [.update(CloudKitStoreModel.records, id: key, patch: .object(patch))],
                deletes: false)
        }
        created.insert(name)
        deleted.remove(name)
        var row: JSONObject = [
            "key": .string(key), "zone": .string(zone.storeKey), "recordName": .string(name),
            "recordType": .string(typeName), "values": .object(values), "createdBy": user, "modifiedBy": user,
        ]
        if operation.createShortGUID {
            row["shortGUID"] = .string(String(call.store.uuid().lowercased().filter { $0 != "-" }.prefix(26)))
        }
        return Write(
            recordName: name,
            operations: [.replace(CloudKitStoreModel.records, id: key, record: .object(row), creatingIfMissing: true)],
            deletes: false)
    }

    /// The stored fields after writing `fields` over `base` (nothing kept when `base` is nil).
    private mutating func fieldValues(_ fields: JSONObject, type typeName: String, over base: JSONObject?)
        throws(CloudKitError) -> JSONObject
    {
        let environment = call.scope.environment
        let type = call.recordType(typeName)
        if type == nil, environment == .production {
            throw .badRequest("record type '\(typeName)' is not in the production schema; deploy it from development")
        }
        if type == nil, learned[typeName] == nil { learned[typeName] = [] }
        var values = base?["values"]?.objectValue ?? JSONObject()
        for member in fields.members {
            let name = member.key
            let known = type?.fields[name]?.type ?? learned[typeName]?.first { $0.0 == name }?.1
            if known == nil, environment == .production {
                throw .badRequest("field '\(name)' of '\(typeName)' is not in the production schema")
            }
            guard CloudKitFieldName.isValid(name) else {
                throw .badRequest("'\(name)' is not a field name: use letters, digits and '_', starting with a letter")
            }
            guard
                let stored = try CloudKitFieldValue.stored(
                    member.value, field: name, declared: known, zone: zone.json, source: .save)
            else {
                values[name] = nil
                continue
            }
            if known == nil { learned[typeName, default: []].append((name, stored.type)) }
            let field: JSONValue = .object(["value": stored.value, "type": .string(stored.type.rawValue)])
            try checkReferences(in: field, field: name)
            try checkAssets(in: stored, field: name)
            values[name] = field
        }
        return values
    }

    /// VALIDATE references must name a record that exists (cloudkit.md §4).
    private func checkReferences(in field: JSONValue, field name: String) throws(CloudKitError) {
        for target in CloudKitReference.targets(of: field) where target.action == .validate {
            let targetZone = call.scope.zone(target.zoneName ?? zone.zoneName)
            let exists =
                (targetZone == zone && created.contains(target.recordName))
                || (!(targetZone == zone && deleted.contains(target.recordName))
                    && call.recordRow(target.recordName, in: targetZone) != nil)
            guard exists else {
                throw CloudKitError(
                    .validatingReferenceError,
                    "field '\(name)' refers to record '\(target.recordName)', which does not exist")
            }
        }
    }

    /// An ASSETID value must carry a receipt an upload returned.
    private func checkAssets(in stored: (type: CloudKitFieldType, value: JSONValue), field name: String)
        throws(CloudKitError)
    {
        guard stored.type.element == .asset else { return }
        for asset in stored.value.arrayValue ?? [stored.value] {
            guard let receipt = asset["receipt"]?.stringValue,
                (try? call.store.get(CloudKitStoreModel.assets, id: receipt)) != nil
            else {
                throw .badRequest("field '\(name)' names an asset receipt no upload returned; upload the file first")
            }
        }
    }

    /// Deletes `name`, and with it every record whose DELETE_SELF reference names it; refused
    /// when a VALIDATE reference names it.
    private mutating func deletion(of name: String, into operations: inout [StoreOperation], depth: Int)
        throws(CloudKitError)
    {
        deleted.insert(name)
        created.remove(name)
        operations.append(.delete(CloudKitStoreModel.records, id: zone.recordKey(name)))
        guard depth < 32 else { return }
        let rows = (try? call.store.liveRecords(of: CloudKitStoreModel.records).records) ?? []
        for row in rows where row["zone"]?.stringValue == zone.storeKey {
            guard let referrer = row["recordName"]?.stringValue, !deleted.contains(referrer) else { continue }
            for field in row["values"]?.objectValue?.members ?? [] {
                for target in CloudKitReference.targets(of: field.value)
                where target.recordName == name && (target.zoneName ?? zone.zoneName) == zone.zoneName {
                    switch target.action {
                    case .validate:
                        throw CloudKitError(
                            .validatingReferenceError,
                            "record '\(referrer)' refers to '\(name)' with a VALIDATE reference; delete it or change the reference first")
                    case .deleteSelf:
                        if !deleted.contains(referrer) { try deletion(of: referrer, into: &operations, depth: depth + 1) }
                    case .none:
                        break
                    }
                }
            }
        }
    }

    /// The record types this batch's successful writes taught the development schema.
    func schemaOperations() -> [StoreOperation] {
        learned.keys.sorted().map { typeName in
            let key = CloudKitCall.typeKey(call.scope.environment, typeName)
            var fields =
                (try? call.store.get(CloudKitStoreModel.recordTypes, id: key))?["fields"]?.objectValue ?? JSONObject()
            for (name, type) in learned[typeName] ?? [] where fields[name] == nil {
                fields[name] = .string(type.rawValue)
            }
            let row: JSONObject = [
                "key": .string(key), "environment": .string(call.scope.environment.rawValue),
                "recordType": .string(typeName), "fields": .object(fields),
            ]
            return .replace(CloudKitStoreModel.recordTypes, id: key, record: .object(row), creatingIfMissing: true)
        }
    }
}

/// Field names CloudKit accepts.
enum CloudKitFieldName {
    static func isValid(_ name: String) -> Bool {
        guard let first = name.utf8.first, (first >= 0x41 && first <= 0x5A) || (first >= 0x61 && first <= 0x7A) else {
            return false
        }
        return name.utf8.count <= 255
            && name.utf8.allSatisfy {
                ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A)
                    || $0 == UInt8(ascii: "_")
            }
    }
}
