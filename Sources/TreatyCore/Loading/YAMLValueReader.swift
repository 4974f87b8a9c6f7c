public import TreatyJSON

/// Reads a YAML (or JSON) file into a ``JSONValue``, with the contract loader's limits and
/// located diagnostics — for data files such as YAML fixtures.
///
/// Plain scalars resolve as YAML 1.2's core schema does: `null`, `~` and empty are null,
/// `true`/`false` are booleans, and numbers in JSON's grammar are numbers (their text kept);
/// everything else, and every quoted or block scalar, is a string.
public enum YAMLValueReader {
    /// The file's value, or the diagnostics that say why it has none.
    public static func read(fileAt path: String, limits: SourceLimits = SourceLimits()) -> (
        value: JSONValue?, diagnostics: [Diagnostic]
    ) {
        do {
            let (node, _) = try SourceDocumentReader(limits: limits).read(fileAt: path)
            return (value(of: node), [])
        } catch {
            guard case .diagnostic(let diagnostic) = error else { return (nil, []) }
            return (nil, [diagnostic])
        }
    }

    /// The file's located node tree and text, or the diagnostic that says why there is none —
    /// for loaders that report findings at a line and column (scenario files, fault files).
    public static func readNodes(fileAt path: String, limits: SourceLimits = SourceLimits()) -> (
        document: (node: SourceNode, text: String)?, diagnostics: [Diagnostic]
    ) {
        do {
            return (try SourceDocumentReader(limits: limits).read(fileAt: path), [])
        } catch {
            guard case .diagnostic(let diagnostic) = error else { return (nil, []) }
            return (nil, [diagnostic])
        }
    }

    /// The JSON value of a located node, resolving plain scalars by YAML 1.2's core schema.
    public static func value(of node: SourceNode) -> JSONValue {
        switch node.value {
        case .scalar(let text, let isPlain):
            guard isPlain else { return .string(text) }
            if YAMLScalar.isNull(text) { return .null }
            if let flag = YAMLScalar.bool(text) { return .bool(flag) }
            if let number = JSONNumber(text: text) { return .number(number) }
            return .string(text)
        case .sequence(let items):
            return .array(items.map(value(of:)))
        case .mapping(let entries):
            return .object(JSONObject(entries.map { JSONObject.Member(key: $0.key, value: value(of: $0.value)) }))
        }
    }
}
