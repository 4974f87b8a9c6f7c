import Testing

@testable import TreatyPocketBase

@Suite struct PatternCacheTests {
    @Test("a pattern matches as Go's regexp.MatchString does, compiled once and then reused")
    func matches() {
        #expect(PocketBaseField.matches("^[a-z0-9]+$", "abc123"))
        #expect(!PocketBaseField.matches("^[a-z0-9]+$", "ABC"))
        #expect(PocketBaseField.matches("", "anything"), "an empty pattern matches")
        #expect(!PocketBaseField.matches("([", "anything"), "an invalid pattern never matches")
        #expect(PatternCache.regex("([") == nil)
        #expect(PatternCache.regex("^[a-z0-9]+$") != nil)
    }

    @Test("more distinct patterns than the capacity still match correctly")
    func overCapacity() {
        for index in 0..<(PatternCache.capacity + 50) {
            #expect(PocketBaseField.matches("^x\(index)$", "x\(index)"))
            #expect(!PocketBaseField.matches("^x\(index)$", "x\(index)y"))
        }
    }
}
