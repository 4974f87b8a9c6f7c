import ArgumentParser
import TreatyDialectKit

/// The help lines of a dialect's own options, read from their typed declarations, for
/// `treaty serve --help` and `treaty dialects`.
enum DialectOptionsHelp {
    /// The `treaty serve` options of `plugin`'s dialect, wrapped at `columns`.
    static func serve<Plugin: DialectPlugin>(_ plugin: Plugin, columns: Int) -> [String] {
        lines(Plugin.ServeOptions.self, columns: columns)
    }

    /// The `treaty verify` options of `plugin`'s dialect, wrapped at `columns`.
    static func verify<Plugin: DialectPlugin>(_ plugin: Plugin, columns: Int) -> [String] {
        lines(Plugin.VerifyOptions.self, columns: columns)
    }

    /// Each option as ArgumentParser's help screen lists it (`--name <VALUE>  help`, wrapped
    /// lines indented), without its own `--help`; empty for ``NoDialectOptions``.
    static func lines<Options: DialectOptions>(_ options: Options.Type, columns: Int) -> [String] {
        let screen = Options.helpMessage(includeHidden: false, columns: columns)
            .split(separator: "\n", omittingEmptySubsequences: false)
        guard let heading = screen.firstIndex(of: "OPTIONS:") else { return [] }
        return screen[(heading + 1)...]
            .prefix { !$0.isEmpty }
            .filter { !$0.contains("-h, --help") }
            .map(String.init)
    }
}
