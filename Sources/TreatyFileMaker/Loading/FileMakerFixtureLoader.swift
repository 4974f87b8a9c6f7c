internal import Foundation
import TreatyCore
import TreatyDialect
internal import TreatyJSON

/// Loads a FileMaker fixture directory: `<Layout>.json` (or `<Database>/<Layout>.json` when the
/// contract hosts several files) is a JSON array of records as `fieldData` objects, optionally
/// with their `recordId` and `modId`. Each value is converted and checked by the field's type
/// as a create would be; auto-enter fields left out get their values; every mistake is a
/// located diagnostic.
struct FileMakerFixtureLoader: Sendable {
    /// The largest fixture file read.
    var maxFileSize = FixtureLimits.defaultMaxFileSize

    /// Creates a loader.
    init() {}

    /// What loading gave.
    struct Result: Sendable {
        /// The records by store resource (``FileMakerStoreModel``), or `nil` on errors.
        var fixtures: FixtureSet?
        /// Every finding.
        var diagnostics: [Diagnostic]
    }

    /// Loads `directory` for `schema`.
    func load(directory: String, schema: FileMakerSchema) -> Result {
        let walker = FixtureDirectory(
            path: directory, folders: schema.databases.map(\.name), maxFileSize: maxFileSize,
            fix: "pass --fixtures with the folder holding <Layout>.json files")
        let listing = walker.list()
        var diagnostics = listing.diagnostics
        var records: [String: [JSONObject]] = [:]
        var last: [String: Int] = [:]
        let known = Set(
            schema.databases.flatMap { database in
                database.layouts.map { "\($0.name).json" } + database.layouts.map { "\(database.name)/\($0.name).json" }
            })
        var files: [String: FixtureDirectory.File] = [:]
        for file in listing.files {
            guard known.contains(file.relativePath) else {
                let layouts = schema.databases.flatMap { $0.layouts.map(\.name) }
                let hint =
                    Suggestion.closest(to: file.stem, among: layouts).map { ["did you mean '\($0).json'?"] } ?? []
                let names = layouts.map { "\($0).json" }.joined(separator: ", ")
                diagnostics.append(
                    .error(
                        "unknown-layout", "'\(file.relativePath)' names no layout of the contract",
                        at: SourceLocation(file: file.path),
                        details: hint,
                        fix: "name fixture files after layouts: \(names)"))
                continue
            }
            files[file.relativePath] = file
        }
        for database in schema.databases {
            for layout in database.layouts {
                let candidates =
                    [database.name + "/" + layout.name + ".json"]
                    + (database.name == schema.databases.first?.name ? [layout.name + ".json"] : [])
                guard let file = candidates.lazy.compactMap({ files[$0] }).first else { continue }
                let resource = FileMakerStoreModel.resource(database: database.name, table: layout.table)
                let loaded = loadFile(
                    file, walker: walker, layout: layout, database: database, existing: records[resource] ?? [])
                diagnostics += loaded.diagnostics
                records[resource, default: []] += loaded.records
                last[resource] = max(last[resource] ?? 0, Self.largest("recordId", in: loaded.records))
                for field in layout.fields where field.autoEnter == .serial {
                    let key = "\(resource)::\(field.name)"
                    last[key] = max(last[key] ?? 0, Self.largest(field.name, in: loaded.records))
                }
            }
        }
        records[FileMakerStoreModel.sequences] = last.sorted { $0.key < $1.key }.map {
            ["recordId": .string($0.key), "last": .number(JSONNumber($0.value))]
        }
        return Result(
            fixtures: diagnostics.containsErrors ? nil : FixtureSet(records: records), diagnostics: diagnostics)
    }

