import Testing
import TreatyCore
import TreatyJSON
import TreatyVerifier

/// Drift, planted one kind at a time in answers shaped like each dialect's, is found and named;
/// volatile values differ without a divergence.
@Suite struct SemanticComparerTests {
    static let comparer = SemanticComparer(contract: DemoAPI.contract)

    /// (what was planted, live answer, drifted simulated answer, the kind expected, its pointer).
    static let drifts: [(String, String, String, Divergence.Kind, String)] = [
        (
            "rest-sync: a renamed key", #"[{"id":"T1","title":"a","assignee_id":null}]"#,
            #"[{"id":"T1","name":"a","assignee_id":null}]"#, .key, "/0/title"
        ),
        (
            "rest-sync: null made missing", #"[{"id":"T1","description":null}]"#, #"[{"id":"T1"}]"#,
            .nullVersusMissing, "/0/description"
        ),
        (
            "rest-sync: a relation expanded", #"{"id":"T1","assignee_id":"U1"}"#,
            #"{"id":"T1","assignee_id":{"id":"U1","display_name":"Ada"}}"#, .type, "/assignee_id"
        ),
        ("rest-sync: an order changed", #"[{"id":"T1"},{"id":"T2"}]"#, #"[{"id":"T2"},{"id":"T1"}]"#, .order, ""),
        (
            "rest-sync: a field's type changed", #"{"id":"T1","position":3}"#, #"{"id":"T1","position":"3"}"#, .type,
            "/position"
        ),
        (
            "pocketbase: a timestamp made a date", #"{"items":[{"id":"p1","published":"2025-01-02 08:00:00.000Z"}]}"#,
            #"{"items":[{"id":"p1","published":"2025-01-02"}]}"#, .format, "/items/0/published"
        ),
        (
            "pocketbase: a record missing from a page", #"{"page":1,"items":[{"id":"p1"},{"id":"p2"}]}"#,
            #"{"page":1,"items":[{"id":"p1"}]}"#, .identity, "/items"
        ),
        (
            "pocketbase: a paging envelope value", #"{"page":1,"perPage":30,"items":[]}"#,
            #"{"page":1,"perPage":500,"items":[]}"#, .value, "/perPage"
        ),
        (
            "filemaker: a value made null", #"{"response":{"data":[{"recordId":"1","fieldData":{"title":"x"}}]}}"#,
            #"{"response":{"data":[{"recordId":"1","fieldData":{"title":null}}]}}"#, .nullness,
            "/response/data/0/fieldData/title"
        ),
        (
            "filemaker: an integer made a fraction", #"{"response":{"dataInfo":{"foundCount":3}}}"#,
            #"{"response":{"dataInfo":{"foundCount":3.5}}}"#, .format, "/response/dataInfo/foundCount"
        ),
        (
            "cloudkit: an extra key", #"{"records":[{"recordName":"A1","fields":{}}]}"#,
            #"{"records":[{"recordName":"A1","fields":{},"deleted":false}]}"#, .key, "/records/0/deleted"
        ),
        (
            "rest-sync: an error format changed", #"{"error":{"code":"not_found","message":"no","field":null}}"#,
            #"{"error":"not_found"}"#, .type, "/error"
        ),
    ]

    @Test("each planted drift is found once, with its kind and place", arguments: drifts.indices)
    func findsDrift(_ index: Int) throws {
        let (what, live, simulated, kind, pointer) = Self.drifts[index]
        let differences = Self.comparer.compare(
            live: try JSONParser().parse(Array(live.utf8)), simulated: try JSONParser().parse(Array(simulated.utf8)),
            comparesValues: true)
        #expect(differences.first?.kind == kind, "\(what): \(differences)")
        #expect(differences.first?.pointer == pointer, "\(what): \(differences)")
        let expectedCount = what.hasSuffix("a renamed key") ? 2 : 1
        #expect(differences.count == expectedCount, "\(what): a rename is a key missing and a key added: \(differences)")
    }

    @Test("at least ten drifts of eight kinds, across the four dialects' shapes")
    func coversKinds() {
        #expect(Set(Self.drifts.map(\.3)).count >= 8)
        #expect(Self.drifts.count >= 10)
    }

    @Test("timestamps, versions and tokens differ by value only: no divergence; by shape: a divergence")
    func volatileByShape() throws {
        let live = try JSONParser().parse(
            Array(#"{"id":"T1","updated_at":"2025-01-01T09:00:00.000Z","version":3,"token":"abc"}"#.utf8))
        let same = try JSONParser().parse(
            Array(#"{"id":"T1","updated_at":"2026-11-26T18:00:00.123Z","version":9,"token":"xyz"}"#.utf8))
        #expect(Self.comparer.compare(live: live, simulated: same, comparesValues: true).isEmpty)
        let drifted = try JSONParser().parse(
            Array(#"{"id":"T1","updated_at":"2026-11-26","version":9,"token":"xyz"}"#.utf8))
        #expect(Self.comparer.compare(live: live, simulated: drifted, comparesValues: true).map(\.kind) == [.format])
    }

    @Test("ids each side minted for the same step are aliases, not divergences")
    func aliases() throws {
        let live = try JSONParser().parse(Array(#"[{"id":"L1","title":"t"}]"#.utf8))
        let simulated = try JSONParser().parse(Array(#"[{"id":"S1","title":"t"}]"#.utf8))
        #expect(Self.comparer.compare(live: live, simulated: simulated, comparesValues: true, aliases: ["L1": "S1"]).isEmpty)
        #expect(Self.comparer.compare(live: live, simulated: simulated, comparesValues: true).map(\.kind) == [.identity])
        let twoLive = try JSONParser().parse(Array(#"[{"id":"A"},{"id":"L1"},{"id":"L2"}]"#.utf8))
        let twoSimulated = try JSONParser().parse(Array(#"[{"id":"A"},{"id":"S2"},{"id":"S1"}]"#.utf8))
        #expect(
            Self.comparer.compare(
                live: twoLive, simulated: twoSimulated, comparesValues: true, aliases: ["L1": "S1", "L2": "S2"]
            ).isEmpty, "minted ids may sort differently on each side")
    }
}
