internal import Foundation
import TreatyCore
import TreatyJSON

/// Reads a `filemaker` contract's `databases:` section into a ``FileMakerSchema``, reporting
/// every mistake as a located diagnostic (file, line, column, caret, fix).
///
/// ```yaml
/// databases:
///   Music:
///     accounts: [{ username: admin, password: admin-password-123 }]
///     layouts:
///       Artists:
///         table: Artists
///         primary_key: id
///         fields:
///           id: { result: text, auto_enter: uuid }
///           firstName: { result: text, not_empty: true }
///           born: number                      # shorthand: the result type
///         portals:
///           Albums: { table: Albums, match: { parent: id, child: artist_id }, fields: [title, year] }
///         value_lists: { Genres: [Jazz, Blues] }
///     scripts:
///       Echo: { result: "{{param}}" }
///       Fail: { error: 3 }
/// ```
struct FileMakerSchemaDecoder: Sendable {
    /// Creates a decoder.
    init() {}

    /// What decoding gave.
    struct Result: Sendable {
        /// The schema, or `nil` when the section has errors.
        var schema: FileMakerSchema?
        /// Every finding.
        var diagnostics: [Diagnostic]
    }

    /// Decodes the `databases:` section of `contract`.
    func decode(_ contract: Contract) -> Result {
        let file = contract.file ?? "contract"
        guard let node = contract.sections["databases"] else {
            let diagnostic = Diagnostic.error(
                "missing-key", "a filemaker contract has no 'databases'", at: SourceLocation(file: file),
                fix: "add 'databases:' with each hosted file's accounts, layouts and scripts")
            return Result(schema: nil, diagnostics: [diagnostic])
        }
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        var reader = SchemaReader(context: DecodingContext(file: file, text: text))
        let schema = reader.databases(node)
        let diagnostics = reader.context.diagnostics
        return Result(schema: diagnostics.containsErrors ? nil : schema, diagnostics: diagnostics)
    }
}

/// The walk over the section's nodes.
struct SchemaReader {
    var context: DecodingContext
    /// Fields of related tables that imported layout metadata describes (through portals), for
    /// tables no layout of the contract shows.
    var relatedFields: [(table: String, fields: [FileMakerField])] = []

    static func entry(_ key: String, in node: SourceNode) -> SourceNode? {
        guard case .mapping(let entries) = node.value else { return nil }
        return entries.first { $0.key == key }?.value
    }

    static func has(_ key: String, _ node: SourceNode) -> Bool {
        entry(key, in: node) != nil
    }

    mutating func databases(_ node: SourceNode) -> FileMakerSchema {
        var databases: [FileMakerDatabase] = []
        for entry in entries(node, "'databases'") {
            guard
                let mapping = context.mapping(
                    entry.value, allowed: ["accounts", "layouts", "scripts"], in: "database '\(entry.key)'")
            else { continue }
            let accounts = mapping["accounts"].map { self.accounts($0) } ?? []
            if accounts.isEmpty {
                context.report(
                    "missing-key", "database '\(entry.key)' has no accounts, so no session can open",
                    line: entry.keyLine,
                    column: entry.keyColumn, fix: "add 'accounts: [{ username: admin, password: … }]'")
            }
            relatedFields = []
            let layouts = mapping["layouts"].map { self.layouts($0) } ?? []
            let scripts = mapping["scripts"].map { self.scripts($0) } ?? []
            var database = FileMakerDatabase(name: entry.key, accounts: accounts, layouts: layouts, scripts: scripts)
            for layout in layouts {
                for portal in layout.portals {
                    guard let index = relatedFields.firstIndex(where: { $0.table == portal.table }),
                        !relatedFields[index].fields.contains(where: { $0.name == portal.childKey })
                    else { continue }
                    // The metadata lists the fields a portal shows, not the key that relates its rows.
                    relatedFields[index].fields.append(FileMakerField(name: portal.childKey))
                }
            }
            for (table, fields) in relatedFields {
                if let index = database.relatedTables.firstIndex(where: { $0.name == table }) {
                    for field in fields where database.relatedTables[index].field(named: field.name) == nil {
                        database.relatedTables[index].fields.append(field)
                    }
                } else {
                    database.relatedTables.append(FileMakerTable(name: table, fields: fields))
                }
            }
            check(database, at: mapping)
            databases.append(database)
        }
        if databases.isEmpty { context.report("missing-key", "'databases' declares no database", at: node) }
        return FileMakerSchema(databases: databases)
    }

