internal import Foundation
import TreatyCore
import TreatyDialect
import TreatyJSON

/// Loads start-up records for a PocketBase server from a directory of `<collection>.json`
/// files, each a JSON array of record objects (`treaty serve --dialect pocketbase --fixtures DIR`).
///
/// Every record goes through the dialect's field semantics as a superuser's create would:
/// values are converted (``PocketBaseRecordWriter/apply(_:to:asSuperuser:)``) and validated
/// field by field, ids must be unique and follow the `id` field's pattern, relations must name
/// a record loaded here, and unique indexes hold. Unlike a create, the given `id` and autodate
/// values (`created`, `updated`) are kept; missing ones are generated (seeded ids, the load
/// time). An auth collection's `password` is given in plain text and stored hashed (a value
/// already in the stored form, as `treaty export fixtures` writes it, is kept); a missing
/// `tokenKey` is generated. Each problem is a located ``Diagnostic`` (file, line, column, JSON
/// pointer).
///
/// ```swift
/// let result = PocketBaseRecordLoader(collections: configured).load(directory: "fixtures")
/// let store = RecordStore(contract: result.contract, fixtures: result.fixtures)
/// ```
struct PocketBaseRecordLoader: Sendable {
    /// The server's collections: the fresh server's built-ins, then the configured ones.
    var collections: [PocketBaseCollection]
    /// The seed of generated ids and token keys.
    var seed: UInt64
    /// The most errors reported per file before the rest are summarized.
    var maxErrorsPerFile = 20
    /// The largest fixture file accepted (default ``TreatyCore/FixtureLimits/defaultMaxFileSize``).
    var maxFileSize = FixtureLimits.defaultMaxFileSize

    /// Creates a loader.
    ///
    /// - Parameters:
    ///   - collections: The configured collections (the built-ins are added before them).
    ///   - seed: The seed of generated ids and token keys.
    init(collections: [PocketBaseCollection], seed: UInt64 = 0) {
        var all: [PocketBaseCollection] = []
        for collection in PocketBaseCollection.freshServer + collections {
            all.removeAll { $0.name == collection.name }
            all.append(collection)
        }
        self.collections = all
        self.seed = seed
    }

    /// Loads every `*.json` file of `directory`, each named after a collection.
    func load(directory: String) -> PocketBaseRecordLoadResult {
        var result = PocketBaseRecordLoadResult()
        let walker = FixtureDirectory(
            path: directory, maxFileSize: maxFileSize, fix: "give a directory holding <collection>.json files")
        let listing = walker.list()
        result.diagnostics += listing.diagnostics
        // Parse every file first, so relations can point at records of any file.
        var files: [(file: String, text: String, collection: PocketBaseCollection, records: [JSONValue])] = []
        for entry in listing.files {
            let file = entry.path
            let collectionName = entry.stem
            guard let collection = collections.first(where: { $0.name == collectionName }) else {
                let known = collections.filter { !$0.system }.map(\.name).joined(separator: ", ")
                result.diagnostics.append(
                    .error(
                        "unknown-collection", "no collection is named '\(collectionName)'",
                        at: SourceLocation(file: file),
                        details: ["the collections: \(known.isEmpty ? "none (pass --collections)" : known)"],
                        fix: "name the file <collection>.json after a collection of --collections"))
                continue
            }
            if collection.type == .view || collection.name == "_superusers" {
                result.diagnostics.append(
                    .error(
                        "unsupported-collection",
                        collection.type == .view
                            ? "'\(collection.name)' is a view collection; its records come from its query"
                            : "_superusers cannot be loaded; the superuser comes from --superuser",
                        at: SourceLocation(file: file)))
                continue
            }
            let data: [UInt8]
            switch walker.read(entry) {
            case .bytes(let bytes): data = bytes
            case .refused(let diagnostic):
                result.diagnostics.append(diagnostic)
                continue
            }
            let text = String(decoding: data, as: UTF8.self)
            let document: JSONValue
            do {
                document = try JSONParser().parse(text)
            } catch {
                var diagnostic = Diagnostic.error(
                    "json-syntax", error.message,
                    at: SourceLocation(file: file, line: error.position.line, column: error.position.column))
                diagnostic.snippet = SourceSnippet.make(
                    text: text[...], line: error.position.line, column: error.position.column)
                result.diagnostics.append(diagnostic)
                continue
            }
            guard let records = document.arrayValue else {
                result.diagnostics.append(
                    .error(
                        "not-an-array", "the file must hold a JSON array of records",
                        at: SourceLocation(file: file, line: 1, column: 1),
                        fix: "write [ {\"id\": \"…\", …}, … ]"))
                continue
            }
            files.append((file, text, collection, records))
        }
        // The ids of every collection, for relation checks.
        var idsByCollection: [String: Set<String>] = [:]
        for entry in files {
            let ids = entry.records.compactMap { $0["id"]?.stringValue }.filter { !$0.isEmpty }
            idsByCollection[entry.collection.id, default: []].formUnion(ids)
        }
        let knownIDs = idsByCollection
        let context = PocketBaseValidationContext(relationExists: { collectionId, ids in
            guard let known = knownIDs[collectionId] else { return false }
            return ids.allSatisfy(known.contains)
        })
        var generator = PocketBaseGenerator(seed: seed ^ 0x7265_636F_7264_73)
        let now = PocketBaseDialect.dateTime(PocketBaseDialect.wallClockMilliseconds()).description
        for entry in files {
            var session = Session(file: entry.file, text: entry.text, maxErrors: maxErrorsPerFile)
            let writer = PocketBaseRecordWriter(collection: entry.collection)
            let unique = PocketBaseDialect.uniqueColumns(entry.collection)
            var seenIDs: [String: Int] = [:]
            var seenKeys = [[String: Int]](repeating: [:], count: unique.count)
            var loaded: [JSONObject] = []
            loaded.reserveCapacity(entry.records.count)
            for (index, element) in entry.records.enumerated() {
                let pointer = JSONPointer.root.appending(index: index)
                guard let body = element.objectValue else {
                    session.error("not-an-object", "record \(index) is not a JSON object", at: pointer)
                    continue
                }
                var record = writer.apply(body, to: writer.emptyRecord(), asSuperuser: true)
                if (record["id"]?.stringValue ?? "").isEmpty {
                    record["id"] = .string(PocketBaseRecordID.generate(using: &generator))
                }
                for field in entry.collection.fields where field.type == .autodate {
                    let given = body[field.name]?.stringValue.flatMap(PocketBaseDateTime.init(parsing:))
                    if body[field.name] != nil, given == nil {
                        session.error(
                            "invalid-record", "record \(index): '\(field.name)' is not a date",
                            at: pointer.appending(field.name), fix: "write e.g. 2025-01-01 00:00:00.000Z")
                    }
                    record[field.name] = .string(given?.description ?? now)
                }
                if entry.collection.type == .auth, (record["tokenKey"]?.stringValue ?? "").isEmpty {
                    record["tokenKey"] = .string(PocketBaseDialect.randomText(50, using: &generator))
                }
                var errors = writer.validate(record, in: context)
                let id = record["id"]?.stringValue ?? ""
                if errors["id"] == nil {
                    if let first = seenIDs[id] {
                        errors["id"] = PocketBaseFieldError(
                            code: "validation_not_unique", message: "The id is also the id of record \(first).")
                    } else {
                        seenIDs[id] = index
                    }
                }
                for (position, (columns, nocase)) in unique.enumerated() where columns.allSatisfy({ errors[$0] == nil })
                {
                    let values = columns.map { GoCast.string(record[$0] ?? "") }.map { nocase ? $0.lowercased() : $0 }
                    if values.allSatisfy(\.isEmpty) { continue }
                    let key = values.joined(separator: "\u{0}")
                    if let first = seenKeys[position][key] {
                        for column in columns {
                            errors[column] = PocketBaseFieldError(
                                code: "validation_not_unique", message: "Value must be unique (record \(first) has it)."
                            )
                        }
                    } else {
                        seenKeys[position][key] = index
                    }
                }
                if !errors.isEmpty {
                    for field in entry.collection.fields {
                        guard let error = errors[field.name] else { continue }
                        let value = record[field.name].map { $0.serialized() } ?? "null"
                        session.error(
                            "invalid-record",
                            "record \(index)\(id.isEmpty ? "" : " (id \(id))") of '\(entry.collection.name)': \(field.name): \(error.message)",
                            at: pointer.appending(field.name),
                            details: ["code: \(error.code)", "stored value: \(value)"])
                    }
                    continue
                }
                if entry.collection.type == .auth, let password = record["password"]?.stringValue,
                    !PocketBaseDialect.isPasswordHash(password)
                {
                    record["password"] = .string(PocketBaseDialect.passwordHash(password))
                }
                loaded.append(record)
            }
            result.diagnostics += session.finish()
            result.records[entry.collection.name, default: []] += loaded
        }
        return result
    }

