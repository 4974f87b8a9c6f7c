import TreatyJSON

/// What field validation needs to know beyond the value: the record before the write, and
/// whether related records exist.
struct PocketBaseValidationContext: Sendable {
    /// The stored record before this write, or `nil` when the record is being created.
    var original: JSONObject?
    /// Whether every id exists in the collection with the given id; `nil` skips the check
    /// (relation fields then never fail with `validation_missing_rel_records`).
    var relationExists: (@Sendable (_ collectionId: String, _ ids: [String]) -> Bool)?
    /// Files uploaded with this write, by their generated stored name. A file field accepts
    /// these names besides the ones the record already had, and checks their size and type.
    var newFiles: [String: NewFile] = [:]

    /// A file uploaded with the write being validated.
    struct NewFile: Sendable, Hashable {
        /// The client's file name.
        var originalName: String
        /// The size in bytes.
        var size: Int
        /// The content type detected from the bytes, such as `text/plain; charset=utf-8`.
        var contentType: String

        /// Creates an uploaded file's description.
        ///
        /// - Parameters:
        ///   - originalName: The client's file name.
        ///   - size: The size in bytes.
        ///   - contentType: The detected content type.
        init(originalName: String, size: Int, contentType: String) {
            self.originalName = originalName
            self.size = size
            self.contentType = contentType
        }
    }

    /// Creates a context.
    ///
    /// - Parameters:
    ///   - original: The record before the write; `nil` for a create.
    ///   - relationExists: Answers whether related ids exist; `nil` to skip that check.
    ///   - newFiles: Files uploaded with the write, by stored name.
    init(
        original: JSONObject? = nil,
        relationExists: (@Sendable (_ collectionId: String, _ ids: [String]) -> Bool)? = nil,
        newFiles: [String: NewFile] = [:]
    ) {
        self.original = original
        self.relationExists = relationExists
        self.newFiles = newFiles
    }

    /// Whether the record is being created.
    var isNew: Bool { original == nil }
}
