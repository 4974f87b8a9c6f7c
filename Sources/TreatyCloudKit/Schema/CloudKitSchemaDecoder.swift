internal import Crypto
internal import Foundation
import TreatyCore
import TreatyJSON

/// Reads a `cloudkit` contract's `container:` section into a ``CloudKitSchema``, reporting every
/// mistake as a located diagnostic (file, line, column, caret, fix).
///
/// ```yaml
/// container:
///   identifier: iCloud.com.example.Gallery
///   api_tokens: [gallery-api-token-0001]
///   users:
///     - { record_name: _mei, web_auth_token: mei-web-token, first_name: Mei, last_name: Chen,
///         email: mei@example.com, discoverable: true }
///   zones:
///     - { name: Studio, atomic: true }
///   server_keys:                        # signed requests the simulator verifies (cloudkit.md §2)
///     - { key_id: 3f2a…, public_key: "-----BEGIN PUBLIC KEY-----\n…\n-----END PUBLIC KEY-----" }
///   record_types:
///     Artist:
///       name: { type: STRING, indexes: [queryable, sortable, searchable] }
///       born: INT64                     # shorthand: the type, queryable and sortable
///       label: { type: REFERENCE, target: Label, indexes: [queryable] }
/// ```
struct CloudKitSchemaDecoder: Sendable {
    /// Creates a decoder.
    init() {}

    /// What decoding gave.
    struct Result: Sendable {
        /// The schema, or `nil` when the section has errors.
        var schema: CloudKitSchema?
        /// Every finding.
        var diagnostics: [Diagnostic]
    }

    /// Decodes the `container:` section of `contract`.
    func decode(_ contract: Contract) -> Result {
        let file = contract.file ?? "contract"
        guard let node = contract.sections["container"] else {
            let diagnostic = Diagnostic.error(
                "missing-key", "a cloudkit contract has no 'container'", at: SourceLocation(file: file),
                fix: "add 'container:' with its identifier and record types")
            return Result(schema: nil, diagnostics: [diagnostic])
        }
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        var reader = CloudKitSchemaReader(context: DecodingContext(file: file, text: text))
        let schema = reader.container(node)
        let diagnostics = reader.context.diagnostics
        return Result(schema: diagnostics.containsErrors ? nil : schema, diagnostics: diagnostics)
    }
}

/// The walk over the section's nodes.
struct CloudKitSchemaReader {
    var context: DecodingContext

    mutating func container(_ node: SourceNode) -> CloudKitSchema? {
        let allowed = ["identifier", "api_tokens", "users", "zones", "server_keys", "record_types"]
        guard let mapping = context.mapping(node, allowed: allowed, in: "'container'") else { return nil }
        guard let identifierNode = mapping["identifier"] else {
            context.report(
                "missing-key", "'container' has no 'identifier'", at: node,
                fix: "add 'identifier: iCloud.com.example.App'")
            return nil
        }
        guard let identifier = context.string(identifierNode, "'identifier'") else { return nil }
        if !identifier.hasPrefix("iCloud.") {
            context.report(
                "invalid-value", "the container identifier '\(identifier)' does not start with 'iCloud.'",
                at: identifierNode, fix: "use the identifier CloudKit shows, e.g. iCloud.com.example.App")
        }
        let tokens = mapping["api_tokens"].flatMap { context.strings($0, "'api_tokens'") } ?? []
        let users = mapping["users"].map { self.users($0) } ?? []
        let zones = mapping["zones"].map { self.zones($0) } ?? []
        let types = mapping["record_types"].map { self.recordTypes($0) } ?? []
        checkTargets(types, at: mapping["record_types"])
        var schema = CloudKitSchema(container: identifier, recordTypes: types, apiTokens: tokens, users: users, zones: zones)
        schema.serverKeys = mapping["server_keys"].map { self.serverKeys($0) } ?? [:]
        return schema
    }

    private mutating func serverKeys(_ node: SourceNode) -> [String: [UInt8]] {
        guard case .sequence(let items) = node.value else {
            context.report("invalid-value", "'server_keys' must be a list, found \(node.kindDescription)", at: node)
            return [:]
        }
        var keys: [String: [UInt8]] = [:]
        for item in items {
            guard let mapping = context.mapping(item, allowed: ["key_id", "public_key"], in: "a server key"),
                let idNode = mapping["key_id"], let keyID = context.string(idNode, "'key_id'"),
                let pemNode = mapping["public_key"], let pem = context.string(pemNode, "'public_key'")
            else {
                context.report("missing-key", "a server key needs 'key_id' and 'public_key'", at: item)
                continue
            }
            guard let key = try? P256.Signing.PublicKey(pemRepresentation: pem) else {
                context.report(
                    "invalid-value", "the public key of server key '\(keyID)' is not the PEM of a P-256 public key",
                    at: pemNode, fix: "export it with: openssl ec -in key.pem -pubout")
                continue
            }
            keys[keyID] = Array(key.x963Representation)
        }
        return keys
    }

