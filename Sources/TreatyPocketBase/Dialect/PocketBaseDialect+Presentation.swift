import Foundation
import HTTPTypes
import Synchronization
import TreatyCore
import TreatyDialect
import TreatyJSON
import TreatyQuery

extension PocketBaseDialect {
    /// A record as the caller sees it, with `expand=` and `fields=` applied.
    func present(
        _ record: JSONObject, of collection: PocketBaseCollection, call: PocketBaseCall, scope: PocketBaseQueryScope,
        applyingFields: Bool = true
    ) throws(PocketBaseErrorResponse) -> JSONObject {
        var object = PocketBaseRecordPresenter(collection: collection).present(record, to: call.caller.viewer)
        if let expand = call.query("expand"), !expand.isEmpty {
            let paths = expand.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                !$0.isEmpty
            }.map { $0.split(separator: ".").map(String.init) }
            if let expanded = self.expand(record, of: collection, paths: paths, call: call, scope: scope, depth: 0) {
                object["expand"] = .object(expanded)
            }
        }
        if applyingFields, let fields = call.query("fields"), !fields.isEmpty {
            object = try Self.applyFields(fields, to: object)
        }
        return object
    }

    /// The `expand` object of a record, or `nil` when no path names a relation.
    private func expand(
        _ record: JSONObject, of collection: PocketBaseCollection, paths: [[String]], call: PocketBaseCall,
        scope: PocketBaseQueryScope, depth: Int
    ) -> JSONObject? {
        guard depth < 6 else { return nil }
        var result = JSONObject()
        var anyValid = false
        var order: [String] = []
        var nested: [String: [[String]]] = [:]
        for path in paths where !path.isEmpty {
            if nested[path[0]] == nil { order.append(path[0]) }
            nested[path[0], default: []].append(Array(path.dropFirst()))
        }
        for name in order {
            guard let (target, related, many) = relatedRecords(record, of: collection, name: name, call: call) else {
                continue
            }
            anyValid = true
            let visible = related.filter {
                satisfies(target.rules.view, record: $0, in: target, call: call, scope: scope)
            }
            let children = (nested[name] ?? []).filter { !$0.isEmpty }
            let presented: [JSONValue] = visible.map { row in
                var object = PocketBaseRecordPresenter(collection: target).present(row, to: call.caller.viewer)
                if !children.isEmpty,
                    let inner = expand(row, of: target, paths: children, call: call, scope: scope, depth: depth + 1)
                {
                    object["expand"] = .object(inner)
                }
                return .object(object)
            }
            if presented.isEmpty { continue }
            result[name] = many ? .array(presented) : presented[0]
        }
        return anyValid ? result : nil
    }

    /// The records a relation field or back-relation (`comments_via_post`) names.
    private func relatedRecords(
        _ record: JSONObject, of collection: PocketBaseCollection, name: String, call: PocketBaseCall
    ) -> (PocketBaseCollection, [JSONObject], Bool)? {
        if let field = collection.field(named: name), case .relation(let options) = field.options {
            guard let target = state.withLock({ $0.collection(id: options.collectionId) }) else { return nil }
            let value = record[name] ?? field.emptyValue
            let ids = value.arrayValue?.compactMap(\.stringValue) ?? [value.stringValue].compactMap { $0 }
            let rows = ids.filter { !$0.isEmpty }.compactMap { try? call.store.get(target.name, id: $0) }
            return (target, rows, field.isMultiple)
        }
        guard let range = name.range(of: "_via_") else { return nil }
        let targetName = String(name[..<range.lowerBound])
        let fieldName = String(name[range.upperBound...])
        guard let target = self.collection(targetName), let field = target.field(named: fieldName),
            case .relation(let options) = field.options, options.collectionId == collection.id,
            let id = record["id"]?.stringValue
        else { return nil }
        let rows = Self.records(target, in: call.store).filter { row in
            let value = row[fieldName] ?? field.emptyValue
            return value.arrayValue?.contains(.string(id)) ?? (value.stringValue == id)
        }
        return (target, rows, true)
    }
}