    private func loadFile(
        _ entry: FixtureDirectory.File, walker: FixtureDirectory, layout: FileMakerLayout,
        database: FileMakerDatabase, existing: [JSONObject]
    ) -> (records: [JSONObject], diagnostics: [Diagnostic]) {
        let file = entry.path
        let data: [UInt8]
        switch walker.read(entry) {
        case .bytes(let bytes): data = bytes
        case .refused(let diagnostic): return ([], [diagnostic])
        }
        let text = String(decoding: data, as: UTF8.self)
        let value: JSONValue
        do {
            value = try JSONParser().parse(data)
        } catch {
            return (
                [],
                [
                    .error(
                        RuleID(rawValue: error.code), "invalid JSON: \(error.message)",
                        at: SourceLocation(file: file, line: error.position.line, column: error.position.column))
                ]
            )
        }
        let locator = JSONSourceLocator(text: text)
        func located(_ message: String, _ pointer: JSONPointer, rule: RuleID = "invalid-record", fix: String)
            -> Diagnostic
        {
            locator.locate(.error(rule, message, fix: fix), at: pointer, file: file, text: text)
        }
        guard let items = value.arrayValue else {
            return (
                [],
                [
                    located(
                        "a fixture file holds a JSON array of records, found \(value.kind)", .root,
                        fix: "write [ { \"field\": value, … } ]")
                ]
            )
        }
        return Self.records(items, layout: layout, database: database, existing: existing, locate: located)
    }

