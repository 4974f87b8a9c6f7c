internal import Synchronization

/// Records already rendered as the Data API sends them, by rendering (layout, date format,
/// portal selection) and record id, kept while the revisions of the layout's table and its
/// portals' tables stay the same — a write to any of them starts the rendering afresh.
///
/// At most ``maxRenderings`` renderings are kept (portal selections come from clients); when
/// a new one would pass the bound, all are dropped.
final class FileMakerRenderedRecords: Sendable {
    static let maxRenderings = 32

    private struct Rendering {
        let revisions: [UInt64]
        var records: [String: [UInt8]] = [:]
        /// Whole answers to `GET …/records/{id}` without parameters, by record id.
        var answers: [String: [UInt8]] = [:]
    }

    private let renderings = Mutex<[String: Rendering]>([:])

    /// The bytes of record `id` in `rendering` at `revisions`, rendered by `render` when not
    /// kept yet.
    func bytes(rendering: String, revisions: [UInt64], id: String, render: () -> [UInt8]) -> [UInt8] {
        let kept = renderings.withLock { renderings -> [UInt8]? in
            guard let entry = renderings[rendering], entry.revisions == revisions else { return nil }
            return entry.records[id]
        }
        if let kept { return kept }
        let bytes = render()
        renderings.withLock { renderings in
            if renderings[rendering]?.revisions != revisions {
                if renderings[rendering] == nil, renderings.count >= Self.maxRenderings { renderings.removeAll() }
                renderings[rendering] = Rendering(revisions: revisions)
            }
            renderings[rendering]?.records[id] = bytes
        }
        return bytes
    }

    /// The answer kept for `GET …/records/{id}` in `rendering` at `revisions`, if any.
    func answer(rendering: String, revisions: [UInt64], id: String) -> [UInt8]? {
        renderings.withLock { renderings in
            guard let entry = renderings[rendering], entry.revisions == revisions else { return nil }
            return entry.answers[id]
        }
    }

    /// Keeps `bytes` as the answer for record `id` in `rendering` at `revisions`.
    func keepAnswer(_ bytes: [UInt8], rendering: String, revisions: [UInt64], id: String) {
        renderings.withLock { renderings in
            guard renderings[rendering]?.revisions == revisions else { return }
            renderings[rendering]?.answers[id] = bytes
        }
    }
}
