import TreatyJSON

extension PocketBaseField {
    /// The field as PocketBase writes it: flat props, keys sorted as Go writes them.
    ///
    /// ```swift
    /// PocketBaseField(name: "published", options: .bool).json.serialized()
    /// // {"help":"","hidden":false,"id":"bool1748787223","name":"published","presentable":false,"required":false,"system":false,"type":"bool"}
    /// ```
    var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("hidden", .bool(hidden)), ("id", .string(id)), ("name", .string(name)),
            ("presentable", .bool(presentable)), ("system", .bool(system)), ("type", .string(type.rawValue)),
        ]
        if type != .autodate {
            members += [("help", .string(help)), ("required", .bool(required))]
        }
        members += optionMembers
        let object = JSONObject(members.sorted { $0.0 < $1.0 }.map { JSONObject.Member(key: $0.0, value: $0.1) })
        return .object(object)
    }

    private var optionMembers: [(String, JSONValue)] {
        switch options {
        case .text(let text):
            [
                ("min", .int(text.min)), ("max", .int(text.max)), ("pattern", .string(text.pattern)),
                ("autogeneratePattern", .string(text.autogeneratePattern)), ("primaryKey", .bool(text.primaryKey)),
            ]
        case .number(let number):
            [
                ("min", number.min.map(PocketBaseFieldError.number) ?? .null),
                ("max", number.max.map(PocketBaseFieldError.number) ?? .null), ("onlyInt", .bool(number.onlyInt)),
            ]
        case .bool, .geoPoint:
            []
        case .email(let domains), .url(let domains):
            [("exceptDomains", .strings(domains.exceptDomains)), ("onlyDomains", .strings(domains.onlyDomains))]
        case .date(let date):
            [("min", .string(date.min?.description ?? "")), ("max", .string(date.max?.description ?? ""))]
        case .autodate(let autodate):
            [("onCreate", .bool(autodate.onCreate)), ("onUpdate", .bool(autodate.onUpdate))]
        case .select(let select):
            [("values", .strings(select.values)), ("maxSelect", .int(select.maxSelect))]
        case .json(let json):
            [("maxSize", .int(json.maxSize))]
        case .file(let file):
            [
                ("maxSelect", .int(file.maxSelect)), ("maxSize", .int(file.maxSize)),
                ("mimeTypes", .strings(file.mimeTypes)), ("thumbs", .strings(file.thumbs)),
                ("protected", .bool(file.protected)),
            ]
        case .relation(let relation):
            [
                ("collectionId", .string(relation.collectionId)), ("cascadeDelete", .bool(relation.cascadeDelete)),
                ("minSelect", .int(relation.minSelect)), ("maxSelect", .int(relation.maxSelect)),
            ]
        case .password(let password):
            [
                ("min", .int(password.min)), ("max", .int(password.max)), ("cost", .int(password.cost)),
                ("pattern", .string(password.pattern)),
            ]
        case .editor(let editor):
            [("maxSize", .int(editor.maxSize)), ("convertURLs", .bool(editor.convertURLs))]
        }
    }
}

extension JSONValue {
    static func int(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }

    static func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }

    static func rule(_ rule: String?) -> JSONValue { rule.map(JSONValue.string) ?? .null }
}