    /// The store records of a fixture file's items (or of the records a live server listed,
    /// in the same form): each value converted and checked by its field's type, auto-enter
    /// fields left out given their values.
    ///
    /// - Parameters:
    ///   - items: The file's records: `fieldData` keys with their `recordId` and `modId`.
    ///   - layout: The layout the file is named after.
    ///   - database: Its database.
    ///   - existing: The table's records read so far (ids and serials continue after them).
    ///   - locate: Makes a finding at a pointer into the items.
    /// - Returns: The valid records and a finding per mistake.
    static func records(
        _ items: [JSONValue], layout: FileMakerLayout, database: FileMakerDatabase, existing: [JSONObject],
        locate: (String, JSONPointer, RuleID, String) -> Diagnostic
    ) -> (records: [JSONObject], diagnostics: [Diagnostic]) {
        func located(_ message: String, _ pointer: JSONPointer, rule: RuleID = "invalid-record", fix: String)
            -> Diagnostic
        {
            locate(message, pointer, rule, fix)
        }
        guard let table = database.table(named: layout.table) else { return ([], []) }
        var diagnostics: [Diagnostic] = []
        var records: [JSONObject] = []
        var ids = Set(existing.map { FileMakerRecordPresenter.text($0["recordId"]) })
        var next = (existing.compactMap { Int(FileMakerRecordPresenter.text($0["recordId"])) }.max() ?? 0) + 1
        // A serial left out continues after the largest one in the table so far, in file order
        // (written or handed out), so fixtures never repeat one.
        var serials: [String: Int] = [:]
        for field in layout.fields where field.autoEnter == .serial {
            serials[field.name] = largest(field.name, in: existing)
        }
        for (index, item) in items.enumerated() {
            let pointer = JSONPointer.root.appending(index: index)
            guard let object = item.objectValue else {
                diagnostics.append(
                    located(
                        "record \(index) is not an object", pointer, fix: "write each record as { \"field\": value }"))
                continue
            }
            var record = JSONObject()
            let id = object["recordId"].map(FileMakerRecordPresenter.text) ?? String(next)
            guard let number = Int(id), number > 0, !ids.contains(id) else {
                diagnostics.append(
                    located(
                        "recordId '\(id)' is not a new positive integer", pointer.appending("recordId"),
                        fix: "give each record a distinct recordId such as \"\(next)\", or leave it out"))
                continue
            }
            ids.insert(id)
            next = max(next, number + 1)
            record["recordId"] = .string(id)
            record["modId"] = .string(object["modId"].map(FileMakerRecordPresenter.text) ?? "0")
            var valid = true
            for member in object.members where member.key != "recordId" && member.key != "modId" {
                let (name, repetition) = FileMakerRepetition.parse(member.key)
                guard let field = layout.field(named: name), !field.global, repetition <= field.repetitions else {
                    let hint =
                        Suggestion.closest(to: member.key, among: layout.fields.map(\.name)).map {
                            " (did you mean '\($0)'?)"
                        } ?? ""
                    diagnostics.append(
                        located(
                            "layout '\(layout.name)' has no field '\(member.key)'\(hint)",
                            pointer.appending(member.key), rule: "unknown-field",
                            fix: "use the layout's fields: \(layout.fields.map(\.name).joined(separator: ", "))"))
                    valid = false
                    continue
                }
                do {
                    if field.repetitions > 1 {
                        var values = FileMakerRepetition.values(record[field.name], count: field.repetitions)
                        if let items = member.value.arrayValue, member.key == field.name {
                            for (index, item) in items.prefix(field.repetitions).enumerated() {
                                values[index] = try FileMakerValue.stored(item, for: field, format: .us)
                            }
                        } else {
                            values[repetition - 1] = try FileMakerValue.stored(member.value, for: field, format: .us)
                        }
                        record[field.name] = .array(values)
                    } else {
                        record[field.name] = try FileMakerValue.stored(member.value, for: field, format: .us)
                    }
                } catch {
                    diagnostics.append(
                        located(
                            "'\(member.key)': \(error.message) (\(field.result.rawValue) field)",
                            pointer.appending(member.key),
                            fix: "write dates as MM/dd/yyyy, times as HH:mm:ss, numbers as numbers"))
                    valid = false
                }
            }
            for field in layout.fields where field.autoEnter == .serial {
                if let written = Int(FileMakerRecordPresenter.text(record[field.name])) {
                    serials[field.name] = max(serials[field.name] ?? 0, written)
                }
            }
            for field in table.fields where !field.global && record[field.name] == nil {
                var value: JSONValue = field.autoEnter == .uuid ? .string(fixtureUUID(layout.table, number)) : ""
                if field.autoEnter == .serial {
                    let serial = (serials[field.name] ?? 0) + 1
                    serials[field.name] = serial
                    value = field.result == .number ? .number(JSONNumber(serial)) : .string(String(serial))
                }
                record[field.name] =
                    field.repetitions > 1 ? .array(FileMakerRepetition.values(value, count: field.repetitions)) : value
            }
            for field in table.fields where field.notEmpty && FileMakerRecordPresenter.text(record[field.name]).isEmpty
            {
                diagnostics.append(
                    located(
                        "record \(index) leaves '\(field.name)' empty, which must not be empty", pointer,
                        rule: "required-field", fix: "give '\(field.name)' a value"))
                valid = false
            }
            if valid { records.append(record) }
        }
        return (records, diagnostics)
    }

    /// The fixtures of a store with no records: empty counters.
    static func emptySequences(_ schema: FileMakerSchema) -> FixtureSet {
        FixtureSet(records: [FileMakerStoreModel.sequences: []])
    }

    /// The largest integer value of `key` in `records` (0 when none).
    static func largest(_ key: String, in records: [JSONObject]) -> Int {
        records.compactMap { Int(FileMakerRecordPresenter.text($0[key])) }.max() ?? 0
    }

    /// A stable UUID for a fixture record's auto-entered UUID field.
    static func fixtureUUID(_ table: String, _ number: Int) -> String {
        let hex = String(
            UInt64(truncatingIfNeeded: table.utf8.reduce(5381) { ($0 << 5) &+ $0 &+ UInt64($1) }), radix: 16,
            uppercase: true)
        let padded = String(repeating: "0", count: max(0, 12 - hex.count)) + hex.suffix(12)
        return "00000000-0000-4000-8000-" + String(padded.prefix(12 - String(number).count) + String(number)).suffix(12)
    }
}
