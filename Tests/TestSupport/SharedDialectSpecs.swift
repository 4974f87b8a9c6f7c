internal import Foundation

/// The dialect specs in `../shared/dialects/`, which tests read in place and never copy into the
/// project: clause catalogues are held to the sections and rule ids they cite.
public enum SharedDialectSpecs {
    /// The folder: `$TREATY_SHARED_DIALECTS` when set, else `<repository>/../shared/dialects`,
    /// else `/work/shared/dialects`; `nil` when none exists (a plain clone has no `../shared`).
    public static let directory: String? = {
        var candidates = [DemoFiles.root + "/../shared/dialects", "/work/shared/dialects"]
        if let configured = ProcessInfo.processInfo.environment["TREATY_SHARED_DIALECTS"] {
            candidates.insert(configured, at: 0)
        }
        return candidates.first { FileManager.default.fileExists(atPath: $0 + "/rest-sync.md") }
    }()

    /// Why tests of these files are skipped.
    public static let absence = "../shared/dialects is absent (set TREATY_SHARED_DIALECTS to its path to run these tests)"

    /// The text of the spec `name` (e.g. `rest-sync.md`), or `nil` when the folder is absent.
    public static func text(of name: String) -> String? {
        directory.flatMap { try? String(contentsOfFile: $0 + "/" + name, encoding: .utf8) }
    }

    /// The sections of a spec's text as clause ids cite them: a numbered one by its number
    /// (`## 3. Null, missing, empty` gives `§3`), another by its first word (`## Endpoints`
    /// gives `§Endpoints`).
    public static func sections(in text: String) -> Set<String> {
        Set(
            text.split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("## ") else { return nil }
                let title = line.dropFirst(3)
                let number = title.prefix { $0.isNumber }
                return "§" + (number.isEmpty ? title.prefix { $0.isLetter } : number)
            })
    }

    /// The rule ids a spec's text defines in bold (`**RS-NL-1**`).
    public static func ruleIDs(in text: String) -> Set<String> {
        var ids: Set<String> = []
        var rest = Substring(text)
        while let start = rest.range(of: "**") {
            let after = rest[start.upperBound...]
            guard let end = after.range(of: "**") else { break }
            let candidate = after[..<end.lowerBound]
            if candidate.contains("-"), candidate.allSatisfy({ $0.isUppercase || $0.isNumber || $0 == "-" }) {
                ids.insert(String(candidate))
            }
            rest = after[end.upperBound...]
        }
        return ids
    }
}
