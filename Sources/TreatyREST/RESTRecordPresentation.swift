import TreatyCore
import TreatyJSON

/// How the dialect shows a stored record: the store keeps every declared key (`null` when it has
/// no value), while a field the contract declares `emit: when_set` and not nullable has no valid
/// `null` — rest-sync leaves such a key out until it has a value (rest-sync.md §3).
struct RESTRecordPresentation: Sendable {
    /// Per resource, the keys left out while they hold `null`; resources without any are absent.
    private let omittedWhenNull: [String: [String]]

    /// The presentation of `contract`'s resources.
    init(contract: Contract) {
        var omitted: [String: [String]] = [:]
        for resource in contract.resources {
            let keys = resource.fields.filter { $0.emit == .whenSet && !$0.nullable }.flatMap { field in
                field.relation.map { [$0.foreignKey, $0.nestedKey] } ?? [field.key()]
            }
            if !keys.isEmpty { omitted[resource.name] = keys }
        }
        omittedWhenNull = omitted
    }

    /// Whether records of `resource` are shown as stored.
    func showsAsStored(_ resource: String) -> Bool {
        omittedWhenNull[resource] == nil
    }

    /// `record` of `resource` as answers show it.
    func present(_ record: JSONObject, of resource: String) -> JSONObject {
        guard let keys = omittedWhenNull[resource] else { return record }
        var shown = record
        for key in keys where shown[key] == .null { shown[key] = nil }
        return shown
    }

    /// `records` of `resource` as answers show them.
    func present(_ records: [JSONObject], of resource: String) -> [JSONObject] {
        showsAsStored(resource) ? records : records.map { present($0, of: resource) }
    }
}
