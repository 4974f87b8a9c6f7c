import ArgumentParser
import TreatyReports

/// `treaty report`: works on JUnit reports.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Work on JUnit reports written by 'treaty verify'.",
        subcommands: [MergeCommand.self]
    )

    /// `treaty report merge`: joins the reports of sharded runs into one.
    struct MergeCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "merge",
            abstract: "Join JUnit reports from sharded runs (--shard i/n) into one report.",
            discussion: "Suites with the same name and file are joined; the result is written atomically. Exit 2 when an input is not a JUnit report."
        )

        @Option(name: .shortAndLong, help: "Where to write the merged report.")
        var output: String = "Reports/junit.xml"

        @Option(help: "The JUnit flavour of the output: standard or jenkins.")
        var junitFlavor: JUnitFlavorOption = .standard

        @Argument(help: "The reports to merge.")
        var inputs: [String]

        func validate() throws {
            if inputs.isEmpty { throw ValidationError("pass at least one report to merge") }
        }

        func run() throws {
            do {
                let reports = try inputs.map { try JUnitReader().read(contentsOf: $0) }
                let merged = try JUnitMerge.merge(reports, name: "contract-verification")
                try JUnitWriter(flavor: junitFlavor.flavor).write(merged, to: output)
                let cases = merged.suites.reduce(0) { $0 + $1.cases.count }
                Console.standardOutput.write("merged \(inputs.count) reports (\(merged.suites.count) suites, \(cases) cases) into \(output)\n")
            } catch {
                Console.standardError.write("error: \(error)\n")
                throw Status.unusableInput
            }
        }
    }
}
