/// File names for one-file-per-suite output: `TEST-<name>[-<suffix>].xml`.
///
/// Names are reduced to `[A-Za-z0-9._-]` (anything else becomes `_`) and cut to 100 characters.
/// When two suites reduce to the same name (compared case-insensitively, for macOS and Windows
/// file systems), each of them gets `-<hash>`, 8 hex digits of a 64-bit FNV-1a hash of its name,
/// package and file, so the result does not depend on which suites are present or their order.
enum ReportFileName {
    /// The longest reduced name kept.
    static let maximumNameLength = 100

    /// The file names for `suites`, in the same order.
    static func names(for suites: [TestSuiteReport], suffix: String?) -> [String] {
        let reduced = suites.map { reduce($0.name) }
        var counts: [String: Int] = [:]
        for name in reduced { counts[name.lowercased(), default: 0] += 1 }
        let suffixPart = suffix.map(reduce).flatMap { $0.isEmpty ? nil : "-" + $0 } ?? ""
        var used: [String: Int] = [:]
        return zip(suites, reduced).map { suite, name in
            var stem = name
            if counts[name.lowercased(), default: 0] > 1 {
                stem += "-" + hash(of: suite)
            }
            let key = stem.lowercased()
            used[key, default: 0] += 1
            if let seen = used[key], seen > 1 {
                stem += "-\(seen)"  // the same name, package and file twice: number the repeats
            }
            return "TEST-\(stem)\(suffixPart).xml"
        }
    }

    /// `text` with every character outside `[A-Za-z0-9._-]` replaced by `_`, cut to
    /// ``maximumNameLength``; an empty result becomes `unnamed`.
    static func reduce(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars.prefix(maximumNameLength) {
            switch scalar {
            case "A"..."Z", "a"..."z", "0"..."9", ".", "_", "-": result.unicodeScalars.append(scalar)
            default: result += "_"
            }
        }
        return result.isEmpty ? "unnamed" : result
    }

    /// 8 lowercase hex digits identifying a suite by name, package and file.
    static func hash(of suite: TestSuiteReport) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in [suite.name, suite.package ?? "", suite.file ?? ""] {
            for byte in part.utf8 + [0] {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01B3
            }
        }
        let hex = String(hash >> 32, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
}