    private mutating func accounts(_ node: SourceNode) -> [FileMakerDatabase.Account] {
        guard case .sequence(let items) = node.value else {
            context.report("invalid-value", "'accounts' must be a list, found \(node.kindDescription)", at: node)
            return []
        }
        return items.compactMap { item in
            guard let mapping = context.mapping(item, allowed: ["username", "password"], in: "an account"),
                let username = required(mapping, "username", in: "an account"),
                let password = required(mapping, "password", in: "account '\(username)'")
            else { return nil }
            return FileMakerDatabase.Account(username: username, password: password)
        }
    }

    private mutating func layouts(_ node: SourceNode) -> [FileMakerLayout] {
        entries(node, "'layouts'").compactMap { entry in
            let allowed = ["table", "folder", "primary_key", "metadata", "fields", "portals", "value_lists"]
            guard let mapping = context.mapping(entry.value, allowed: allowed, in: "layout '\(entry.key)'") else {
                return nil
            }
            let location = SourceLocation(file: context.file, line: entry.keyLine, column: entry.keyColumn)
            var metadata: FileMakerLayoutMetadata?
            if let node = mapping["metadata"], let reference = context.string(node, "'metadata'") {
                switch ContractFileReference.resolve(reference, from: context.file, at: context.location(of: node)) {
                case .path(let path):
                    let read = FileMakerLayoutMetadata(fileAt: path)
                    context.diagnostics += read.diagnostics
                    metadata = read
                case .refused(let diagnostic):
                    context.diagnostics.append(diagnostic)
                }
            }
            var fields = metadata?.fields ?? []
            for field in mapping["fields"].map({ self.fields($0, layout: entry.key) }) ?? [] {
                if let index = fields.firstIndex(where: { $0.name == field.name }) {
                    fields[index] = field
                } else {
                    fields.append(field)
                }
            }
            var portals = mapping["portals"].map { self.portals($0) } ?? []
            for index in portals.indices {
                guard let described = metadata?.portals.first(where: { $0.name == portals[index].name }) else {
                    continue
                }
                if mapping["portals"].flatMap({ Self.entry(portals[index].name, in: $0) }).map({
                    !Self.has("table", $0)
                }) ?? false {
                    portals[index].table = described.table
                }
                if portals[index].fields.isEmpty { portals[index].fields = described.fields }
            }
            for described in metadata?.portals ?? [] where !portals.contains(where: { $0.name == described.name }) {
                context.report(
                    "missing-key", "portal '\(described.name)' of the layout metadata has no 'match' in the contract",
                    line: entry.keyLine, column: entry.keyColumn,
                    fix:
                        "add 'portals: { \(described.name): { match: { parent: <key field>, child: <field of \(described.table)> } } }'"
                )
            }
            relatedFields += metadata?.relatedFields.map { ($0.key, $0.value) } ?? []
            if fields.isEmpty {
                context.report(
                    "missing-key", "layout '\(entry.key)' has no fields", line: entry.keyLine, column: entry.keyColumn,
                    fix: "add 'fields:' with the fields the layout shows")
            }
            return FileMakerLayout(
                name: entry.key, table: mapping["table"].flatMap { context.string($0, "'table'") } ?? entry.key,
                folder: mapping["folder"].flatMap { context.string($0, "'folder'") },
                primaryKey: mapping["primary_key"].flatMap { context.string($0, "'primary_key'") }, fields: fields,
                portals: portals,
                valueLists: (metadata?.valueLists ?? []) + (mapping["value_lists"].map { valueLists($0) } ?? []),
                location: location)
        }
    }

