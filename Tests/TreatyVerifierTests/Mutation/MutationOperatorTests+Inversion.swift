import HTTPTypes
import Synchronization
import Testing
import TreatyCore
import TreatyDialect
import TreatyDialectKit
import TreatyJSON

/// The operators that turn a parameter the other way, bump a token twice, drop a write's
/// precondition, and reach into lists of a body (`*`).
@Suite struct MutationInversionTests {
    /// A list route with a signed sort, an expression filter, a sort list whose objects carry a
    /// direction member and a comparator filter; a batch write whose operations carry the token.
    static let anatomy: MutationAnatomy = {
        let list = AnswerRoute(
            name: "items.list", method: .post, path: MutationOperatorTests.path("/items"), resource: "item",
            role: .list,
            records: ["items"],
            parameters: [
                .query("sort", .sort, inversion: .signPrefix("-")),
                .query("filter", .filter, inversion: .comparisonText),
                .body(["query", "order"], .sort, inversion: .member("up", swaps: [true: false], absent: true)),
                .body(["query", "where"], .filter, inversion: .member("op", swaps: ["GT": "GTE", "LT": "LTE"])),
                .query("sorting", .sort, inversion: .member("dir", swaps: ["asc": "desc"], absent: "asc")),
            ])
        let batch = AnswerRoute(
            name: "items.batch", method: .post, path: MutationOperatorTests.path("/batch"), resource: "item",
            role: .write,
            records: ["records"], fields: ["fields"], valueKey: "value",
            fieldKeys: [AnatomyField("name", .text), AnatomyField("size", .number)],
            parameters: [.body(["operations", "*", "record", "tag"], .token)], token: ["tag"],
            writeFields: ["operations", "*", "record", "fields"])
        return MutationAnatomy(prefix: "XY", spec: "xy.md", routes: [list, batch])
    }()

    func mutant(_ id: String) throws -> Mutant {
        try #require(Self.anatomy.mutants().first { $0.id == id }, "no mutant \(id)")
    }

    /// The request the real dialect sees when mutant `id` gets `request`.
    func forwarded(_ id: String, _ request: DialectRequest) throws -> DialectRequest {
        let seen = Mutex<DialectRequest?>(nil)
        _ = try mutant(id).respond(request, MutationOperatorTests.store) { forwarded in
            seen.withLock { $0 = forwarded }
            return DialectResponse(status: .ok, body: (["records": []] as JSONValue).serializedBytes())
        }
        return try #require(seen.withLock { $0 })
    }

    static func listRequest(_ query: String, body: JSONValue = [:]) -> DialectRequest {
        DialectRequest(method: .post, target: "/items?" + query, body: body.serializedBytes())
    }

    @Test("a signed sort turns each key the other way, an explicit + included")
    func signedSort() throws {
        let request = Self.listRequest("sort=-year,title,%2Bviews")
        #expect(try forwarded("XY-sort-inverted:items.list.sort", request).queryValue("sort") == "year,-title,-views")
    }

    @Test("a filter expression's boundaries flip outside quoted literals")
    func comparisonText() throws {
        let request = Self.listRequest(
            "filter=" + PercentEncoding.component(#"a > 1 && b<=2 && c != "<x>" && d ?>= 3"#))
        let flipped = try forwarded("XY-filter-boundary-flipped:items.list.filter", request).queryValue("filter")
        #expect(flipped == #"a >= 1 && b<2 && c != "<x>" && d ?> 3"#)
        #expect(
            ParameterInversion.comparisonText.inverted([["year": ">=1960", "name": "A<B"]]) == [
                ["year": ">1960", "name": "A<=B"]
            ])
    }

    @Test("a direction member swaps in every object of a body list; a missing one counts as the default")
    func memberSwap() throws {
        let body: JSONValue = [
            "query": [
                "order": [["field": "a", "up": false], ["field": "b"]],
                "where": [["field": "a", "op": "GTE"], ["field": "b", "op": "EQUALS"], ["field": "c", "op": "LT"]],
            ]
        ]
        let sorted = try JSONParser().parse(
            try forwarded("XY-sort-inverted:items.list.order", Self.listRequest("", body: body)).body)
        #expect(sorted["query"]?["order"] == [["field": "a", "up": true], ["field": "b", "up": false]])
        let filtered = try JSONParser().parse(
            try forwarded("XY-filter-boundary-flipped:items.list.where", Self.listRequest("", body: body)).body)
        #expect(
            filtered["query"]?["where"] == [
                ["field": "a", "op": "GT"], ["field": "b", "op": "EQUALS"], ["field": "c", "op": "LTE"],
            ])
    }

