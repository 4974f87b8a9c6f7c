internal import Foundation

/// The files of a persistence directory.
///
/// ```
/// base.treaty          the fixtures the directory was created from (a reset returns to them)
/// snapshot-<N>.treaty  the state when log N began (none for the first log: base.treaty is it)
/// log-<N>.treaty       the commits after it, appended and synced in groups
/// ```
///
/// Every file is a sequence of ``LogFrame`` records, the first a ``PersistenceHeader``.
struct PersistenceLayout {
    let directory: String

    var base: String { path("base.treaty") }

    func snapshot(_ generation: Int64) -> String { path("snapshot-\(generation).treaty") }

    func log(_ generation: Int64) -> String { path("log-\(generation).treaty") }

    /// The generations of the snapshot and log files present, ascending.
    func generations() throws(PersistenceError) -> (snapshots: [Int64], logs: [Int64]) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw .io(directory, "list the directory", errno: errno)
        }
        return (numbers(in: names, prefix: "snapshot-"), numbers(in: names, prefix: "log-"))
    }

    /// Whether the directory holds no entries (or does not exist).
    var isEmpty: Bool {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).isEmpty
    }

    /// Removes the snapshots and logs older than `generation`, and leftover temporary files.
    func removeFiles(before generation: Int64) throws(PersistenceError) {
        let (snapshots, logs) = try generations()
        for old in snapshots where old < generation { unlink(snapshot(old)) }
        for old in logs where old < generation { unlink(log(old)) }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names where name.hasSuffix(".tmp") { unlink(path(name)) }
        try DurableFile.syncDirectory(of: base)
    }

    private func path(_ name: String) -> String {
        (directory as NSString).appendingPathComponent(name)
    }

    private func numbers(in names: [String], prefix: String) -> [Int64] {
        names.compactMap { name -> Int64? in
            guard name.hasPrefix(prefix), name.hasSuffix(".treaty") else { return nil }
            return Int64(name.dropFirst(prefix.count).dropLast(".treaty".count))
        }.sorted()
    }
}
