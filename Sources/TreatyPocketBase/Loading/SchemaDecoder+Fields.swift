internal import TreatyCore
internal import TreatyJSON

extension SchemaDecoder {
    static let commonFieldKeys = ["id", "name", "type", "system", "hidden", "presentable", "help", "required"]

    /// The type-specific keys of each field type.
    static func optionKeys(of type: PocketBaseFieldType) -> [String] {
        switch type {
        case .text: ["min", "max", "pattern", "autogeneratePattern", "primaryKey"]
        case .number: ["min", "max", "onlyInt"]
        case .bool, .geoPoint: []
        case .email, .url: ["exceptDomains", "onlyDomains"]
        case .date: ["min", "max"]
        case .autodate: ["onCreate", "onUpdate"]
        case .select: ["values", "maxSelect"]
        case .json: ["maxSize"]
        case .file: ["maxSelect", "maxSize", "mimeTypes", "thumbs", "protected"]
        case .relation: ["collectionId", "cascadeDelete", "minSelect", "maxSelect"]
        case .password: ["min", "max", "cost", "pattern"]
        case .editor: ["maxSize", "convertURLs"]
        }
    }

    /// Decodes one field object, or returns `nil` when it is not an object or its type is
    /// missing or unknown.
    mutating func field(_ value: JSONValue, at pointer: JSONPointer) -> PocketBaseField? {
        guard case .object(let object) = value else {
            issues.append(
                SchemaIssue(
                    kind: .malformed, rule: "pocketbase-type-mismatch", pointer: pointer,
                    message: "a field must be an object, found \(Self.describe(value))",
                    fix: "write the field as {\"name\": …, \"type\": …}"))
            return nil
        }
        let name = string("name", in: object, at: pointer)
        let label = name.isEmpty ? "a field" : "field '\(name)'"
        if case .object(let legacy)? = object["options"] {
            let keys = legacy.keys.map { "'\($0)'" }.joined(separator: ", ")
            issues.append(
                SchemaIssue(
                    kind: .legacyShape, rule: "pocketbase-legacy-schema", pointer: pointer.appending("options"),
                    message: "\(label) keeps its props in a nested 'options' object, the pre-0.23 shape",
                    details: [
                        "PocketBase 0.40 ignores 'options' (a select field then fails with 'values: Cannot be blank.')"
                    ],
                    fix: keys.isEmpty ? "remove 'options'" : "move \(keys) out of 'options' into the field itself"))
        }
        guard let type = fieldType(object, label: label, at: pointer) else { return nil }
        checkKeys(
            of: object, known: Self.commonFieldKeys + Self.optionKeys(of: type) + ["options"], in: "\(type) \(label)",
            at: pointer)
        let id = string("id", in: object, at: pointer)
        if id.isEmpty { fieldsWithoutID.insert(pointer) }
        return PocketBaseField(
            id: id.isEmpty ? nil : id, name: name,
            system: bool("system", in: object, at: pointer), hidden: bool("hidden", in: object, at: pointer),
            presentable: bool("presentable", in: object, at: pointer),
            required: bool("required", in: object, at: pointer), help: string("help", in: object, at: pointer),
            options: options(of: type, in: object, at: pointer))
    }

    private mutating func fieldType(_ object: JSONObject, label: String, at pointer: JSONPointer)
        -> PocketBaseFieldType?
    {
        let names = PocketBaseFieldType.allCases.map(\.rawValue)
        let raw = string("type", in: object, at: pointer)
        if let type = PocketBaseFieldType(rawValue: raw) { return type }
        var issue = SchemaIssue(
            kind: .malformed, rule: "pocketbase-unknown-field-type",
            pointer: raw.isEmpty && !object.containsKey("type") ? pointer : pointer.appending("type"),
            message: raw.isEmpty ? "\(label) has no 'type'" : "unknown field type '\(raw)' in \(label)",
            details: ["PocketBase 0.40 field types: \(names.joined(separator: ", "))"],
            fix: "write one of the field types")
        if !raw.isEmpty, let suggestion = Suggestion.closest(to: raw, among: names) {
            issue.details.insert("did you mean '\(suggestion)'?", at: 0)
            issue.fix = "write \"type\": \"\(suggestion)\""
        }
        issues.append(issue)
        return nil
    }

