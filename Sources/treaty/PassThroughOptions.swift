import ArgumentParser
import Foundation

/// The live-backend options of `treaty serve`: `--spy URL`, `--validate URL` and what goes with
/// them.
struct PassThroughOptions: ParsableArguments {
    @Option(
        name: .customLong("spy"),
        help: ArgumentHelp(
            "Answer from the fixtures what they hold and forward the rest (what the dialect answers 404 or 405) to this live backend.",
            valueName: "url"))
    var spyURL: String?

    @Option(
        name: .customLong("validate"),
        help: ArgumentHelp(
            "Forward every request to this live backend and judge each answer against the contract; violations go to the log, the journal and --junit.",
            valueName: "url"))
    var validateURL: String?

    @Flag(
        help:
            "With --spy: the records of forwarded reads join the store (secrets left out, the contract's redact: rules applied; POST /__treaty/export writes them), and forwarded requests no contract endpoint accepts are kept as stub routes (GET /__treaty/recorded/routes)."
    )
    var record = false

    @Option(help: "With --validate: the JUnit file written on exit.")
    var junit: String = "Reports/validate-junit.xml"

    @OptionGroup(title: "Live backend connection (--spy, --validate)")
    var http: HTTPOptions

    /// The live backend's URL, when one is given.
    var target: String? { spyURL ?? validateURL }

    func validate() throws {
        if spyURL != nil && validateURL != nil {
            throw ValidationError("--spy and --validate exclude each other; pick one")
        }
        if record && spyURL == nil { throw ValidationError("--record goes with --spy URL") }
        guard let target else { return }
        guard let url = URL(string: target), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https",
            url.host != nil
        else {
            throw ValidationError("'\(target)' is not a live backend URL; write e.g. https://staging.example.com")
        }
    }
}
