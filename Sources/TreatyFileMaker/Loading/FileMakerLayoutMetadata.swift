internal import Foundation
import TreatyCore
internal import TreatyJSON

/// FileMaker's own layout metadata — the answer of `GET …/layouts/{layout}` (the whole envelope,
/// or its `response`) — read as a layout's fields, portals and value lists, so a contract can
/// import what the server reports instead of retyping it:
///
/// ```yaml
/// layouts:
///   Artists:
///     metadata: metadata/Artists.json
///     portals:
///       Albums: { match: { parent: id, child: artist_id } }   # the relationship, not in the metadata
/// ```
struct FileMakerLayoutMetadata {
    var fields: [FileMakerField] = []
    /// Portal object name → (table occurrence, unqualified field names), in metadata order.
    var portals: [(name: String, table: String, fields: [String])] = []
    /// Fields of related tables, by table, as the portals show them.
    var relatedFields: [String: [FileMakerField]] = [:]
    var valueLists: [FileMakerValueList] = []
    var diagnostics: [Diagnostic] = []

    /// Reads `path`; every problem is a diagnostic located in that file.
    init(fileAt path: String) {
        guard let data = FileManager.default.contents(atPath: path), data.count <= 16 * 1024 * 1024 else {
            diagnostics.append(
                .error(
                    "unreadable-file",
                    "cannot read the layout metadata: \(PathCheck.problem(path, expected: .file) ?? "it is over 16 MiB")",
                    at: SourceLocation(file: path), fix: "save the answer of GET …/layouts/{layout} to this file"))
            return
        }
        let text = String(decoding: data, as: UTF8.self)
        let document: JSONValue
        do {
            document = try JSONParser().parse(Array(data))
        } catch {
            diagnostics.append(
                .error(
                    RuleID(rawValue: error.code), "invalid JSON: \(error.message)",
                    at: SourceLocation(file: path, line: error.position.line, column: error.position.column)))
            return
        }
        let locator = JSONSourceLocator(text: text)
        let response = document.objectValue?["response"]?.objectValue ?? document.objectValue
        let base: JSONPointer =
            document.objectValue?["response"] != nil ? JSONPointer.root.appending("response") : .root
        guard let response, let items = response["fieldMetaData"]?.arrayValue else {
            diagnostics.append(
                locator.locate(
                    .error(
                        "invalid-metadata", "the layout metadata has no 'fieldMetaData' array",
                        fix: "save the whole answer of GET /fmi/data/vLatest/databases/{db}/layouts/{layout}"),
                    at: base, file: path, text: text))
            return
        }
        func field(_ item: JSONValue, at pointer: JSONPointer) -> FileMakerField? {
            guard let object = item.objectValue, let name = object["name"]?.stringValue else {
                diagnostics.append(
                    locator.locate(
                        .error(
                            "invalid-metadata", "a field item has no 'name'",
                            fix: "keep the items as the server sent them"),
                        at: pointer, file: path, text: text))
                return nil
            }
            let resultText = object["result"]?.stringValue ?? "text"
            guard let result = FileMakerField.Result(rawValue: resultText) else {
                let hint = Suggestion.closest(to: resultText, among: FileMakerField.Result.allCases.map(\.rawValue))
                diagnostics.append(
                    locator.locate(
                        .error(
                            "invalid-metadata", "field '\(name)' has the unknown result '\(resultText)'",
                            details: hint.map { ["did you mean '\($0)'?"] } ?? [],
                            fix: "use one of: \(FileMakerField.Result.allCases.map(\.rawValue).joined(separator: ", "))"
                        ),
                        at: pointer.appending("result"), file: path, text: text))
                return nil
            }
            return FileMakerField(
                name: name, kind: FileMakerField.Kind(rawValue: object["type"]?.stringValue ?? "normal") ?? .normal,
                result: result, global: object["global"] == .bool(true),
                repetitions: Int(object["maxRepeat"]?.numberValue?.int64Value ?? 1),
                notEmpty: object["notEmpty"] == .bool(true),
                maxCharacters: Int(object["maxCharacters"]?.numberValue?.int64Value ?? 0),
                valueList: object["valueList"]?.stringValue,
                location: SourceLocation(
                    file: path, line: locator.position(of: pointer)?.line, column: locator.position(of: pointer)?.column
                ))
        }
        for (index, item) in items.enumerated() {
            let pointer = base.appending("fieldMetaData").appending(index: index)
            guard let parsed = field(item, at: pointer) else { continue }
            // Related fields outside portals (`TO::field`) are not placed on the layout's table.
            if parsed.name.contains("::") { continue }
            fields.append(parsed)
        }
        for member in response["portalMetaData"]?.objectValue?.members ?? [] {
            var table = member.key
            var names: [String] = []
            for (index, item) in (member.value.arrayValue ?? []).enumerated() {
                let pointer = base.appending("portalMetaData").appending(member.key).appending(index: index)
                guard var parsed = field(item, at: pointer) else { continue }
                let parts = parsed.name.components(separatedBy: "::")
                if parts.count == 2 {
                    table = parts[0]
                    parsed.name = parts[1]
                }
                names.append(parsed.name)
                if !(relatedFields[table]?.contains { $0.name == parsed.name } ?? false) {
                    relatedFields[table, default: []].append(parsed)
                }
            }
            portals.append((member.key, table, names))
        }
        for item in response["valueLists"]?.arrayValue ?? [] {
            guard let name = item.objectValue?["name"]?.stringValue else { continue }
            let values = (item.objectValue?["values"]?.arrayValue ?? []).compactMap {
                $0.objectValue?["value"]?.stringValue
            }
            valueLists.append(FileMakerValueList(name: name, values: values))
        }
    }
}