    private mutating func users(_ node: SourceNode) -> [CloudKitUser] {
        guard case .sequence(let items) = node.value else {
            context.report("invalid-value", "'users' must be a list, found \(node.kindDescription)", at: node)
            return []
        }
        return items.compactMap { item in
            let allowed = ["record_name", "web_auth_token", "first_name", "last_name", "email", "phone", "discoverable"]
            guard let mapping = context.mapping(item, allowed: allowed, in: "a user") else { return nil }
            guard let tokenNode = mapping["web_auth_token"], let token = context.string(tokenNode, "'web_auth_token'")
            else {
                context.report("missing-key", "a user has no 'web_auth_token'", at: item)
                return nil
            }
            var user = CloudKitUser.derived(fromToken: token)
            if let name = mapping["record_name"].flatMap({ context.string($0, "'record_name'") }) {
                user.recordName = name
            }
            user.firstName = mapping["first_name"].flatMap { context.string($0, "'first_name'") }
            user.lastName = mapping["last_name"].flatMap { context.string($0, "'last_name'") }
            user.email = mapping["email"].flatMap { context.string($0, "'email'") }
            user.phone = mapping["phone"].flatMap { context.string($0, "'phone'") }
            user.discoverable = mapping["discoverable"].flatMap { context.bool($0, "'discoverable'") } ?? true
            return user
        }
    }

    private mutating func zones(_ node: SourceNode) -> [CloudKitZoneDeclaration] {
        guard case .sequence(let items) = node.value else {
            context.report("invalid-value", "'zones' must be a list, found \(node.kindDescription)", at: node)
            return []
        }
        return items.compactMap { item in
            guard let mapping = context.mapping(item, allowed: ["name", "atomic"], in: "a zone"),
                let nameNode = mapping["name"], let name = context.string(nameNode, "'name'")
            else { return nil }
            guard CloudKitZoneID.isValidName(name), name != CloudKitZoneID.defaultZoneName else {
                context.report(
                    "invalid-value", "'\(name)' is not a custom zone name", at: nameNode,
                    fix: "use letters, digits, '-', '_' and '.', and not _defaultZone")
                return nil
            }
            let atomic = mapping["atomic"].flatMap { context.bool($0, "'atomic'") } ?? true
            return CloudKitZoneDeclaration(name: name, atomic: atomic)
        }
    }

    private mutating func recordTypes(_ node: SourceNode) -> [CloudKitRecordType] {
        guard case .mapping(let entries) = node.value else {
            context.report("invalid-value", "'record_types' must be a mapping, found \(node.kindDescription)", at: node)
            return []
        }
        return entries.map { entry in
            var type = CloudKitRecordType(name: entry.key)
            guard case .mapping(let fields) = entry.value.value else {
                context.report(
                    "invalid-value", "record type '\(entry.key)' must map field names to types", at: entry.value,
                    fix: "write '\(entry.key): { name: STRING }'")
                return type
            }
            for field in fields {
                if let decoded = self.field(field.value, named: field.key, in: entry.key) {
                    type.add(field.key, decoded)
                }
            }
            return type
        }
    }

    private mutating func field(_ node: SourceNode, named name: String, in type: String) -> CloudKitRecordType.Field? {
        if case .scalar = node.value {
            return fieldType(node, "the type of '\(type).\(name)'").map { CloudKitRecordType.Field(type: $0, indexes: [.queryable, .sortable]) }
        }
        guard let mapping = context.mapping(node, allowed: ["type", "indexes", "target"], in: "field '\(type).\(name)'")
        else { return nil }
        guard let typeNode = mapping["type"] else {
            context.report("missing-key", "field '\(type).\(name)' has no 'type'", at: node, fix: "add 'type: STRING'")
            return nil
        }
        guard let fieldType = fieldType(typeNode, "the type of '\(type).\(name)'") else { return nil }
        var indexes: Set<CloudKitIndex> = []
        if let node = mapping["indexes"], let names = context.strings(node, "'indexes'") {
            for index in names {
                guard let value = CloudKitIndex(rawValue: index.lowercased()) else {
                    context.report(
                        "invalid-value", "'\(index)' is not an index", at: node,
                        fix: "use queryable, sortable or searchable")
                    continue
                }
                indexes.insert(value)
            }
        }
        let target = mapping["target"].flatMap { context.string($0, "'target'") }
        if target != nil, fieldType.element != .reference, let node = mapping["target"] {
            context.report(
                "invalid-value", "'target' is for REFERENCE fields; '\(type).\(name)' is \(fieldType.rawValue)", at: node)
        }
        return CloudKitRecordType.Field(type: fieldType, indexes: indexes, target: target)
    }

    private mutating func fieldType(_ node: SourceNode, _ what: String) -> CloudKitFieldType? {
        guard let text = context.string(node, what) else { return nil }
        if let type = CloudKitFieldType(rawValue: text) { return type }
        let names = CloudKitFieldType.allCases.map(\.rawValue)
        var details: [String] = []
        if let suggestion = Suggestion.closest(to: text, among: names) { details.append("did you mean '\(suggestion)'?") }
        context.report(
            "invalid-value", "\(what) '\(text)' is not a CloudKit field type", at: node, details: details,
            fix: "use one of: \(names.joined(separator: ", "))")
        return nil
    }

    private mutating func checkTargets(_ types: [CloudKitRecordType], at node: SourceNode?) {
        guard let node else { return }
        let names = Set(types.map(\.name))
        for type in types {
            for name in type.fieldOrder {
                guard let target = type.fields[name]?.target, !names.contains(target) else { continue }
                context.report(
                    "unknown-reference", "field '\(type.name).\(name)' refers to record type '\(target)', which is not declared",
                    at: node, fix: "declare '\(target)' under record_types, or correct the target")
            }
        }
    }
}
