import Synchronization
import Testing
import TreatyDialect

@Suite struct RevisionCacheTests {
    static func bytes(_ count: Int) -> [UInt8] { [UInt8](repeating: 1, count: count) }

    @Test("a value is found at the revisions it was kept at, and a new revision makes it unreachable")
    func revisions() {
        let cache = RevisionCache<String, [UInt8]>(capacity: 10, byteLimit: 1 << 20)
        cache.keep([1, 2, 3], for: "a", revisions: [1, 7])
        #expect(cache.value(for: "a", revisions: [1, 7]) == [1, 2, 3])
        #expect(cache.value(for: "a", revisions: [2, 7]) == nil)
        #expect(cache.value(for: "a", revisions: [1]) == nil)
        #expect(cache.value(for: "b", revisions: [1, 7]) == nil)
        cache.keep([4], for: "a", revisions: [2, 7])
        #expect(cache.value(for: "a", revisions: [2, 7]) == [4])
        #expect(cache.value(for: "a", revisions: [1, 7]) == nil, "keeping again replaces the older value")
        #expect(cache.count == 1)
    }

    @Test("make runs on a miss only, and its value is kept")
    func make() {
        let cache = RevisionCache<String, [UInt8]>(capacity: 10, byteLimit: 1 << 20)
        var made = 0
        for _ in 0..<3 {
            let value = cache.value(for: "k", revisions: [1]) {
                made += 1
                return [9]
            }
            #expect(value == [9])
        }
        #expect(made == 1)
        _ = cache.value(for: "k", revisions: [2]) {
            made += 1
            return [8]
        }
        #expect(made == 2)
    }

    @Test("past the count the oldest go, a quarter at least, and the newest stay")
    func countBound() {
        let cache = RevisionCache<String, [UInt8]>(capacity: 8, byteLimit: 1 << 20)
        for n in 0..<8 { cache.keep([0], for: "\(n)", revisions: []) }
        #expect(cache.count == 8)
        cache.keep([0], for: "8", revisions: [])
        #expect(cache.count == 7, "two went (a quarter of eight) so the ninth fits")
        #expect(cache.value(for: "0", revisions: []) == nil && cache.value(for: "1", revisions: []) == nil)
        #expect((2...8).allSatisfy { cache.value(for: "\($0)", revisions: []) != nil })
    }

    @Test("past the byte limit the oldest go until a new value fits; a value over a quarter is not kept")
    func byteBound() {
        let cache = RevisionCache<String, [UInt8]>(capacity: 100, byteLimit: 1000)
        for n in 0..<4 { cache.keep(Self.bytes(200), for: "\(n)", revisions: []) }
        #expect(cache.byteCount == 4 * 201)
        cache.keep(Self.bytes(240), for: "4", revisions: [])
        #expect(cache.byteCount <= 1000)
        #expect(cache.value(for: "0", revisions: []) == nil)
        #expect(cache.value(for: "4", revisions: []) != nil && cache.value(for: "3", revisions: []) != nil)
        cache.keep(Self.bytes(251), for: "huge", revisions: [])
        #expect(cache.value(for: "huge", revisions: []) == nil)
    }

    @Test("keys and revisions count against the byte limit, as weigh says")
    func weigh() {
        let cache = RevisionCache<String, Int>(capacity: 100, byteLimit: 4000) { key, value in key.utf8.count + value }
        cache.keep(100, for: "abcd", revisions: [1, 2])
        #expect(cache.byteCount == 100 + 4 + 2 * 8)
        cache.keep(50, for: "abcd", revisions: [3])
        #expect(cache.byteCount == 50 + 4 + 8, "a replaced value's weight is given back")
        cache.removeAll()
        #expect(cache.count == 0 && cache.byteCount == 0)
    }

    @Test("many replacements of a few keys keep the bookkeeping bounded and the values right")
    func churn() {
        let cache = RevisionCache<String, Int>(capacity: 4, byteLimit: 1 << 20) { _, _ in 1 }
        for round in 0..<10_000 {
            let key = "\(round % 6)"
            cache.keep(round, for: key, revisions: [UInt64(round)])
            #expect(cache.value(for: key, revisions: [UInt64(round)]) == round)
        }
        #expect(cache.count <= 4)
    }

    @Test("concurrent readers and writers see only values kept at the revisions they ask for")
    func concurrency() async {
        let cache = RevisionCache<String, [UInt8]>(capacity: 64, byteLimit: 1 << 20)
        await withTaskGroup(of: Bool.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    var consistent = true
                    for n in 0..<2_000 {
                        let key = "\(n % 100)"
                        let revision = UInt64(n % 7)
                        let value = cache.value(for: key, revisions: [revision]) {
                            [UInt8(truncatingIfNeeded: n % 100), UInt8(revision), UInt8(worker)]
                        }
                        consistent = consistent && value[0] == UInt8(n % 100) && value[1] == UInt8(revision)
                    }
                    return consistent
                }
            }
            for await consistent in group { #expect(consistent) }
        }
        #expect(cache.count <= 64)
    }
}
