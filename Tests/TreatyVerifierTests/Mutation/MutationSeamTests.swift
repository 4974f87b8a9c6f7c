import Foundation
import Testing

/// The mutation operators, the runner and `treaty mutate` reach dialects only through the seam:
/// no file of theirs names a dialect, not even in a comment.
@Suite struct MutationSeamTests {
    @Test("no mutation source outside a dialect module names a dialect, code or comment")
    func mutationNamesNoDialect() throws {
        let root = DemoAPI.root
        let pattern = try Regex("pocketbase|filemaker|cloudkit|rest-?sync|restsync|RESTDialect").ignoresCase()
        let directories = ["Sources/TreatyDialectKit/Mutation", "Sources/TreatyVerifier/Mutation"]
        var files = directories.flatMap { directory in
            (FileManager.default.enumerator(atPath: root + "/" + directory)?.compactMap { $0 as? String } ?? [])
                .map { directory + "/" + $0 }
        }
        #expect(files.count >= 8, "\(files)")
        files += ["Sources/treaty/MutateCommand.swift", "Sources/treaty/MutationRun+Console.swift",
            "Sources/treaty/MutationRun+Reports.swift"]
        var offenders: [String] = []
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains(pattern) {
                offenders.append("\(file):\(number + 1): \(line)")
            }
        }
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }
}
