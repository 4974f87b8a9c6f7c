internal import TreatyJSON

extension PocketBaseFieldError {
    /// `validation_required` "Cannot be blank.": a required field is empty.
    static let required = PocketBaseFieldError(code: "validation_required", message: "Cannot be blank.")

    /// `validation_min_text_constraint` "Must be at least N character(s)." with `params.min`: text
    /// shorter than the field's `min` (characters, not bytes).
    static func minTextConstraint(_ min: Int) -> PocketBaseFieldError {
        PocketBaseFieldError(
            code: "validation_min_text_constraint", message: "Must be at least \(min) character(s).",
            params: ["min": .number(JSONNumber(min))])
    }

    /// `validation_max_text_constraint` "Must be no more than N character(s)." with `params.max`:
    /// text longer than the field's `max` (5000 when `max` is 0).
    static func maxTextConstraint(_ max: Int) -> PocketBaseFieldError {
        PocketBaseFieldError(
            code: "validation_max_text_constraint", message: "Must be no more than \(max) character(s).",
            params: ["max": .number(JSONNumber(max))])
    }

    /// `validation_min_text_constraint` without parameters, as the password field words it.
    static func passwordTooShort(_ min: Int) -> PocketBaseFieldError {
        PocketBaseFieldError(code: "validation_min_text_constraint", message: "Must be at least \(min) character(s).")
    }

    /// `validation_max_text_constraint` "Must be less than N character(s).", as the password
    /// field words it (no parameters; N is 71 when `max` is 0).
    static func passwordTooLong(_ max: Int) -> PocketBaseFieldError {
        PocketBaseFieldError(code: "validation_max_text_constraint", message: "Must be less than \(max) character(s).")
    }

    /// `validation_invalid_format` "Invalid value format.": text or password not matching the
    /// field's `pattern` (and record ids outside `[a-z0-9]`).
    static let invalidFormat = PocketBaseFieldError(
        code: "validation_invalid_format", message: "Invalid value format.")

    /// `validation_pk_change` "The record primary key cannot be changed."
    static let primaryKeyChange = PocketBaseFieldError(
        code: "validation_pk_change", message: "The record primary key cannot be changed.")

    /// `validation_not_unique` "Value must be unique.": a unique index (or a taken id) refuses
    /// the value.
    static let notUnique = PocketBaseFieldError(code: "validation_not_unique", message: "Value must be unique.")

    /// `validation_only_int_constraint` "Decimal numbers are not allowed."
    static let onlyIntConstraint = PocketBaseFieldError(
        code: "validation_only_int_constraint", message: "Decimal numbers are not allowed.")

    /// `validation_not_a_number` "The submitted number is not properly formatted.": `NaN` or an
    /// infinity reached a number field.
    static let notANumber = PocketBaseFieldError(
        code: "validation_not_a_number", message: "The submitted number is not properly formatted.")

    /// `validation_min_number_constraint` "Must be greater or equal than N." with `params.min`.
    static func minNumberConstraint(_ min: Double) -> PocketBaseFieldError {
        let text = GoNumberFormat.json(min)
        return PocketBaseFieldError(
            code: "validation_min_number_constraint", message: "Must be greater or equal than \(text).",
            params: ["min": number(min)])
    }

    /// `validation_max_number_constraint` "Must be less or equal than N." with `params.max`.
    static func maxNumberConstraint(_ max: Double) -> PocketBaseFieldError {
        let text = GoNumberFormat.json(max)
        return PocketBaseFieldError(
            code: "validation_max_number_constraint", message: "Must be less or equal than \(text).",
            params: ["max": number(max)])
    }

    /// `validation_is_email` "Must be a valid email address."
    static let isEmail = PocketBaseFieldError(
        code: "validation_is_email", message: "Must be a valid email address.")

    /// `validation_email_domain_not_allowed` "Email domain is not allowed."
    static let emailDomainNotAllowed = PocketBaseFieldError(
        code: "validation_email_domain_not_allowed", message: "Email domain is not allowed.")

    /// `validation_invalid_url` "Must be a valid url."
    static let invalidURL = PocketBaseFieldError(code: "validation_invalid_url", message: "Must be a valid url.")

    /// `validation_url_domain_not_allowed` "Url domain is not allowed."
    static let urlDomainNotAllowed = PocketBaseFieldError(
        code: "validation_url_domain_not_allowed", message: "Url domain is not allowed.")

    /// `validation_min_greater_equal_than_required` "Must be no less than <Go time>." with
    /// `params.threshold` (RFC 3339): a date before the field's `min`.
    static func dateTooEarly(_ min: PocketBaseDateTime) -> PocketBaseFieldError {
        PocketBaseFieldError(
            code: "validation_min_greater_equal_than_required", message: "Must be no less than \(min.goDescription).",
            params: ["threshold": .string(min.rfc3339)])
    }

    /// `validation_max_less_equal_than_required` "Must be no greater than <Go time>." with
    /// `params.threshold`: a date after the field's `max`.
    static func dateTooLate(_ max: PocketBaseDateTime) -> PocketBaseFieldError {
        PocketBaseFieldError(
            code: "validation_max_less_equal_than_required", message: "Must be no greater than \(max.goDescription).",
            params: ["threshold": .string(max.rfc3339)])
    }

