import TreatyJSON

extension PocketBaseErrorResponse {
    /// 400 "Something went wrong while processing your request.": a bad filter or sort,
    /// non-numeric paging, malformed JSON.
    static let badRequest = PocketBaseErrorResponse(
        status: 400, message: "Something went wrong while processing your request.")

    /// 400 "Failed to create record." with the failing fields (or `{}` for an unmet create rule).
    static func failedToCreateRecord(_ fieldErrors: [String: PocketBaseFieldError] = [:])
        -> PocketBaseErrorResponse
    {
        PocketBaseErrorResponse(status: 400, message: "Failed to create record.", fieldErrors: fieldErrors)
    }

    /// 400 "Failed to update record." with the failing fields.
    static func failedToUpdateRecord(_ fieldErrors: [String: PocketBaseFieldError] = [:])
        -> PocketBaseErrorResponse
    {
        PocketBaseErrorResponse(status: 400, message: "Failed to update record.", fieldErrors: fieldErrors)
    }

    /// 400 "Failed to create collection." with nested field errors (`data.fields.<index>.<prop>`).
    static func failedToCreateCollection(_ data: JSONObject) -> PocketBaseErrorResponse {
        PocketBaseErrorResponse(status: 400, message: "Failed to create collection.", data: data)
    }

    /// 400 "Failed to load the submitted data due to invalid formatting.": a collection body whose
    /// values have the wrong JSON types, or an unknown field type.
    static let invalidFormatting = PocketBaseErrorResponse(
        status: 400, message: "Failed to load the submitted data due to invalid formatting.")

    /// 400 "Failed to load the collection type data due to invalid formatting.": a collection
    /// body that is not a JSON object.
    static let invalidCollectionTypeData = PocketBaseErrorResponse(
        status: 400, message: "Failed to load the collection type data due to invalid formatting.")

    /// 400 "An error occurred while validating the submitted data.": auth forms.
    static func invalidSubmittedData(_ fieldErrors: [String: PocketBaseFieldError] = [:])
        -> PocketBaseErrorResponse
    {
        PocketBaseErrorResponse(
            status: 400, message: "An error occurred while validating the submitted data.", fieldErrors: fieldErrors)
    }

    /// 400 "Failed to authenticate.": bad credentials.
    static let failedToAuthenticate = PocketBaseErrorResponse(status: 400, message: "Failed to authenticate.")

    /// 401 "The request requires valid record authorization token."
    static let unauthorized = PocketBaseErrorResponse(
        status: 401, message: "The request requires valid record authorization token.")

    /// 403 "Only superusers can perform this action.": a locked (`null`) rule.
    static let superusersOnly = PocketBaseErrorResponse(
        status: 403, message: "Only superusers can perform this action.")

    /// 403 "The authorized record is not allowed to perform this action."
    static let forbidden = PocketBaseErrorResponse(
        status: 403, message: "The authorized record is not allowed to perform this action.")

    /// 403 "Only superusers can filter by @request." (pass `"@request"` or `"@collection"`).
    static func superusersOnlyFilter(by prefix: String) -> PocketBaseErrorResponse {
        PocketBaseErrorResponse(status: 403, message: "Only superusers can filter by \(prefix).")
    }

    /// 404 "The requested resource wasn't found."
    static let notFound = PocketBaseErrorResponse(status: 404, message: "The requested resource wasn't found.")

    /// 404 "Missing collection context.": an unknown collection.
    static let missingCollectionContext = PocketBaseErrorResponse(
        status: 404, message: "Missing collection context.")
}
