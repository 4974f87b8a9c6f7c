internal import Foundation
internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

extension FileMakerSuites {
    /// Scripts run with record calls and report only what ran (filemaker.md §6).
    func scriptCases(_ layout: FileMakerLayout, suite: String) -> [VerificationCase] {
        guard let echo = database.scripts.first(where: { if case .result = $0.behaviour { true } else { false } }),
            let failing = database.scripts.first(where: { if case .error = $0.behaviour { true } else { false } })
        else { return [] }
        return [
            makeRecordCase(
                suite, "scripts run with record calls; only scripts that ran report, a failing one keeps code 0",
                rules: [.fileMakerEnvelope], clauses: ["§6.2", "§6.4", "§6.5", "§6.6"], location: echo.location
            ) { bench, unique in
                let context = bench.context
                let parameter = "treaty-\(unique)"
                let expected = echo.run(parameter: parameter).result
                let created = try await context.send(
                    .post, bench.records(layout),
                    body: [
                        "fieldData": .object(Self.sample(layout, unique: unique)), "script": .string(echo.name),
                        "script.param": .string(parameter),
                    ])
                try context.require(created, status: 200, rule: .fileMakerEnvelope, "a create that runs a script")
                if let id = created.value(at: "/response/recordId")?.stringValue {
                    context.adopt(id: id, deletePath: bench.records(layout) + "/" + id)
                }
                bench.expect(
                    created.value(at: "/response/scriptError")?.stringValue == "0"
                        && created.value(at: "/response/scriptResult")?.stringValue == expected,
                    .fileMakerEnvelope, at: "/response/scriptResult",
                    "\(created.request): the script's scriptError/scriptResult are not \"0\"/\(expected.map { "\"\($0)\"" } ?? "omitted")"
                )
                let range = try await context.send(
                    .get, bench.records(layout),
                    query: [
                        ("_limit", "1"), ("script.prerequest", echo.name), ("script.prerequest.param", parameter + "a"),
                        ("script.presort", echo.name), ("script.presort.param", parameter + "b"),
                    ])
                try context.require(
                    range, status: 200, rule: .fileMakerEnvelope, "a range with prerequest and presort scripts")
                let ran = [
                    range.value(at: "/response/scriptResult.prerequest")?.stringValue,
                    range.value(at: "/response/scriptResult.presort")?.stringValue,
                ]
                bench.expect(
                    ran == [echo.run(parameter: parameter + "a").result, echo.run(parameter: parameter + "b").result]
                        && range.value(at: "/response/scriptError.prerequest")?.stringValue == "0"
                        && range.value(at: "/response/scriptError") == nil,
                    .fileMakerEnvelope, at: "/response",
                    "\(range.request): expected scriptResult.prerequest and .presort from the scripts that ran, and no 'scriptError' for the script that did not"
                )
                let first = FileMakerBench.ids(range).first ?? "1"
                let fails = try await context.send(
                    .get, bench.records(layout) + "/" + first, query: [("script", failing.name)])
                try context.require(fails, status: 200, rule: .fileMakerEnvelope, "a read that runs a failing script")
                let error = failing.run(parameter: nil).error
                bench.expect(
                    fails.value(at: "/messages/0/code")?.stringValue == "0"
                        && fails.value(at: "/response/scriptError") == .string(error)
                        && fails.value(at: "/response/scriptResult") == nil,
                    .fileMakerEnvelope, at: "/response/scriptError",
                    "\(fails.request): a failing script must answer code \"0\", scriptError \"\(error)\" (a string) and no scriptResult"
                )
                let missing = try await context.send(
                    .get, bench.records(layout) + "/" + first, query: [("script", "treaty-no-such-script")])
                let inBody = missing.value(at: "/response/scriptError")?.stringValue
                bench.expect(
                    inBody == "104" || missing.value(at: "/messages/0/code")?.stringValue == "104", .fileMakerEnvelope,
                    at: "/response/scriptError",
                    "\(missing.request): a missing script is neither scriptError \"104\" nor code 104")
            }
        ]
    }

    /// Sample values of every writable field of `layout`.
    static func sample(_ layout: FileMakerLayout, unique: String) -> JSONObject {
        var fieldData = JSONObject()
        for field in FileMakerSampleValues.writable(layout) {
            fieldData[FileMakerRepetition.keys(of: field).first ?? field.name] =
                FileMakerSampleValues.value(for: field, layout: layout, unique: unique)
        }
        return fieldData
    }

    /// A global field's value shows in its session's records, not in another session's
    /// (filemaker.md §2, §7).
    func globalsCase(_ layout: FileMakerLayout, _ global: FileMakerField, suite: String) -> VerificationCase {
        let basic = self.basic
        return makeRecordCase(
            suite, "a global set in one session shows in its records and not in another session's",
            rules: [.fileMakerRecord, .fileMakerError], clauses: ["§2.10", "§7.1", "§7.2"], location: global.location
        ) { bench, unique in
            let context = bench.context
            let qualified = "\(layout.table)::\(global.name)"
            let value = JSONValue.string("treaty global \(unique)")
            // The case owns its session's globals: a live run may change them.
            context.adopt(id: "globals", deletePath: nil)
            let set = try await context.send(
                .patch, bench.base + "/globals", body: ["globalFields": [.init(stringLiteral: qualified): value]])
            try context.require(set, status: 200, rule: .fileMakerRecord, "setting a global field")
            let id = try await bench.create(layout, unique: unique, overrides: JSONObject())
            let mine = try await bench.read(layout, id)
            bench.expect(
                mine["fieldData"]?[global.name] == value, .fileMakerRecord,
                at: "/response/data/0/fieldData/\(global.name)",
                "the session that set '\(qualified)' reads \(mine["fieldData"]?[global.name]?.serialized() ?? "nothing") in its records"
            )
            let login = try await context.send(
                .post, bench.base + "/sessions", headers: [.authorization: basic], body: .object(JSONObject()))
            try context.require(login, status: 200, rule: nil, "a second login")
            let token = login.value(at: "/response/token")?.stringValue ?? ""
            context.conceal([token])
            let theirs = try await context.send(
                .get, bench.records(layout) + "/" + id, headers: [.authorization: "Bearer \(token)"])
            context.adopt(id: token, deletePath: nil)
            _ = try await context.send(.delete, bench.base + "/sessions/" + token, headers: [.authorization: ""])
            try context.require(theirs, status: 200, rule: nil, "reading the record in a second session")
            bench.expect(
                theirs.value(at: "/response/data/0/fieldData/\(global.name)") == "", .fileMakerRecord,
                at: "/response/data/0/fieldData/\(global.name)",
                "another session reads \(theirs.value(at: "/response/data/0/fieldData/\(global.name)")?.serialized() ?? "nothing") for the global the first session set",
                detail: "fix: globals are per token (filemaker.md §2)")
            let plain = layout.fields.first { !$0.global }?.name ?? "id"
            for name in ["treatyNoSuchField", plain] {
                let reply = try await context.send(
                    .patch, bench.base + "/globals",
                    body: ["globalFields": [.init(stringLiteral: "\(layout.table)::\(name)"): "x"]])
                bench.requireError(
                    reply, codes: [102], statuses: [500], rule: .fileMakerError, "setting '\(name)', not a global field"
                )
            }
        }
    }
}
