import ArgumentParser

/// The `treaty` command line: it parses arguments and delegates to the libraries.
@main
struct Treaty: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "treaty",
        abstract: "Agree on an API and prove it: contracts, payload checks, a simulator and a verifier.",
        discussion: """
            Exit status: 0 when everything conforms, 1 when there are findings or violations, \
            2 when the input is unusable (unreadable files, bad arguments, invalid JSON or YAML).
            """,
        subcommands: [
            LintCommand.self, CheckCommand.self, ServeCommand.self, VerifyCommand.self, ReportCommand.self,
            DialectsCommand.self, RulesCommand.self, ExportCommand.self, ImportCommand.self,
            InitCommand.self, RecordCommand.self, DiffCommand.self, MutateCommand.self,
        ]
    )

    /// Runs the command, mapping argument errors to exit status 2 (unusable input).
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code == .success || code == ExitCode(1) || code == ExitCode(2) {
                exit(withError: error)
            }
            Console.standardError.write(fullMessage(for: error) + "\n")
            exit(withError: ExitCode(2))
        }
    }
}

/// The exit statuses every command uses.
enum Status {
    static let conforms = ExitCode.success
    static let findings = ExitCode(1)
    static let unusableInput = ExitCode(2)
}
