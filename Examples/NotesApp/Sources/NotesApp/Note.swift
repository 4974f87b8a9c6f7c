/// A note as the app stores it; the backend sends it as the `notes` contract describes.
public struct Note: Sendable, Hashable, Codable {
    /// The note's id (a UUID the app mints).
    public var id: String
    /// The notebook it belongs to.
    public var notebookID: String
    /// The text.
    public var text: String
    /// Whether it is pinned to the top.
    public var pinned: Bool

    /// Creates a note.
    public init(id: String, notebookID: String, text: String, pinned: Bool = false) {
        self.id = id
        self.notebookID = notebookID
        self.text = text
        self.pinned = pinned
    }

    enum CodingKeys: String, CodingKey {
        case id, text, pinned
        case notebookID = "notebook_id"
    }
}
