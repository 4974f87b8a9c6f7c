internal import Foundation
internal import TreatyCore
internal import TreatyDialect
internal import TreatyJSON

/// Loads `<RecordType>.json` fixture files: arrays of record dictionaries as CloudKit answers
/// them (`recordName`, `fields` of `{"value", "type"}`), into the development environment's
/// public database — or, with `"database": "private"` and a `zoneID`, into the first user's
/// private zone. Every mistake is located by file, line and JSON pointer.
struct CloudKitFixtureLoader {
    let schema: CloudKitSchema
    var maxFileSize = FixtureLimits.defaultMaxFileSize

    /// What loading gave.
    struct Result {
        var records: [JSONObject]?
        var diagnostics: [Diagnostic]
    }

    /// The custom zones the contract declares, in each user's private database of both
    /// environments.
    static func startZones(_ schema: CloudKitSchema) -> FixtureSet {
        var zones: [JSONObject] = []
        for environment in CloudKitEnvironment.allCases {
            for user in schema.users {
                let scope = CloudKitDatabaseScope(environment: environment, database: .private, owner: user.recordName)
                for declaration in schema.zones {
                    let zone = scope.zone(declaration.name)
                    zones.append([
                        "key": .string(zone.storeKey), "environment": .string(environment.rawValue),
                        "database": "private", "owner": .string(user.recordName), "zoneName": .string(declaration.name),
                        "atomic": .bool(declaration.atomic), "created_at": "2025-01-01T00:00:00.000Z",
                        "updated_at": "2025-01-01T00:00:00.000Z", "version": 0, "deleted_at": .null,
                    ])
                }
            }
        }
        return FixtureSet(records: [CloudKitStoreModel.zones: zones, CloudKitStoreModel.records: []])
    }

    func load(directory: String) -> Result {
        let walker = FixtureDirectory(
            path: directory, maxFileSize: maxFileSize,
            fix: "pass --fixtures with the folder holding <RecordType>.json files")
        let listing = walker.list()
        var records: [JSONObject] = []
        var diagnostics = listing.diagnostics
        for file in listing.files {
            let typeName = file.stem
            guard let type = schema.recordTypes[typeName] else {
                let names = schema.recordTypes.keys.sorted()
                let hint = Suggestion.closest(to: typeName, among: names).map { "; did you mean '\($0).json'?" } ?? ""
                diagnostics.append(
                    .error(
                        "unknown-record-type",
                        "'\(file.relativePath)' is named after no record type of the contract\(hint)",
                        at: SourceLocation(file: file.path),
                        fix: "name fixture files <RecordType>.json; types: \(names.joined(separator: ", "))"))
                continue
            }
            diagnostics += loadFile(file, walker: walker, type: type, into: &records)
        }
        return Result(records: diagnostics.containsErrors ? nil : records, diagnostics: diagnostics)
    }