    @Test("a query item holding JSON text is inverted inside the text")
    func jsonText() throws {
        let request = Self.listRequest("sorting=" + PercentEncoding.component(#"[{"fieldName":"a","dir":"desc"}]"#))
        let order = try forwarded("XY-sort-inverted:items.list.sorting", request).queryValue("sorting")
        #expect(try JSONParser().parse(try #require(order)) == [["fieldName": "a", "dir": "asc"]])
    }

    static let batchBody: JSONValue = [
        "operations": [
            [
                "type": "update",
                "record": ["name": "r1", "tag": "7", "fields": ["name": ["value": "Ada"], "size": ["value": 3]]],
            ],
            ["type": "update", "record": ["name": "r2", "tag": "2", "fields": ["size": ["value": 4]]]],
        ]
    ]
    static let batchRequest = DialectRequest(method: .post, target: "/batch", body: batchBody.serializedBytes())

    @Test("a token inside each operation of a batch is taken out: no conflict is raised")
    func conflictNotRaised() throws {
        let body = try JSONParser().parse(
            try forwarded("XY-conflict-not-raised:items.batch.tag", Self.batchRequest).body)
        #expect(body["operations"]?[0]?["record"]?.objectValue?.containsKey("tag") == false)
        #expect(body["operations"]?[1]?["record"]?.objectValue?.containsKey("tag") == false)
        #expect(body["operations"]?[1]?["record"]?["name"] == "r2")
        #expect(!Self.anatomy.mutants().contains { $0.id == "XY-parameter-ignored:items.batch.tag" })
    }

    @Test("a token bumped twice answers one past the stored token")
    func bumpedTwice() throws {
        let answer = try mutant("XY-token-bumped-twice:items.batch").respond(
            Self.batchRequest, MutationOperatorTests.store
        ) { _ in
            DialectResponse(
                status: .ok, body: (["records": [["tag": "8", "fields": [:]]]] as JSONValue).serializedBytes())
        }
        #expect(try JSONParser().parse(answer.body)["records"]?[0]?["tag"] == "9")
    }

    @Test("a write applied partially stores its body without the first field but answers it as sent")
    func appliedPartially() throws {
        let seen = Mutex<JSONValue?>(nil)
        let answer = try mutant("XY-write-applied-partially:items.batch").respond(
            Self.batchRequest, MutationOperatorTests.store
        ) {
            request in
            let body = try? JSONParser().parse(request.body)
            seen.withLock { $0 = body }
            let stored: JSONValue = [
                "records": [
                    ["fields": ["name": ["value": "Old", "type": "STRING"], "size": ["value": 3, "type": "INT64"]]]
                ]
            ]
            return DialectResponse(status: .ok, body: stored.serializedBytes())
        }
        let sent = try #require(seen.withLock { $0 })
        #expect(sent["operations"]?[0]?["record"]?["fields"] == ["size": ["value": 3]])
        #expect(sent["operations"]?[1]?["record"]?["fields"] == ["size": ["value": 4]], "only the key is taken out")
        let claimed = try JSONParser().parse(answer.body)
        #expect(claimed["records"]?[0]?["fields"]?["name"] == ["value": "Ada", "type": "STRING"])
    }

    /// An anatomy with error codes in the envelope and in each record of a batch answer, a
    /// relation key with an id suffix, and a list ordered by `rank`.
    static let codes: MutationAnatomy = {
        let list = AnswerRoute(
            name: "items.list", method: .get, path: MutationOperatorTests.path("/items"), resource: "item", role: .list,
            fieldKeys: [
                AnatomyField("id", .identifier), AnatomyField("owner_id", .reference),
                AnatomyField("tag_ids", .references),
            ],
            orderKey: "rank")
        return MutationAnatomy(
            prefix: "XY", spec: "xy.md", routes: [list],
            errorCodes: ErrorCodes(
                paths: [["error", "code"], ["records", "*", "code"]], codes: ["missing", "taken", "stale"]))
    }()

    func answer(_ id: String, in anatomy: MutationAnatomy, real: JSONValue, status: HTTPResponse.Status = .ok) throws
        -> JSONValue
    {
        let mutant = try #require(anatomy.mutants().first { $0.id == id }, "no mutant \(id)")
        let response = mutant.respond(DialectRequest(method: .get, target: "/items"), MutationOperatorTests.store) {
            _ in
            DialectResponse(status: status, body: real.serializedBytes())
        }
        return try JSONParser().parse(response.body)
    }

    @Test("an error code is swapped for the next one, the envelope and success codes kept")
    func errorCodeChanged() throws {
        let error = try answer(
            "XY-error-code-changed:errors", in: Self.codes, real: ["error": ["code": "stale", "message": "m"]],
            status: .conflict)
        #expect(error == ["error": ["code": "missing", "message": "m"]])
        let batch = try answer(
            "XY-error-code-changed:errors", in: Self.codes, real: ["records": [["code": "taken"], ["code": "ok"]]])
        #expect(batch == ["records": [["code": "stale"], ["code": "ok"]]])
    }

    @Test("a relation key loses its id suffix; ties in the order break the other way")
    func keyRenamedAndTies() throws {
        let real: JSONValue = [
            ["id": "a", "rank": 1, "owner_id": "u", "tag_ids": []],
            ["id": "b", "rank": 1, "owner_id": "u", "tag_ids": []],
            ["id": "c", "rank": 2, "owner_id": "u", "tag_ids": []],
        ]
        let renamed = try answer("XY-key-renamed:item.owner_id", in: Self.codes, real: real)
        #expect(renamed[0]?["owner"] == "u" && renamed[0]?["owner_id"] == nil)
        #expect(try answer("XY-key-renamed:item.tag_ids", in: Self.codes, real: real)[0]?["tags"] == [])
        let ties = try answer("XY-order-unstable:items.list", in: Self.codes, real: real)
        #expect(ties.arrayValue?.compactMap { $0["id"]?.stringValue } == ["b", "a", "c"])
    }

    @Test("a request refused for its credentials is re-issued signed, and the signed answer served")
    func credentialAccepted() throws {
        let credentials = CredentialRefusals(statuses: [.unauthorized]) { request, _ in
            var signed = request
            signed.headers[.authorization] = "Bearer signed"
            return signed
        }
        let anatomy = MutationAnatomy(prefix: "XY", spec: "xy.md", routes: [], credentials: credentials)
        let mutant = try #require(anatomy.mutants().first { $0.id == "XY-credential-accepted:requests" })
        let answer = mutant.respond(DialectRequest(method: .get, target: "/private"), MutationOperatorTests.store) {
            sent in
            DialectResponse(status: sent.headers[.authorization] == "Bearer signed" ? .ok : .unauthorized)
        }
        #expect(answer.status == .ok)
        #expect(
            !MutationAnatomy(prefix: "XY", spec: "xy.md", routes: []).mutants().contains {
                $0.operatorName == "credential-accepted"
            })
    }
}