    /// `validation_invalid_value` "Invalid value V." with `params.value`: a select value that is
    /// not one of the field's `values`.
    static func invalidValue(_ value: String) -> PocketBaseFieldError {
        PocketBaseFieldError(
            code: "validation_invalid_value", message: "Invalid value \(value).", params: ["value": .string(value)])
    }

    /// `validation_too_many_values` "Select no more than N." with `params.maxSelect`.
    static func tooManyValues(_ maxSelect: Int) -> PocketBaseFieldError {
        PocketBaseFieldError(
            code: "validation_too_many_values", message: "Select no more than \(maxSelect).",
            params: ["maxSelect": .number(JSONNumber(maxSelect))])
    }

    /// `validation_not_enough_values` "Select at least N." with `params.minSelect`.
    static func notEnoughValues(_ minSelect: Int) -> PocketBaseFieldError {
        PocketBaseFieldError(
            code: "validation_not_enough_values", message: "Select at least \(minSelect).",
            params: ["minSelect": .number(JSONNumber(minSelect))])
    }

    /// `validation_missing_rel_records` "Failed to find all relation records with the provided
    /// ids."
    static let missingRelationRecords = PocketBaseFieldError(
        code: "validation_missing_rel_records", message: "Failed to find all relation records with the provided ids.")

    /// `validation_json_size_limit` "The maximum allowed JSON size is N bytes." with
    /// `params.maxSize`.
    static func jsonSizeLimit(_ maxSize: Int) -> PocketBaseFieldError {
        PocketBaseFieldError(
            code: "validation_json_size_limit", message: "The maximum allowed JSON size is \(maxSize) bytes.",
            params: ["maxSize": .number(JSONNumber(maxSize))])
    }

    /// `validation_content_size_limit` "The maximum allowed content size is N bytes." with
    /// `params.maxSize`: editor text too large.
    static func contentSizeLimit(_ maxSize: Int) -> PocketBaseFieldError {
        PocketBaseFieldError(
            code: "validation_content_size_limit", message: "The maximum allowed content size is \(maxSize) bytes.",
            params: ["maxSize": .number(JSONNumber(maxSize))])
    }

    /// `validation_invalid_file` "Invalid new files: [a.txt b.txt]." with `params.invalidFiles`:
    /// file names sent as plain strings that the record did not already have.
    static func invalidFiles(_ names: [String]) -> PocketBaseFieldError {
        PocketBaseFieldError(
            code: "validation_invalid_file", message: "Invalid new files: [\(names.joined(separator: " "))].",
            params: ["invalidFiles": .array(names.map(JSONValue.string))])
    }

    /// `validation_too_many_files` "The maximum allowed files is N." with `params.maxSelect`.
    static func tooManyFiles(_ maxSelect: Int) -> PocketBaseFieldError {
        PocketBaseFieldError(
            code: "validation_too_many_files", message: "The maximum allowed files is \(maxSelect).",
            params: ["maxSelect": .number(JSONNumber(maxSelect))])
    }

    /// `validation_invalid_mime_type` "\"name\" mime type must be one of: a, b." for an
    /// uploaded file of another type; `name` is the generated stored name.
    static func invalidMimeType(_ name: String, allowed: [String]) -> PocketBaseFieldError {
        PocketBaseFieldError(
            code: "validation_invalid_mime_type",
            message: "\"\(name)\" mime type must be one of: \(allowed.joined(separator: ", ")).")
    }

    /// `validation_file_size_limit` "Failed to upload \"name\" - the maximum allowed file size is
    /// N bytes." with `params {file, maxSize}`; `name` is the client's file name.
    static func fileSizeLimit(_ name: String, maxSize: Int) -> PocketBaseFieldError {
        PocketBaseFieldError(
            code: "validation_file_size_limit",
            message: "Failed to upload \"\(name)\" - the maximum allowed file size is \(maxSize) bytes.",
            params: ["file": .string(name), "maxSize": .number(JSONNumber(maxSize))])
    }

    /// `validation_invalid_latitude` "Latitude must be between -90 and 90 degrees."
    static let invalidLatitude = PocketBaseFieldError(
        code: "validation_invalid_latitude", message: "Latitude must be between -90 and 90 degrees.")

    /// `validation_invalid_longitude` "Longitude must be between -180 and 180 degrees."
    static let invalidLongitude = PocketBaseFieldError(
        code: "validation_invalid_longitude", message: "Longitude must be between -180 and 180 degrees.")

    /// `validation_values_mismatch` "Values don't match.": `passwordConfirm` differs, or a
    /// non-superuser sets `verified`.
    static let valuesMismatch = PocketBaseFieldError(
        code: "validation_values_mismatch", message: "Values don't match.")

    /// `validation_length_too_long` "The length must be no more than N." with `params {max,
    /// min}` (ozzo-validation's length rule, e.g. too many batch requests).
    static func lengthTooLong(max: Int, min: Int = 0) -> PocketBaseFieldError {
        PocketBaseFieldError(
            code: "validation_length_too_long", message: "The length must be no more than \(max).",
            params: ["max": .number(JSONNumber(max)), "min": .number(JSONNumber(min))])
    }

    /// `validation_invalid_value` "Invalid value.": PocketBase's fallback for an error without
    /// a code of its own.
    static let invalidValueFallback = PocketBaseFieldError(
        code: "validation_invalid_value", message: "Invalid value.")
}