    private mutating func fields(_ node: SourceNode, layout: String) -> [FileMakerField] {
        entries(node, "the fields of layout '\(layout)'").compactMap { entry in
            let location = SourceLocation(file: context.file, line: entry.keyLine, column: entry.keyColumn)
            if case .scalar = entry.value.value {
                guard
                    let result = context.choice(
                        entry.value, "the result of '\(entry.key)'", as: FileMakerField.Result.self)
                else { return nil }
                return FileMakerField(name: entry.key, result: result, location: location)
            }
            let allowed = [
                "type", "result", "global", "repetitions", "not_empty", "max_characters", "auto_enter", "value_list",
            ]
            guard let mapping = context.mapping(entry.value, allowed: allowed, in: "field '\(entry.key)'") else {
                return nil
            }
            var field = FileMakerField(name: entry.key, location: location)
            if let value = mapping["type"], let kind = context.choice(value, "'type'", as: FileMakerField.Kind.self) {
                field.kind = kind
            }
            if let value = mapping["result"],
                let result = context.choice(value, "'result'", as: FileMakerField.Result.self)
            {
                field.result = result
            }
            field.global = mapping["global"].flatMap { context.bool($0, "'global'") } ?? false
            field.notEmpty = mapping["not_empty"].flatMap { context.bool($0, "'not_empty'") } ?? false
            field.maxCharacters = mapping["max_characters"].flatMap { context.int($0, "'max_characters'") } ?? 0
            if let value = mapping["repetitions"], let count = context.int(value, "'repetitions'") {
                if (1...1000).contains(count) {
                    field.repetitions = count
                } else {
                    context.report("invalid-value", "'repetitions' must be 1…1000, found \(count)", at: value)
                }
            }
            if let value = mapping["auto_enter"] {
                field.autoEnter = context.choice(value, "'auto_enter'", as: FileMakerField.AutoEnter.self)
            }
            field.valueList = mapping["value_list"].flatMap { context.string($0, "'value_list'") }
            return field
        }
    }

    private mutating func portals(_ node: SourceNode) -> [FileMakerPortal] {
        entries(node, "'portals'").compactMap { entry in
            guard
                let mapping = context.mapping(
                    entry.value, allowed: ["table", "match", "fields"], in: "portal '\(entry.key)'")
            else { return nil }
            let location = SourceLocation(file: context.file, line: entry.keyLine, column: entry.keyColumn)
            guard let matchNode = mapping["match"],
                let match = context.mapping(
                    matchNode, allowed: ["parent", "child"], in: "the 'match' of portal '\(entry.key)'"),
                let parent = required(match, "parent", in: "the 'match' of portal '\(entry.key)'"),
                let child = required(match, "child", in: "the 'match' of portal '\(entry.key)'")
            else {
                if mapping["match"] == nil {
                    context.report(
                        "missing-key", "portal '\(entry.key)' has no 'match'", line: entry.keyLine,
                        column: entry.keyColumn,
                        fix: "add 'match: { parent: <this layout's key field>, child: <the related table's field> }'")
                }
                return nil
            }
            return FileMakerPortal(
                name: entry.key, table: mapping["table"].flatMap { context.string($0, "'table'") } ?? entry.key,
                parentKey: parent, childKey: child,
                fields: mapping["fields"].flatMap { context.strings($0, "'fields'") } ?? [], location: location)
        }
    }

    private mutating func valueLists(_ node: SourceNode) -> [FileMakerValueList] {
        entries(node, "'value_lists'").compactMap { entry in
            context.strings(entry.value, "value list '\(entry.key)'").map {
                FileMakerValueList(name: entry.key, values: $0)
            }
        }
    }

    private mutating func scripts(_ node: SourceNode) -> [FileMakerScript] {
        entries(node, "'scripts'").compactMap { entry in
            guard
                let mapping = context.mapping(
                    entry.value, allowed: ["result", "error", "folder"], in: "script '\(entry.key)'")
            else { return nil }
            let location = SourceLocation(file: context.file, line: entry.keyLine, column: entry.keyColumn)
            let folder = mapping["folder"].flatMap { context.string($0, "'folder'") }
            switch (mapping["result"], mapping["error"]) {
            case (let result?, nil):
                guard let text = scalarText(result, "'result'") else { return nil }
                return FileMakerScript(name: entry.key, folder: folder, behaviour: .result(text), location: location)
            case (nil, let error?):
                guard let code = scalarText(error, "'error'"), Int(code) != nil else {
                    context.report("invalid-value", "'error' must be a FileMaker error code such as 3", at: error)
                    return nil
                }
                return FileMakerScript(name: entry.key, folder: folder, behaviour: .error(code), location: location)
            default:
                context.report(
                    "invalid-value", "script '\(entry.key)' needs exactly one of 'result' or 'error'",
                    line: entry.keyLine,
                    column: entry.keyColumn, fix: "write 'result: \"{{param}}\"' (the parameter echoed) or 'error: 3'")
                return nil
            }
        }
    }

