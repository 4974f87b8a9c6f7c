import ArgumentParser
import TreatyDialectKit

/// `treaty dialects`: lists the dialects this build serves, checks and verifies.
struct DialectsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dialects",
        abstract: "List the dialects: their contract sections, serve options and environment variables."
    )

    func run() throws {
        var lines: [String] = []
        for plugin in DialectLookup.registry.plugins {
            lines.append("\(plugin.id): \(plugin.summary)")
            if !plugin.sectionKeys.isEmpty {
                lines.append("  contract sections: \(plugin.sectionKeys.joined(separator: ", "))")
            }
            let serve = DialectOptionsHelp.serve(plugin, columns: 110)
            if !serve.isEmpty { lines += ["  treaty serve options:"] + serve.map { "  " + $0 } }
            let verify = DialectOptionsHelp.verify(plugin, columns: 110)
            if !verify.isEmpty { lines += ["  treaty verify options:"] + verify.map { "  " + $0 } }
            for variable in plugin.environmentVariables {
                lines.append("  $\(variable.name): \(variable.meaning)")
            }
        }
        Console.standardOutput.write(lines.joined(separator: "\n") + "\n")
    }
}
