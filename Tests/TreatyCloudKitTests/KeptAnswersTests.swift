import Testing
import TreatyDialect

@testable import TreatyCloudKit

/// Kept read answers (as CloudKit keeps them) are found only at the validity they were kept at,
/// and stay within their count and byte bounds.
@Suite struct KeptAnswersTests {
    static func key(_ n: Int) -> CloudKitReadKey {
        CloudKitReadKey(scope: "records/query", host: "h", body: Array("{\"n\":\(n)}".utf8))
    }

    static func make() -> RevisionCache<CloudKitReadKey, [UInt8]> {
        RevisionCache(capacity: CloudKitReadKey.capacity, byteLimit: CloudKitReadKey.byteLimit)
    }

    @Test("an answer is found at its validity only")
    func validity() {
        let kept = Self.make()
        kept.keep([1, 2, 3], for: Self.key(1), revisions: [1, 1, 1])
        #expect(kept.value(for: Self.key(1), revisions: [1, 1, 1]) == [1, 2, 3])
        #expect(kept.value(for: Self.key(1), revisions: [2, 1, 1]) == nil)
        #expect(kept.value(for: Self.key(2), revisions: [1, 1, 1]) == nil)
    }

    @Test("past the count or the byte limit the oldest answers go, the newest stay")
    func bounds() {
        let kept = Self.make()
        func has(_ n: Int) -> Bool { kept.value(for: Self.key(n), revisions: []) != nil }
        for n in 0...kept.capacity { kept.keep([0], for: Self.key(n), revisions: []) }
        #expect(!has(0) && has(kept.capacity))
        let big = [UInt8](repeating: 7, count: kept.byteLimit / 5)
        for n in 0..<6 { kept.keep(big, for: Self.key(10_000 + n), revisions: []) }
        #expect(!has(10_000), "over the byte limit, the oldest big answer went")
        #expect(has(10_005) && has(10_004), "the newest stay")
        let huge = [UInt8](repeating: 1, count: kept.byteLimit / 3)
        kept.keep(huge, for: Self.key(20_000), revisions: [])
        #expect(!has(20_000), "an answer over a quarter of the limit is not kept")
    }
}
