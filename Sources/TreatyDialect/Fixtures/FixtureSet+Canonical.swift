public import TreatyCore

extension FixtureSet {
    /// The records as a ``RecordStore`` following `contract` keeps them: every declared key
    /// present, in declared order, undeclared keys dropped, packed under the resource's keys.
    ///
    /// A backend that keeps its fixtures for resets keeps them in this form, so that its stores
    /// share the records' storage instead of each holding a copy. Records of resources the
    /// contract does not declare are left as they are.
    ///
    /// - Parameter contract: The contract the store follows.
    /// - Returns: The canonical fixture set.
    public func canonical(for contract: Contract) -> FixtureSet {
        var result = self
        for resource in contract.resources {
            guard let records = result.records[resource.name] else { continue }
            let model = ResourceModel(resource, contract: contract)
            guard !records.allSatisfy({ StoreState.isCanonical($0, model) }) else { continue }
            result.records[resource.name] = records.map { StoreState.complete($0, model) }
        }
        return result
    }
}
