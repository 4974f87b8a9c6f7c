public import TreatyJSON

/// One record a committed write created, changed or deleted, as store observers see it
/// (``RecordStore/observe(_:)``).
public struct RecordChange: Sendable, Hashable {
    /// What happened to the record.
    public enum Action: String, Sendable, Hashable {
        /// The record did not exist (or was a tombstone) and now does.
        case create
        /// The record existed and still does, with new values.
        case update
        /// The record existed and now is gone (or a tombstone).
        case delete
    }

    /// What happened.
    public var action: Action
    /// The resource the record belongs to.
    public var resource: String
    /// The record's id.
    public var id: String
    /// The record before the write; `nil` for a create.
    public var before: JSONObject?
    /// The record after the write; `nil` for a delete.
    public var after: JSONObject?

    /// Creates a change.
    public init(action: Action, resource: String, id: String, before: JSONObject?, after: JSONObject?) {
        self.action = action
        self.resource = resource
        self.id = id
        self.before = before
        self.after = after
    }

    /// The record as a client presents it: `after`, or for a delete `before`.
    public var record: JSONObject {
        after ?? before ?? JSONObject()
    }
}
