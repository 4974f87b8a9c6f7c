import Dispatch
import Foundation
import TreatyDialect

/// Where `treaty record` writes: a temporary directory beside `--out`, moved into place only
/// once the set is complete and loads, so `--out` never holds a half-written set.
struct RecordDestination {
    let out: String
    /// The temporary directory, beside `out` so the move is a rename on one file system.
    let staging: String

    init(out: String) {
        self.out = out
        let url = URL(fileURLWithPath: out).standardizedFileURL
        staging = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).recording-\(ProcessInfo.processInfo.processIdentifier)").path
    }

    /// Refuses (exit 2) an `--out` that is a file or a directory with something in it.
    func requireUsable() throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: out, isDirectory: &isDirectory) else { return }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []
        guard !isDirectory.boolValue || !entries.isEmpty else { return }
        Console.standardError.write(
            "\(out): error: \(isDirectory.boolValue ? "the directory is not empty" : "it is a file"); nothing was recorded\n  fix: pass a new directory to --out\n")
        throw Status.unusableInput
    }

    /// Writes `files` to the staging directory, lets `loads` judge it, and moves it to `out`
    /// when it loads; otherwise removes it (exit 1).
    func write(_ files: [FixtureFile], loads: (String) -> Bool) throws {
        do {
            try? FileManager.default.removeItem(atPath: staging)
            try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
            for file in files {
                let url = URL(fileURLWithPath: staging).appendingPathComponent(file.relativePath)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.contents).write(to: url)
            }
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            Console.standardError.write("\(out): error: cannot write the recording: \(error); nothing was written\n")
            throw Status.unusableInput
        }
        guard loads(staging) else {
            try? FileManager.default.removeItem(atPath: staging)
            Console.standardError.write(
                "error: the recorded records do not load as fixtures of the contract (above); nothing was written to \(out)\n  fix: correct the contract or the backend's data, or redact the field\n")
            throw Status.findings
        }
        do {
            if FileManager.default.fileExists(atPath: out) { try FileManager.default.removeItem(atPath: out) }
            try FileManager.default.moveItem(atPath: staging, toPath: out)
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            Console.standardError.write("\(out): error: cannot move the recording into place: \(error)\n")
            throw Status.unusableInput
        }
    }

    /// Until cancelled, SIGINT and SIGTERM remove the staging directory and exit 2: an
    /// interrupted recording leaves nothing behind.
    func cleanUpOnInterrupt() -> InterruptCleanup {
        InterruptCleanup(staging: staging, out: out)
    }
}

/// The signal sources of ``RecordDestination/cleanUpOnInterrupt()``.
final class InterruptCleanup {
    private let sources: [any DispatchSourceSignal]

    init(staging: String, out: String) {
        let queue = DispatchQueue(label: "treaty.record.signals")
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                try? FileManager.default.removeItem(atPath: staging)
                Console.standardError.write("error: interrupted; nothing was written to \(out)\n")
                exit(2)
            }
            source.resume()
            return source
        }
    }

    func cancel() {
        for source in sources { source.cancel() }
    }
}