    private func loadFile(
        _ file: FixtureDirectory.File, walker: FixtureDirectory, type: CloudKitRecordType,
        into records: inout [JSONObject]
    ) -> [Diagnostic] {
        let path = file.path
        let bytes: [UInt8]
        switch walker.read(file) {
        case .bytes(let read): bytes = read
        case .refused(let diagnostic): return [diagnostic]
        }
        let value: JSONValue
        do {
            value = try JSONParser().parse(bytes)
        } catch {
            return [
                .error(
                    RuleID(rawValue: error.code), "invalid JSON: \(error.message)",
                    at: SourceLocation(file: path, line: error.position.line, column: error.position.column))
            ]
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let locator = JSONSourceLocator(text: text)
        func located(_ message: String, _ pointer: JSONPointer, fix: String) -> Diagnostic {
            locator.locate(.error("invalid-record", message, fix: fix), at: pointer, file: path, text: text)
        }
        guard let items = value.arrayValue else {
            return [located("a fixture file holds a JSON array of records", .root, fix: "write [ { \"recordName\": …, \"fields\": { … } } ]")]
        }
        return self.records(items, type: type, into: &records, locate: located)
    }

    /// Adds the store records of a fixture file's items (or of the records a live container
    /// answered, in the same form) to `records`: each placed in its database and zone, each
    /// field's value converted and checked by its declared type.
    ///
    /// - Parameters:
    ///   - items: The file's records: `recordName`, `fields`, and `database`, `zoneID`,
    ///     `created` and `modified` when given.
    ///   - type: The record type the file is named after.
    ///   - records: The store records so far (a name used twice in a zone is refused).
    ///   - locate: Makes a finding at a pointer into the items.
    /// - Returns: A finding per mistake.
    func records(
        _ items: [JSONValue], type: CloudKitRecordType, into records: inout [JSONObject],
        locate: (String, JSONPointer, String) -> Diagnostic
    ) -> [Diagnostic] {
        func located(_ message: String, _ pointer: JSONPointer, fix: String) -> Diagnostic {
            locate(message, pointer, fix)
        }
        var diagnostics: [Diagnostic] = []
        var names = Set(records.compactMap { $0["key"]?.stringValue })
        let stamp = "2025-01-01T00:00:00.000Z"
        for (index, item) in items.enumerated() {
            let pointer = JSONPointer.root.appending(index: index)
            guard let object = item.objectValue, let name = object["recordName"]?.stringValue, !name.isEmpty else {
                diagnostics.append(located("record \(index) has no recordName", pointer, fix: "give each record a recordName"))
                continue
            }
            let database = CloudKitDatabase(rawValue: object["database"]?.stringValue ?? "public") ?? .public
            let owner = database == .public ? CloudKitZoneID.publicOwner : (schema.users.first?.recordName ?? "")
            if database != .public, schema.users.isEmpty {
                diagnostics.append(
                    located("record '\(name)' is for the private database, but the contract has no users", pointer.appending("database"),
                        fix: "declare a user under container.users"))
                continue
            }
            let scope = CloudKitDatabaseScope(environment: .development, database: database, owner: owner)
            let zone = scope.zone(object["zoneID"]?["zoneName"]?.stringValue ?? CloudKitZoneID.defaultZoneName)
            guard zone.isDefault || (database == .private && schema.zones.contains { $0.name == zone.zoneName }) else {
                diagnostics.append(
                    located(
                        "record '\(name)' is in zone '\(zone.zoneName)', which the contract does not declare for the \(database.rawValue) database",
                        pointer.appending("zoneID"),
                        fix: "declare the zone under container.zones (private database), or leave zoneID out"))
                continue
            }
            var values = JSONObject()
            for member in object["fields"]?.objectValue?.members ?? [] {
                let at = pointer.appending("fields").appending(member.key)
                guard let declared = type.fields[member.key] else {
                    let hint = Suggestion.closest(to: member.key, among: type.fieldOrder).map { " (did you mean '\($0)'?)" } ?? ""
                    diagnostics.append(located("'\(member.key)' is not a field of \(type.name)\(hint)", at, fix: "use a declared field"))
                    continue
                }
                do throws(CloudKitError) {
                    if let stored = try CloudKitFieldValue.stored(
                        member.value, field: member.key, declared: declared.type, zone: zone.json, source: .fixture)
                    {
                        values[member.key] = .object(["value": stored.value, "type": .string(stored.type.rawValue)])
                    }
                } catch {
                    diagnostics.append(located(error.reason, at, fix: "write the value in the form of \(declared.type.rawValue)"))
                }
            }
            let key = zone.recordKey(name)
            guard names.insert(key).inserted else {
                diagnostics.append(located("recordName '\(name)' is used twice in its zone", pointer.appending("recordName"), fix: "give each record its own name"))
                continue
            }
            let created = object["created"]?["timestamp"]?.numberValue?.int64Value.map(TimestampText.format) ?? stamp
            let modified = object["modified"]?["timestamp"]?.numberValue?.int64Value.map(TimestampText.format) ?? created
            records.append([
                "key": .string(key), "zone": .string(zone.storeKey), "recordName": .string(name),
                "recordType": .string(type.name), "values": .object(values), "createdBy": "_fixtures",
                "modifiedBy": "_fixtures", "created_at": .string(created), "updated_at": .string(modified),
                "version": .number(JSONNumber(records.count + 1)), "deleted_at": .null,
            ])
        }
        return diagnostics
    }
}
