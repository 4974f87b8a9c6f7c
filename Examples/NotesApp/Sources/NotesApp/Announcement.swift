/// One change on the team board, as the live feed delivers it.
public struct AnnouncementChange: Sendable, Equatable {
    /// What happened to the announcement.
    public enum Action: String, Sendable, Decodable {
        case create, update, delete
    }

    /// What happened.
    public let action: Action
    /// The announcement's id.
    public let id: String
    /// Its title after the change (before it, for a delete).
    public let title: String
    /// Whether it is pinned to the top of the board.
    public let pinned: Bool
}
