internal import Foundation

/// What opening a persistence directory found and did.
public struct RecoveryReport: Sendable {
    /// A part of a log that could not be read back and was left out: only writes never
    /// acknowledged, when the cause is a crash mid-write.
    public struct DroppedTail: Sendable, Hashable {
        /// The log file.
        public var file: String
        /// The bytes left out, from the first bad record to the end of the file.
        public var bytes: Range<Int>
        /// `true` when the last record is incomplete (a write cut short), `false` when a record
        /// fails its checksum.
        public var torn: Bool
        /// Later logs whose commits were left out with it (they follow the bad record).
        public var laterFiles: [String]
    }

    /// Whether the directory was created from the fixtures now (rather than read back).
    public var created: Bool
    /// The commits replayed on top of the latest snapshot.
    public var replayedCommits: Int
    /// What was left out, if anything.
    public var dropped: DroppedTail?
    /// The generation the server writes to now (`log-<generation>.treaty`).
    public var generation: Int64
    /// How long opening took, in seconds.
    public var seconds: Double

    /// One line per fact, for the server's log and standard error.
    public var lines: [String] {
        var lines = [
            created
                ? "created the persisted state from the fixtures"
                : "restored the persisted state: snapshot plus \(replayedCommits) logged write\(replayedCommits == 1 ? "" : "s") "
                    + "in \(String(format: "%.2f", seconds)) s"
        ]
        if let dropped {
            let what = dropped.torn ? "an incomplete last record (a write cut short)" : "a record that fails its checksum"
            lines.append(
                "\(dropped.file): warning: dropped bytes \(dropped.bytes.lowerBound)..<\(dropped.bytes.upperBound) "
                    + "(\(dropped.bytes.count) bytes): \(what); writes from there on were never acknowledged"
                    + (dropped.laterFiles.isEmpty ? "" : "; also dropped \(dropped.laterFiles.joined(separator: ", "))"))
        }
        return lines
    }
}
