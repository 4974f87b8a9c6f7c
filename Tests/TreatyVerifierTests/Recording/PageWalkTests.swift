import Testing
import TreatyDialectKit

/// Page loops: a marker that comes back, a page of records already seen, a list that never ends.
@Suite struct PageWalkTests {
    @Test("distinct markers and new records walk on")
    func walks() throws {
        var walk = PageWalk(endpoint: "GET /items")
        try walk.visit(marker: "page=1", ids: ["a", "b"])
        try walk.visit(marker: "page=2", ids: ["c"])
        try walk.visit(marker: "page=3", ids: [])
        #expect(walk.pages == 3)
    }

    @Test("a marker that comes back is a page loop naming the endpoint")
    func repeatedMarker() throws {
        var walk = PageWalk(endpoint: "GET /items")
        try walk.visit(marker: "cursor=x", ids: ["a"])
        let failure = #expect(throws: RecordingFailure.self) { try walk.visit(marker: "cursor=x", ids: ["b"]) }
        #expect(failure?.kind == .pageLoop)
        #expect(
            failure?.description
                == "GET /items: page loop: the page marker 'cursor=x' came back after 1 page; the list never ends")
    }

    @Test("a page repeating an earlier page's records is a page loop")
    func repeatedPage() throws {
        var walk = PageWalk(endpoint: "GET /items")
        try walk.visit(marker: "page=1", ids: ["a", "b"])
        let failure = #expect(throws: RecordingFailure.self) { try walk.visit(marker: "page=2", ids: ["b", "a"]) }
        #expect(failure?.message.hasPrefix("page loop: page 2 (page=2) repeats the records of an earlier page") == true)
    }

    @Test("a list with more pages than the bound is a page loop")
    func bounded() throws {
        var walk = PageWalk(endpoint: "GET /items", maxPages: 2)
        try walk.visit(marker: "1", ids: ["a"])
        try walk.visit(marker: "2", ids: ["b"])
        #expect(throws: RecordingFailure.self) { try walk.visit(marker: "3", ids: ["c"]) }
    }
}
