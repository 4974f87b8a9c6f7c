extension TransactionLog {
    /// What the transaction did, as redo operations against `state`, the state it committed.
    func redo(in state: StoreState) -> [RedoOperation] {
        entries.map { entry in
            switch entry {
            case .record(let change):
                RedoOperation.rows(CollectionOfOne(change), in: state)[0]
            case .table(let resource, _):
                state.models[resource].map { .define($0.resource) } ?? .remove(resource)
            case .attachment(let area, let key, _):
                .attach(area: area, key: key, value: state.attachments[area]?[key]?.value)
            }
        }
    }
}