    // MARK: - Consistency

    /// Portal tables, keys and fields, primary keys and value lists must name what exists.
    private mutating func check(_ database: FileMakerDatabase, at mapping: Mapping) {
        let tables = database.tables
        for layout in database.layouts {
            let line = layout.location?.line ?? mapping.node.line
            let column = layout.location?.column ?? mapping.node.column
            if let key = layout.primaryKey, layout.field(named: key) == nil {
                report(
                    "unknown-field", "the primary key '\(key)' of layout '\(layout.name)' is not one of its fields",
                    among: layout.fields.map(\.name), key, line: line, column: column)
            }
            for field in layout.fields {
                if let list = field.valueList, !layout.valueLists.contains(where: { $0.name == list }) {
                    report(
                        "unknown-value-list",
                        "field '\(field.name)' shows value list '\(list)', which layout '\(layout.name)' does not declare",
                        among: layout.valueLists.map(\.name), list, line: field.location?.line ?? line,
                        column: field.location?.column ?? column)
                }
            }
            for portal in layout.portals {
                let portalLine = portal.location?.line ?? line
                let portalColumn = portal.location?.column ?? column
                guard let related = tables.first(where: { $0.name == portal.table }) else {
                    report(
                        "unknown-table",
                        "portal '\(portal.name)' shows table '\(portal.table)', which no layout of '\(database.name)' shows",
                        among: tables.map(\.name), portal.table, line: portalLine, column: portalColumn)
                    continue
                }
                if layout.field(named: portal.parentKey) == nil {
                    report(
                        "unknown-field",
                        "portal '\(portal.name)' matches on '\(portal.parentKey)', which is not a field of layout '\(layout.name)'",
                        among: layout.fields.map(\.name), portal.parentKey, line: portalLine, column: portalColumn)
                }
                for name in [portal.childKey] + portal.fields where related.field(named: name) == nil {
                    report(
                        "unknown-field",
                        "portal '\(portal.name)' names '\(name)', which is not a field of table '\(related.name)'",
                        among: related.fields.map(\.name), name, line: portalLine, column: portalColumn)
                }
            }
        }
    }

    private mutating func report(
        _ rule: RuleID, _ message: String, among names: [String], _ name: String, line: Int, column: Int
    ) {
        let hint = Suggestion.closest(to: name, among: names).map { ["did you mean '\($0)'?"] } ?? []
        context.report(
            rule, message, line: line, column: column, details: hint,
            fix: "use one of: \(names.joined(separator: ", "))")
    }

    // MARK: - Helpers

    private mutating func entries(_ node: SourceNode, _ what: String) -> [SourceNode.Entry] {
        guard case .mapping(let entries) = node.value else {
            context.report("invalid-value", "\(what) must be a mapping, found \(node.kindDescription)", at: node)
            return []
        }
        return entries
    }

    private mutating func required(_ mapping: Mapping, _ key: String, in what: String) -> String? {
        guard let node = mapping[key] else {
            context.report("missing-key", "\(what) has no '\(key)'", at: mapping.node)
            return nil
        }
        return scalarText(node, "'\(key)'")
    }

    /// A scalar's text whatever its YAML type (`3` and `"3"` alike).
    private mutating func scalarText(_ node: SourceNode, _ what: String) -> String? {
        guard case .scalar(let text, _) = node.value else {
            context.report("invalid-value", "\(what) must be a value, found \(node.kindDescription)", at: node)
            return nil
        }
        return text
    }
}
