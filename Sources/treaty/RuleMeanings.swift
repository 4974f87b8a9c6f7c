import TreatyCore
import TreatyDialectKit
import TreatyReports

/// The rules of dialects as the HTML report describes them, from the registry's catalogues.
enum RuleMeanings {
    static func of(_ dialects: some Sequence<DialectID>) -> [HTMLReport.Rule] {
        var seen: Set<DialectID> = []
        return dialects.filter { seen.insert($0).inserted }.flatMap { dialect in
            (DialectLookup.registry.plugin(for: dialect)?.ruleCatalog.rules ?? []).map {
                HTMLReport.Rule(id: $0.id.rawValue, meaning: $0.meaning)
            }
        }
    }
}
