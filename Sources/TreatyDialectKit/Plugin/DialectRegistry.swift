public import TreatyCore
import TreatyJSON

/// The dialects a tool can use, by id.
///
/// `TreatyDialects` holds the one list every tool takes (`DialectRegistry.standard`); tests
/// build their own with a deliberately broken plugin to prove the tools catch it.
public struct DialectRegistry: Sendable {
    /// The plugins, in the order they are listed.
    public let plugins: [any DialectPlugin]

    /// Creates a registry.
    ///
    /// - Parameter plugins: The dialects; ids must be unique (a later duplicate is ignored).
    public init(_ plugins: [any DialectPlugin]) {
        var seen = Set<DialectID>()
        self.plugins = plugins.filter { seen.insert($0.id).inserted }
    }

    /// The ids, in order.
    public var ids: [DialectID] { plugins.map(\.id) }

    /// The contract format of these dialects: their ids, the sections each owns and the
    /// endpoint kinds each serves, for ``TreatyCore/ContractLoader/init(vocabulary:limits:)``.
    public var contractVocabulary: ContractVocabulary {
        ContractVocabulary(plugins.map(\.vocabularyEntry))
    }

    /// The plugin for `id`, or `nil` when no registered dialect has it.
    public func plugin(for id: DialectID) -> (any DialectPlugin)? {
        plugins.first { $0.id == id }
    }

    /// The plugin for `id`.
    ///
    /// - Throws: ``DialectSetupError`` naming the registered dialects, with a suggestion.
    public func requirePlugin(for id: DialectID) throws(DialectSetupError) -> any DialectPlugin {
        if let plugin = plugin(for: id) { return plugin }
        let names = ids.map(\.rawValue)
        let hint = Suggestion.closest(to: id.rawValue, among: names).map { " (did you mean '\($0)'?)" } ?? ""
        throw DialectSetupError(
            "no dialect '\(id.rawValue)' is available yet\(hint); this build serves: \(names.joined(separator: ", "))")
    }
}
