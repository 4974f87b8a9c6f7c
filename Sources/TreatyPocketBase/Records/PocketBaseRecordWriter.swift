import TreatyJSON

/// Applies request bodies to records of one collection, as PocketBase's create and update
/// handlers do, and validates the result.
///
/// Records are ``JSONObject``s keyed by field name holding stored values (see
/// ``PocketBaseField/coerce(_:)``). The writer has no store: ids, timestamps, uniqueness and
/// relation lookups are the caller's.
///
/// ```swift
/// let writer = PocketBaseRecordWriter(collection: posts)
/// let updated = writer.apply(["views+": 1, "tags-": "t1"], to: stored)
/// let errors = writer.validate(updated, in: .init(original: stored))
/// ```
struct PocketBaseRecordWriter: Sendable {
    /// The collection whose records are written.
    var collection: PocketBaseCollection

    /// Creates a writer.
    ///
    /// - Parameter collection: The collection whose records are written.
    init(collection: PocketBaseCollection) {
        self.collection = collection
    }

    /// A record with every field at its ``PocketBaseField/emptyValue``, in field order, the
    /// starting point of a create.
    func emptyRecord() -> JSONObject {
        JSONObject(collection.fields.map { JSONObject.Member(key: $0.name, value: $0.emptyValue) })
    }

    /// Applies a request body to a record, returning the record PocketBase would validate.
    ///
    /// Keys are applied shortest first (PocketBase sorts them by length, so a plain `tags` is
    /// set before `tags+`; keys of equal length keep the body's order, where PocketBase's order
    /// is random). Each key is a field name or a modifier:
    /// - `field+` appends and `+field` prepends to select, relation and file fields (entries
    ///   already present are not repeated); `field-` removes the given entries;
    /// - `number+` and `number-` add to and subtract from a number field (`"abc"` counts as 0);
    /// - any other key, and modifiers a type lacks (`title+`), are ignored, as are values for
    ///   autodate fields.
    ///
    /// Values are converted with ``PocketBaseField/coerce(_:)``, so `null` empties a field.
    /// Unless `asSuperuser` is set, hidden fields keep their stored value (an auth
    /// collection's `password` excepted), as PocketBase drops them from non-superusers'
    /// bodies.
    ///
    /// - Parameters:
    ///   - body: The request body's object.
    ///   - record: The stored record, or ``emptyRecord()`` for a create.
    ///   - asSuperuser: Whether the request is a superuser's.
    /// - Returns: The record after the write.
    func apply(_ body: JSONObject, to record: JSONObject, asSuperuser: Bool = false) -> JSONObject {
        var result = record
        let keys = body.members.enumerated().sorted { lhs, rhs in
            (lhs.element.key.count, lhs.offset) < (rhs.element.key.count, rhs.offset)
        }
        for (_, member) in keys {
            guard let (field, modifier) = target(of: member.key) else { continue }
            if !asSuperuser, field.hidden, !(collection.type == .auth && field.name == "password") { continue }
            let current = result[field.name] ?? field.emptyValue
            result[field.name] = modifier.apply(member.value, to: current, of: field)
        }
        return result
    }

    /// Validates every field of a record in field order.
    ///
    /// - Parameters:
    ///   - record: The record after the write.
    ///   - context: The stored record (for updates) and a relation lookup.
    /// - Returns: The failing fields and their errors; empty when the record is valid.
    func validate(_ record: JSONObject, in context: PocketBaseValidationContext = .init()) -> [String:
        PocketBaseFieldError]
    {
        var errors: [String: PocketBaseFieldError] = [:]
        for field in collection.fields {
            if let error = field.validate(record[field.name] ?? field.emptyValue, in: context) {
                errors[field.name] = error
            }
        }
        return errors
    }

    /// The field a body key writes, and how.
    private func target(of key: String) -> (PocketBaseField, FieldModifier)? {
        for field in collection.fields {
            if key == field.name { return field.type == .autodate ? nil : (field, .set) }
            let supportsLists = [.select, .relation, .file].contains(field.type)
            if key == field.name + "+", supportsLists || field.type == .number { return (field, .append) }
            if key == field.name + "-", supportsLists || field.type == .number { return (field, .remove) }
            if key == "+" + field.name, supportsLists { return (field, .prepend) }
        }
        return nil
    }
}
