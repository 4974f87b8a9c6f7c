import TreatyCore
internal import TreatyJSON
internal import TreatyRules

extension RuleID {
    /// `RS-ERR-1`: an error answer's body is `{"error":{"code","message","field"}}`: a string
    /// code, a string message, and `field` a string or `null`.
    static let restSyncError: RuleID = "RS-ERR-1"
}

/// Judges an error body against rest-sync's error format (`RS-ERR-1`).
enum RESTErrorConformance {
    static func check(_ body: JSONValue?) -> [RuleViolation] {
        let root = JSONPointer.root
        guard let error = body?.objectValue?["error"]?.objectValue else {
            return [
                violation(
                    root.appending("error"), "the error answer has no 'error' object", expected: "an object",
                    found: body?.objectValue?["error"] ?? body)
            ]
        }
        var violations: [RuleViolation] = []
        let pointer = root.appending("error")
        for key in ["code", "message"] where error[key]?.stringValue?.isEmpty != false {
            violations.append(
                violation(
                    pointer.appending(key), "the error has no '\(key)' string", expected: "a non-empty string",
                    found: error[key]))
        }
        switch error["field"] {
        case .string?, .null?: break
        default:
            violations.append(
                violation(
                    pointer.appending("field"), "the error's 'field' is not a string or null",
                    expected: "the field's key, or null", found: error["field"]))
        }
        return violations
    }

    private static func violation(_ pointer: JSONPointer, _ message: String, expected: String, found: JSONValue?)
        -> RuleViolation
    {
        RuleViolation(
            rule: .restSyncError, pointer: pointer, message: message, expected: expected,
            found: ValueDescription.describe(found),
            fix: #"answer errors as {"error":{"code":"not_found","message":"…","field":null}}"#)
    }
}
