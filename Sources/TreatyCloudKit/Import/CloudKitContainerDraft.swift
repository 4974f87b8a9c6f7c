internal import TreatyCore

/// The `container:` section drafted from parsed CloudKit Schema Language, written as a whole
/// `cloudkit` contract with review notes.
struct CloudKitContainerDraft {
    /// One record type's lines.
    struct RecordType {
        var name: String
        var fields: [(name: String, value: String, note: String?)]
        var note: String?
    }

    let api: String
    let source: String
    var recordTypes: [RecordType] = []
    var diagnostics: [Diagnostic] = []

    /// The Schema Language's types as the contract spells them.
    static let types: [String: String] = [
        "STRING": "STRING", "INT64": "INT64", "DOUBLE": "DOUBLE", "TIMESTAMP": "TIMESTAMP", "BYTES": "BYTES",
        "REFERENCE": "REFERENCE", "ASSET": "ASSETID", "LOCATION": "LOCATION",
    ]

    init(api: String, source: String, parser: CloudKitSchemaLanguageParser) {
        self.api = api
        self.source = source
        for declaration in parser.recordTypes {
            var recordType = RecordType(name: declaration.name, fields: [])
            for field in declaration.fields where !field.name.hasPrefix("___") {
                let isList = field.type.hasPrefix("LIST<")
                let element = isList ? String(field.type.dropFirst(5).dropLast()) : field.type
                guard let type = Self.types[element] else {
                    diagnostics.append(
                        .warning(
                            "ckdb-type",
                            "field '\(declaration.name).\(field.name)' has type \(field.type), which no contract field type matches; left out",
                            at: SourceLocation(file: source, line: field.line),
                            fix:
                                "use STRING, INT64, DOUBLE, TIMESTAMP, BYTES, REFERENCE, ASSET, LOCATION or LIST<…> of one"
                        ))
                    continue
                }
                let contractType = isList ? type + "_LIST" : type
                let indexes = field.indexes.map { $0.lowercased() }
                // A bare type would mean CloudKit's automatic indexes (queryable, sortable): a field the
                // schema declares without indexes has none.
                let value =
                    indexes.isEmpty
                    ? "{ type: \(contractType) }"
                    : "{ type: \(contractType), indexes: [\(indexes.joined(separator: ", "))] }"
                let note =
                    element == "REFERENCE"
                    ? "the schema does not say which record type it points to; add 'target: <RecordType>'"
                    : nil
                recordType.fields.append((field.name, value, note))
            }
            if !declaration.grants.isEmpty {
                let grants = declaration.grants.map { "\($0.permissions.joined(separator: ", ")) to \($0.role)" }
                recordType.note = "security grants are not part of the contract: " + grants.joined(separator: "; ")
            }
            recordTypes.append(recordType)
        }
    }

    var fieldCount: Int { recordTypes.reduce(0) { $0 + $1.fields.count } }

    var reviewNotes: Int {
        3 + recordTypes.reduce(0) { $0 + ($1.note == nil ? 0 : 1) + $1.fields.count { $0.note != nil } }
    }

    /// The contract text.
    func yaml() -> String {
        let file = source.split(separator: "/").last.map(String.init) ?? source
        var lines = [
            "# Drafted by 'treaty import cloudkit' from \(file).",
            "# Each '# review:' note marks what the schema file cannot say; check it against the container.",
            "api: \(api)", "dialect: cloudkit", "naming: any", "container:",
            "  identifier: iCloud.com.example.\(Self.identifierPart(api))  # review: the schema file does not name its container",
            "  api_tokens: [\(api)-api-token-0001]  # review: the schema file names no API token; this one is the simulator's",
            "  users:  # review: the schema file names no users; this signed-in user is the simulator's",
            "    - { record_name: _user, web_auth_token: \(api)-web-token-0001 }",
            recordTypes.isEmpty ? "  record_types: {}" : "  record_types:",
        ]
        for recordType in recordTypes {
            let header = "    \(Self.key(recordType.name)):" + (recordType.note.map { "  # review: \($0)" } ?? "")
            lines.append(recordType.fields.isEmpty ? header.replacingFirstColon(with: ": {}") : header)
            for field in recordType.fields {
                lines.append(
                    "      \(Self.key(field.name)): \(field.value)" + (field.note.map { "  # review: \($0)" } ?? ""))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The api as the last part of a container identifier: its words capitalized and joined.
    static func identifierPart(_ api: String) -> String {
        let words = NamingConvention.words(of: api)
        return words.isEmpty ? "App" : words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// A mapping key: plain when it is a simple word, else double-quoted.
    static func key(_ text: String) -> String {
        let simple =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
            }
            && !["null", "true", "false", "yes", "no", "on", "off", "y", "n"].contains(text.lowercased())
        return simple ? text : "\"" + text.replacingBackslashesAndQuotes() + "\""
    }
}

extension String {
    fileprivate func replacingBackslashesAndQuotes() -> String {
        var result = ""
        for character in self {
            if character == "\\" || character == "\"" { result.append("\\") }
            result.append(character)
        }
        return result
    }

    /// The text with its first `:` (the key's) replaced by `replacement`, the rest kept.
    fileprivate func replacingFirstColon(with replacement: String) -> String {
        guard let index = firstIndex(of: ":") else { return self }
        return String(self[..<index]) + replacement + String(self[self.index(after: index)...])
    }
}
