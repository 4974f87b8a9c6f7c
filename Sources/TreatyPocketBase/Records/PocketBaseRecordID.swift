internal import TreatyJSON

/// Record ids: PocketBase's 15 characters of `[a-z0-9]`.
///
/// New ids come from an injected random number generator so simulator runs can be replayed;
/// ids a client supplies are checked against the collection's `id` field.
enum PocketBaseRecordID {
    /// The alphabet of generated ids.
    static let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")

    /// The length of generated ids.
    static let length = 15

    /// A new random id, such as `2eo3lfahsyi3888`.
    ///
    /// - Parameter generator: The source of randomness; a seeded one makes ids reproducible.
    /// - Returns: 15 characters of `[a-z0-9]`.
    static func generate(using generator: inout some RandomNumberGenerator) -> String {
        String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }

    /// Checks an id a client sent on create, as the collection's `id` field does.
    ///
    /// Too short gives `validation_min_text_constraint`, too long
    /// `validation_max_text_constraint`, characters outside `[a-z0-9]`
    /// `validation_invalid_format`, and an id already taken `validation_not_unique`.
    ///
    /// - Parameters:
    ///   - id: The id sent.
    ///   - collection: The collection the record is created in.
    ///   - isTaken: Whether a record of the collection already has this id.
    /// - Returns: The error, or `nil` when the id can be used.
    static func validate(
        _ id: String, in collection: PocketBaseCollection, isTaken: Bool = false
    ) -> PocketBaseFieldError? {
        let field = collection.field(named: "id") ?? .recordID
        if let error = field.validate(.string(id)) { return error }
        return isTaken ? .notUnique : nil
    }
}
