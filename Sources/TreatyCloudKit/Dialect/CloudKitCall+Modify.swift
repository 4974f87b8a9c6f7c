internal import TreatyDialect
internal import TreatyJSON

/// `records/modify` (cloudkit.md §5, §12): the seven operation types, change-tag conflicts,
/// atomic batches in custom zones, reference actions and the development schema.
extension CloudKitCall {
    static let maxOperations = 200

    func modifyRecords() throws(CloudKitError) -> DialectResponse {
        guard let entries = body["operations"]?.arrayValue else {
            throw .badRequest("records/modify needs 'operations', an array")
        }
        guard entries.count <= Self.maxOperations else {
            throw .badRequest(
                "a records/modify request takes at most \(Self.maxOperations) operations; this one has \(entries.count)")
        }
        var operations: [CloudKitModifyOperation] = []
        var names = Set<String>()
        for (index, entry) in entries.enumerated() {
            let operation = try CloudKitModifyOperation(entry, index: index)
            if let name = operation.recordName, !names.insert(name).inserted {
                throw .badRequest("more than one operation on record '\(name)' in one request")
            }
            operations.append(operation)
        }
        let zone = try self.zone(body["zoneID"])
        let numbersAsStrings = try bool("numbersAsStrings", default: false)
        let requestKeys = try strings(body["desiredKeys"], "desiredKeys")
        let atomic = try bool("atomic", default: true) && isAtomic(zone)
        let results = store.transaction { apply(operations, in: zone, atomic: atomic) }
        var records: [JSONValue] = []
        for (operation, result) in zip(operations, results) {
            switch result {
            case .failure(let error, let name):
                records.append(errorEntry(error, ["recordName": name.map(JSONValue.string) ?? .null]))
            case .deleted(let name):
                records.append(.object(["recordName": .string(name), "deleted": true]))
            case .saved(let row):
                records.append(
                    render(row, desiredKeys: operation.desiredKeys ?? requestKeys, numbersAsStrings: numbersAsStrings))
            }
        }
        return CloudKitAnswer.json(.object(["records": .array(records)]))
    }

    /// What became of one operation.
    enum ModifyResult {
        case saved(JSONObject)
        case deleted(String)
        case failure(CloudKitError, String?)
    }

    /// Plans every operation, then writes the ones that may be written: all or nothing when
    /// `atomic`, each on its own otherwise.
    private func apply(_ operations: [CloudKitModifyOperation], in zone: CloudKitZoneID, atomic: Bool) -> [ModifyResult] {
        var planner = CloudKitModifyPlanner(call: self, zone: zone)
        let plans = operations.map { planner.plan($0) }
        let failed = plans.contains { if case .failure = $0 { true } else { false } }
        if atomic && failed {
            return plans.map { plan in
                switch plan {
                case .failure(let error, let name): .failure(error, name)
                case .write(let write): .failure(CloudKitError(.atomicError, "atomic failure"), write.recordName)
                }
            }
        }
        var storeOperations = planner.schemaOperations()
        var firstIndex: [Int?] = []
        for plan in plans {
            guard case .write(let write) = plan else {
                firstIndex.append(nil)
                continue
            }
            firstIndex.append(storeOperations.count)
            storeOperations += write.operations
        }
        let outcome = store.apply(storeOperations, mode: atomic ? .atomic : .independent)
        return zip(plans, firstIndex).map { plan, index in
            switch plan {
            case .failure(let error, let name): return .failure(error, name)
            case .write(let write):
                guard let index else { return .failure(CloudKitError(.internalError, "not written"), write.recordName) }
                switch outcome.outcomes[index] {
                case .applied(let row):
                    if write.deletes { return .deleted(write.recordName) }
                    return row.map { .saved($0) }
                        ?? .failure(CloudKitError(.internalError, "the write left no record"), write.recordName)
                case .failed(let error):
                    return .failure(Self.mapped(error), write.recordName)
                default:
                    return .failure(CloudKitError(.atomicError, "atomic failure"), write.recordName)
                }
            }
        }
    }

    static func mapped(_ error: StoreError) -> CloudKitError {
        switch error.code {
        case .notFound: CloudKitError(.notFound, "record not found")
        case .duplicateID: CloudKitError(.exists, "record already exists")
        case .conflict: CloudKitError(.conflict, "oplock error: the recordChangeTag is stale")
        default: CloudKitError.badRequest(error.message)
        }
    }
}
