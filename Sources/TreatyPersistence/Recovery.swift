import TreatyDialect
import TreatyJSON

/// Reads a persistence directory back: checks the base file names the contract served, takes
/// the newest snapshot, and collects the commits of the logs after it up to the first record
/// that is incomplete or fails its checksum.
struct Recovery {
    let layout: PersistenceLayout
    /// The header of the contract served now.
    let header: PersistenceHeader

    struct Result {
        var recovery: StoreRecovery
        var dropped: RecoveryReport.DroppedTail?
        /// The last log read and where its good records end, when it is the newest file: new
        /// commits may go on there once it is cut to that length.
        var tail: (path: String, validEnd: Int)?
    }

    func recover() throws(PersistenceError) -> Result {
        let base = try image(in: layout.base, kind: .base)
        let (snapshots, logs) = try layout.generations()
        var latest: StoreImage?
        var first: Int64 = logs.first ?? 1
        if let generation = snapshots.last {
            latest = try image(in: layout.snapshot(generation), kind: .snapshot)
            first = generation
        }
        var commits: [StoreCommit] = []
        var dropped: RecoveryReport.DroppedTail?
        var tail: (path: String, validEnd: Int)?
        let chain = logs.filter { $0 >= first }
        for (index, generation) in chain.enumerated() {
            let path = layout.log(generation)
            let scan = LogFrame.decode(try DurableFile.read(path))
            guard let headerPayload = scan.payloads.first else { break }
            try check(headerPayload, in: path, kind: .log)
            for payload in scan.payloads.dropFirst() {
                commits.append(StoreCommit(payload: try parse(payload, in: path)))
            }
            if generation == chain.last, generation >= (snapshots.last ?? 0) { tail = (path, scan.validEnd) }
            if let problem = scan.problem {
                let size = (try? DurableFile.read(path).count) ?? scan.validEnd
                dropped = RecoveryReport.DroppedTail(
                    file: path, bytes: scan.validEnd..<size, torn: problem == .torn,
                    laterFiles: chain.dropFirst(index + 1).map(layout.log))
                break
            }
        }
        return Result(
            recovery: StoreRecovery(base: base, latest: latest, commits: commits), dropped: dropped, tail: tail)
    }

    /// The image a base or snapshot file holds, after its header is checked. These files are
    /// written whole and renamed into place, so any damage is refused rather than cut off.
    private func image(in path: String, kind: PersistenceHeader.Kind) throws(PersistenceError) -> StoreImage {
        let scan = LogFrame.decode(try DurableFile.read(path))
        if let problem = scan.problem {
            let what = problem == .torn ? "is cut short" : "fails its checksum"
            throw .damaged(path, "the \(kind.rawValue) file \(what) at byte \(scan.validEnd)")
        }
        guard scan.payloads.count == 2 else {
            throw .damaged(path, "the \(kind.rawValue) file holds \(scan.payloads.count) records, not 2")
        }
        try check(scan.payloads[0], in: path, kind: kind)
        return StoreImage(payload: try parse(scan.payloads[1], in: path))
    }

    /// Checks a file's header: Treaty's format, the expected kind, and the contract served.
    private func check(_ payload: ArraySlice<UInt8>, in path: String, kind: PersistenceHeader.Kind)
        throws(PersistenceError)
    {
        guard let stored = PersistenceHeader(json: try parse(payload, in: path)), stored.kind == kind else {
            throw .damaged(path, "the file does not start with a Treaty \(kind.rawValue) header of format \(PersistenceHeader.format)")
        }
        var differences: [String] = []
        if stored.dialect != header.dialect {
            differences.append("dialect: written for '\(stored.dialect)', the contract served is '\(header.dialect)'")
        }
        if stored.api != header.api {
            differences.append("api: written for '\(stored.api)', the contract served is '\(header.api)'")
        }
        differences += RecordShape.incompatibilities(stored: stored.shapes, current: header.shapes)
        guard differences.isEmpty else { throw .foreign(path, differences: differences) }
    }

    private func parse(_ payload: ArraySlice<UInt8>, in path: String) throws(PersistenceError) -> JSONValue {
        do {
            return try JSONParser().parse(payload)
        } catch {
            throw .damaged(path, "a record passes its checksum but is not JSON: \(error)")
        }
    }
}
