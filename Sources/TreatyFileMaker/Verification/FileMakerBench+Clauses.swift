internal import Foundation
internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

extension FileMakerBench {
    /// Records a finding on `rule` unless `holds`.
    func expect(_ holds: Bool, _ rule: RuleID, at pointer: String? = nil, _ summary: String, detail: String = "") {
        if !holds { context.fail(rule, at: pointer, summary, detail: detail) }
    }

    /// `…/layouts/<layout>`.
    func layoutPath(_ layout: FileMakerLayout) -> String {
        "\(base)/layouts/\(FileMakerPathSegment.escape(layout.name))"
    }

    /// Creates a record with every writable field's sample value, then `overrides`; returns its id.
    func create(_ layout: FileMakerLayout, unique: String, overrides: JSONObject) async throws -> String {
        var fieldData = JSONObject()
        for field in FileMakerSampleValues.writable(layout) {
            let key = FileMakerRepetition.keys(of: field).first ?? field.name
            fieldData[key] = FileMakerSampleValues.value(for: field, layout: layout, unique: unique)
        }
        for member in overrides.members { fieldData[member.key] = member.value }
        let reply = try await context.send(.post, records(layout), body: ["fieldData": .object(fieldData)])
        try context.require(reply, status: 200, rule: nil, "creating a valid \(layout.name) record must succeed")
        guard let id = reply.value(at: "/response/recordId")?.stringValue else {
            context.fail(.fileMakerRecord, at: "/response/recordId", "\(reply.request) answered no recordId string")
            throw CaseContext.Stop()
        }
        context.adopt(id: id, deletePath: records(layout) + "/" + id)
        return id
    }

    /// Sends a `_find` with `body`.
    func find(_ layout: FileMakerLayout, _ body: JSONObject) async throws -> Reply {
        try await context.send(.post, layoutPath(layout) + "/_find", body: .object(body))
    }

    /// The record ids of a records answer, in order; none for a 401 "No records match".
    static func ids(_ reply: Reply) -> [String] {
        (reply.value(at: "/response/data")?.arrayValue ?? []).compactMap { $0["recordId"]?.stringValue }
    }

    /// Requires an error answer whose code is one of `codes` on one of `statuses`.
    func requireError(_ reply: Reply, codes: [Int], statuses: [Int], rule: RuleID, _ meaning: String) {
        let found = reply.value(at: "/messages/0/code")?.stringValue
        if !statuses.contains(reply.status) || !codes.map(String.init).contains(found ?? "") {
            context.fail(
                rule, at: "/messages/0/code",
                "\(reply.request): expected code \(codes.map(String.init).joined(separator: " or ")) on HTTP \(statuses.map(String.init).joined(separator: " or ")), got \(found.map { "\"\($0)\"" } ?? "none") on \(reply.status)",
                detail: meaning)
        }
        if reply.value(at: "/response")?.objectValue == nil {
            context.fail(
                rule, at: "/response", "\(reply.request): the error answer has no 'response' object",
                detail: "fix: `response` is present even on errors (filemaker.md §1)")
        }
    }
}
