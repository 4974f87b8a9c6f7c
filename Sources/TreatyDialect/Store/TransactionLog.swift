/// What an open ``RecordStore/transaction(_:)`` changed, enough to bring back the state before
/// it: for a rollback, and for the readers outside the transaction, who see that state until it
/// commits.
struct TransactionLog: Sendable {
    /// One change the transaction made.
    enum Entry: Sendable {
        /// A record write.
        case record(StoreChange)
        /// A schema change (``RecordStore/define(_:)``, ``RecordStore/removeResource(named:)``)
        /// to a resource, with its table before it (`nil` when it had none).
        case table(String, Table?)
        /// A write of an attachment (``RecordStore/attach(_:as:in:)``), with what it held before
        /// (`nil` when it had nothing).
        case attachment(StoreAttachmentArea, String, StoreAttachment?)
    }

    /// What the transaction changed, oldest first.
    var entries: [Entry] = []
    let models: [String: ResourceModel]
    let snapshots: [String: StoreState]
    let version: Int64
    let lastMutation: Int64
    let random: SeededGenerator

    /// Starts the log of a transaction that begins at `state`.
    init(at state: StoreState) {
        models = state.models
        snapshots = state.snapshots
        version = state.version
        lastMutation = state.lastMutation
        random = state.random
    }
}
