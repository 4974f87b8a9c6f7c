internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

extension CaseContext {
    /// Requires a rest-sync error answer: `status`, a body in the error format (`RS-ERR-1`), and
    /// when given the error `code` and `field`. A wrong status stops the case; a malformed body,
    /// a wrong code or field is recorded.
    ///
    /// - Throws: ``CaseContext/Stop`` when the status differs.
    func requireError(
        _ reply: Reply, status: Int, code: String?, field: String? = nil, rule: RuleID, _ meaning: String
    ) throws {
        try require(reply, status: status, rule: rule, meaning)
        record(RESTErrorConformance.check(reply.json), in: reply)
        if let code, reply.errorCode != code {
            fail(
                rule, at: "/error/code",
                "\(reply.request): expected error code '\(code)', got \(Workbench.show(reply.value(at: "/error/code")))",
                detail: meaning)
        }
        if let field, reply.value(at: "/error/field")?.stringValue != field {
            fail(
                rule, at: "/error/field",
                "\(reply.request): expected the error to name field '\(field)', got \(Workbench.show(reply.value(at: "/error/field")))",
                detail: meaning)
        }
    }
}
