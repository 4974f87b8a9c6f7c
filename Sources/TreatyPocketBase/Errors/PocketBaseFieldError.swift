import TreatyJSON

/// One field's entry in a PocketBase error body's `data`: `{"code", "message"[, "params"]}`.
///
/// Messages are written as PocketBase sends them, already "sentenized" (capital first letter,
/// final period) with their parameters filled in. Build them with the static members, which
/// cover every code a field check produces:
///
/// ```swift
/// PocketBaseFieldError.minTextConstraint(3).json
/// // {"code":"validation_min_text_constraint","message":"Must be at least 3 character(s).","params":{"min":3}}
/// ```
struct PocketBaseFieldError: Error, Sendable, Hashable {
    /// The stable code, such as `validation_required`.
    var code: String
    /// The human-readable message.
    var message: String
    /// The parameters PocketBase attaches (`min`, `max`, `value`, …), or `nil` for none.
    var params: JSONObject?

    /// Creates an error entry.
    ///
    /// - Parameters:
    ///   - code: The stable code.
    ///   - message: The message, as sent.
    ///   - params: The parameters, or `nil` for none.
    init(code: String, message: String, params: JSONObject? = nil) {
        self.code = code
        self.message = message
        self.params = params
    }

    /// The wire form, keys in PocketBase's (sorted) order.
    var json: JSONValue {
        var object: JSONObject = ["code": .string(code), "message": .string(message)]
        if let params { object["params"] = .object(params) }
        return .object(object)
    }

    /// A number as PocketBase writes it in `params` and messages (`5`, `2.5`).
    static func number(_ value: Double) -> JSONValue {
        .number(JSONNumber(text: GoNumberFormat.json(value)) ?? JSONNumber(0))
    }
}