    private mutating func options(
        of type: PocketBaseFieldType, in object: JSONObject, at pointer: JSONPointer
    ) -> PocketBaseField.Options {
        switch type {
        case .text:
            return .text(
                .init(
                    min: int("min", in: object, at: pointer), max: int("max", in: object, at: pointer),
                    pattern: string("pattern", in: object, at: pointer),
                    autogeneratePattern: string("autogeneratePattern", in: object, at: pointer),
                    primaryKey: bool("primaryKey", in: object, at: pointer)))
        case .number:
            return .number(
                .init(
                    min: double("min", in: object, at: pointer), max: double("max", in: object, at: pointer),
                    onlyInt: bool("onlyInt", in: object, at: pointer)))
        case .bool:
            return .bool
        case .geoPoint:
            return .geoPoint
        case .email, .url:
            let domains = PocketBaseField.DomainOptions(
                exceptDomains: strings("exceptDomains", in: object, at: pointer),
                onlyDomains: strings("onlyDomains", in: object, at: pointer))
            return type == .email ? .email(domains) : .url(domains)
        case .date:
            return .date(.init(min: date("min", in: object, at: pointer), max: date("max", in: object, at: pointer)))
        case .autodate:
            return .autodate(
                .init(
                    onCreate: bool("onCreate", in: object, at: pointer),
                    onUpdate: bool("onUpdate", in: object, at: pointer)))
        case .select:
            return .select(
                .init(
                    values: strings("values", in: object, at: pointer),
                    maxSelect: int("maxSelect", in: object, at: pointer)))
        case .json:
            return .json(.init(maxSize: int("maxSize", in: object, at: pointer)))
        case .editor:
            return .editor(
                .init(
                    maxSize: int("maxSize", in: object, at: pointer),
                    convertURLs: bool("convertURLs", in: object, at: pointer)))
        case .file:
            return .file(
                .init(
                    maxSelect: int("maxSelect", in: object, at: pointer),
                    maxSize: int("maxSize", in: object, at: pointer),
                    mimeTypes: strings("mimeTypes", in: object, at: pointer),
                    thumbs: strings("thumbs", in: object, at: pointer),
                    protected: bool("protected", in: object, at: pointer)))
        case .relation:
            return .relation(
                .init(
                    collectionId: string("collectionId", in: object, at: pointer),
                    cascadeDelete: bool("cascadeDelete", in: object, at: pointer),
                    minSelect: int("minSelect", in: object, at: pointer),
                    maxSelect: int("maxSelect", in: object, at: pointer)))
        case .password:
            return .password(
                .init(
                    min: int("min", in: object, at: pointer), max: int("max", in: object, at: pointer),
                    cost: int("cost", in: object, at: pointer), pattern: string("pattern", in: object, at: pointer)))
        }
    }

    /// A date prop: `""`/missing is no limit; other text must parse.
    private mutating func date(_ key: String, in object: JSONObject, at pointer: JSONPointer) -> PocketBaseDateTime? {
        let text = string(key, in: object, at: pointer)
        guard !text.isEmpty else { return nil }
        guard let date = PocketBaseDateTime(parsing: text) else {
            issues.append(
                SchemaIssue(
                    kind: .incomplete, rule: "pocketbase-invalid-date", pointer: pointer.appending(key),
                    message: "'\(key)' must be a date such as \"2025-01-31 00:00:00.000Z\", found string \"\(text)\"",
                    details: ["PocketBase silently drops a date it cannot read, so the field would have no limit"],
                    fix: "write the date as YYYY-MM-DD HH:MM:SS.mmmZ"))
            return nil
        }
        return date.isZero ? nil : date
    }
}
