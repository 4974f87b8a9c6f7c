/// Follows the pages of one list and stops a list that never ends: a page marker (page number,
/// cursor, offset, continuation marker) that comes back, or a page holding only records of
/// earlier pages, is a page loop.
///
/// ```swift
/// var walk = PageWalk(endpoint: "GET /api/collections/posts/records")
/// try walk.visit(marker: "page=2", ids: ids)   // throws RecordingFailure on a loop
/// ```
public struct PageWalk: Sendable {
    /// The list endpoint, named in failures.
    public let endpoint: String
    /// The most pages one list may have.
    public let maxPages: Int
    private var markers: Set<String> = []
    private var seen: Set<String> = []
    /// How many pages were visited.
    public private(set) var pages = 0

    /// Starts a walk.
    ///
    /// - Parameters:
    ///   - endpoint: The list endpoint, e.g. `GET /projects/{project_id}/tasks`.
    ///   - maxPages: The most pages one list may have.
    public init(endpoint: String, maxPages: Int = 100_000) {
        self.endpoint = endpoint
        self.maxPages = maxPages
    }

    /// Records a page that answered `marker` with records `ids`.
    ///
    /// - Parameters:
    ///   - marker: What asked for the page, e.g. `page=3` or a cursor.
    ///   - ids: The identities of the page's records.
    /// - Throws: ``RecordingFailure`` (``RecordingFailure/Kind/pageLoop``) when the marker came
    ///   before, every record of a non-empty page came on an earlier page, or the list has more
    ///   than ``maxPages`` pages.
    public mutating func visit(marker: String, ids: [String]) throws(RecordingFailure) {
        guard markers.insert(marker).inserted else {
            throw RecordingFailure(
                .pageLoop, at: endpoint,
                "page loop: the page marker '\(marker)' came back after \(pages) page\(pages == 1 ? "" : "s"); the list never ends")
        }
        if !ids.isEmpty, ids.allSatisfy(seen.contains) {
            throw RecordingFailure(
                .pageLoop, at: endpoint,
                "page loop: page \(pages + 1) (\(marker)) repeats the records of an earlier page; the server ignores the paging parameters")
        }
        seen.formUnion(ids)
        pages += 1
        guard pages <= maxPages else {
            throw RecordingFailure(.pageLoop, at: endpoint, "page loop: more than \(maxPages) pages; the list never ends")
        }
    }
}
