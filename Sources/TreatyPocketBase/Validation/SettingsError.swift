internal import TreatyJSON

/// One failed collection setting: where (a path below the collection, such as
/// `["fields", "1", "values"]`) and what.
struct SettingsError: Sendable, Hashable {
    var path: [String]
    var error: PocketBaseFieldError
}

extension PocketBaseFieldError {
    /// ozzo-validation's `Min`: "Must be no less than N." with `params.threshold`.
    static func noLessThan(_ threshold: Int) -> PocketBaseFieldError {
        PocketBaseFieldError(
            code: "validation_min_greater_equal_than_required", message: "Must be no less than \(threshold).",
            params: ["threshold": .number(JSONNumber(threshold))])
    }

    /// ozzo-validation's `Max`: "Must be no greater than N." with `params.threshold`.
    static func noGreaterThan(_ threshold: Int) -> PocketBaseFieldError {
        PocketBaseFieldError(
            code: "validation_max_less_equal_than_required", message: "Must be no greater than \(threshold).",
            params: ["threshold": .number(JSONNumber(threshold))])
    }

    /// ozzo-validation's `Length(min, max)` failing with both bounds set.
    static func lengthOutOfRange(_ min: Int, _ max: Int) -> PocketBaseFieldError {
        PocketBaseFieldError(
            code: "validation_length_out_of_range", message: "The length must be between \(min) and \(max).",
            params: ["max": .number(JSONNumber(max)), "min": .number(JSONNumber(min))])
    }

    static let matchInvalid = PocketBaseFieldError(
        code: "validation_match_invalid", message: "Must be in a valid format.")
    static let notInList = PocketBaseFieldError(code: "validation_not_in_invalid", message: "Must not be in list.")
    static let inInvalid = PocketBaseFieldError(code: "validation_in_invalid", message: "Must be a valid value.")
    static let mustBeEmpty = PocketBaseFieldError(code: "validation_empty", message: "Must be blank.")
    static let mustBeNil = PocketBaseFieldError(code: "validation_nil", message: "Must be blank.")
    static let isDomain = PocketBaseFieldError(code: "validation_is_domain", message: "Must be a valid domain.")
    static let foundVia = PocketBaseFieldError(
        code: "validation_found_via", message: "The value cannot contain \"_via_\".")
    static let invalidRegex = PocketBaseFieldError(code: "validation_invalid_regex", message: "Error parsing regexp.")
    static let missingRelationCollection = PocketBaseFieldError(
        code: "validation_field_relation_missing_collection", message: "The relation collection doesn't exist.")
    static let eitherAutodate = PocketBaseFieldError(
        code: "validation_required", message: "Either onCreate or onUpdate must be enabled.")
    static let collectionNameExists = PocketBaseFieldError(
        code: "validation_collection_name_exists", message: "Collection name must be unique (case insensitive).")
    static let collectionNameIsID = PocketBaseFieldError(
        code: "validation_collection_name_id_duplicate", message: "The name must not match an existing collection id.")
    static let collectionNameInternal = PocketBaseFieldError(
        code: "validation_collection_name_invalid", message: "The name shouldn't match with an existing internal table."
    )
    static let existingID = PocketBaseFieldError(
        code: "validation_invalid_or_existing_id", message: "The model id is invalid or already exists.")
    static let missingPrimaryKey = PocketBaseFieldError(
        code: "validation_missing_primary_key", message: "Missing or invalid \"id\" PK field.")

    static func duplicatedFieldID(_ id: String) -> PocketBaseFieldError {
        PocketBaseFieldError(
            code: "validation_duplicated_field_id", message: "Duplicated or invalid field id \"\(id)\".")
    }

    static func duplicatedFieldName(_ name: String) -> PocketBaseFieldError {
        PocketBaseFieldError(
            code: "validation_duplicated_field_name", message: "Duplicated or invalid field name \(name).",
            params: ["fieldName": .string(name)])
    }
}