    /// Collects one file's diagnostics, located through its text.
    private struct Session {
        let file: String
        let text: String
        let locator: JSONSourceLocator
        let maxErrors: Int
        var diagnostics: [Diagnostic] = []
        var suppressed = 0

        init(file: String, text: String, maxErrors: Int) {
            self.file = file
            self.text = text
            locator = JSONSourceLocator(text: text)
            self.maxErrors = maxErrors
        }

        mutating func error(
            _ rule: RuleID, _ message: String, at pointer: JSONPointer, details: [String] = [], fix: String? = nil
        ) {
            guard diagnostics.count < maxErrors else {
                suppressed += 1
                return
            }
            let diagnostic = Diagnostic.error(rule, message, at: SourceLocation(file: file), details: details, fix: fix)
            diagnostics.append(locator.locate(diagnostic, at: pointer, file: file, text: text))
        }

        func finish() -> [Diagnostic] {
            guard suppressed > 0 else { return diagnostics }
            return diagnostics + [
                .error("invalid-record", "\(suppressed) more error(s) not shown", at: SourceLocation(file: file))
            ]
        }
    }
}

/// What ``PocketBaseRecordLoader`` read: the valid records by collection and every finding.
struct PocketBaseRecordLoadResult: Sendable {
    /// The records by collection name, in file order, as the store keeps them.
    var records: [String: [JSONObject]] = [:]
    /// Errors, located by file, line, column and JSON pointer.
    var diagnostics: [Diagnostic] = []

    /// Creates an empty result.
    init() {}

    /// Whether any diagnostic is an error.
    var hasErrors: Bool { diagnostics.containsErrors }

    /// The records as a fixture set for a ``RecordStore``.
    var fixtures: FixtureSet { FixtureSet(records: records) }

    /// ``PocketBaseDialect/emptyContract`` plus the store resources of the loaded collections,
    /// so the store starts (and an admin-API reset returns) with the records.
    ///
    /// - Parameter collections: The server's collections (``PocketBaseRecordLoader/collections``).
    func contract(collections: [PocketBaseCollection]) -> Contract {
        var contract = PocketBaseDialect.emptyContract
        contract.resources = collections.filter { records[$0.name] != nil }.map(\.storeResource)
        return contract
    }
}
