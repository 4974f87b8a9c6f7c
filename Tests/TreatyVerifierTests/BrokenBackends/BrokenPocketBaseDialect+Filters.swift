import Foundation
import HTTPTypes
import TreatyCore
import TreatyDialect
import TreatyJSON

@testable import TreatyPocketBase

/// The breakages of one sentence of pocketbase.md §6 or §7 each: `filter=` and `sort=` as a
/// backend that misreads them would understand them, written back in PocketBase's syntax.
extension BrokenPocketBaseDialect {
    /// The broken answer to a list `request`, or `nil` when the breakage leaves it alone.
    func breakingFilter(_ request: DialectRequest, isList: Bool, store: RecordStore) -> DialectResponse? {
        guard isList else { return nil }
        let forward = { (request: DialectRequest) in wrapped.respond(to: request, store: store) }
        let name = #"([A-Za-z_][\w.:]*)"#
        switch breakage {
        case .evaluatesLeftToRight:
            return forward(
                Self.filtering(request) { Self.replacing($0, #"\(([^()]*)\)"#) { "(" + Self.leftToRight($0[1]) + ")" } }
            )
        case .acceptsAndOrWords:
            return forward(
                Self.filtering(request) {
                    $0.replacingOccurrences(of: " and ", with: " && ").replacingOccurrences(of: " or ", with: " || ")
                })
        case .comparesTextIgnoringCase:
            return forward(
                Self.filtering(request) {
                    Self.replacing($0, name + #"\s*=\s*"([^"]*)""#) { "\($0[1]):lower = \"\($0[2].lowercased())\"" }
                })
        case .matchesLikeWithoutWrapping:
            return forward(
                Self.filtering(request) {
                    Self.replacing($0, name + #"\s*~\s*"([^"%]*)""#) { "\($0[1]):lower = \"\($0[2].lowercased())\"" }
                })
        case .coercesTextToBools:
            return forward(
                Self.filtering(request) {
                    $0.replacingOccurrences(of: "= \"true\"", with: "= true").replacingOccurrences(
                        of: "= \"false\"", with: "= false")
                })
        case .treatsNullAsNoValue:
            return forward(Self.filtering(request) { $0.replacingOccurrences(of: "= null", with: "= \"treaty:null\"") })
        case .keepsEmptyDatesOutOfRanges:
            return forward(
                Self.filtering(request) {
                    Self.replacing($0, name + #"\s*<\s*(@now|"\d{4}-[^"]*")"#) {
                        "(\($0[1]) < \($0[2]) && \($0[1]) != \"\")"
                    }
                })
        case .treatsPlainPathsAsAny:
            return forward(
                Self.filtering(request) {
                    Self.replacing($0, #"([A-Za-z_]\w*\.[\w.]+)\s*(!=|=)"#) { "\($0[1]) ?\($0[2])" }
                })
        case .comparesPathsByID:
            return forward(
                Self.filtering(request) { Self.replacing($0, #"([A-Za-z_]\w*)\.\w+\s*="#) { "\($0[1]) =" } })
        case .letsAnyoneFilterHiddenFields:
            return forward(
                Self.filtering(request) {
                    Self.replacing($0, #"\b(tokenKey|password)\b"#) { _ in "id" }
                })
        case .letsGuestsFilterByRequest:
            return forward(
                Self.filtering(request) { Self.replacing($0, #"@(request|collection)\.[\w.]+"#) { _ in "id" } })
        case .ignoresModifiers:
            return forward(Self.filtering(request) { Self.replacing($0, #":(lower|length|each)\b"#) { _ in "" } })
        case .ignoresBackRelations:
            return forward(Self.filtering(request) { Self.replacing($0, #"\w+_via_\w+\.id"#) { _ in "id" } })
        case .readsBareRelationsAsIDs:
            return forward(
                Self.filtering(request) { Self.replacing($0, #"(?<![\w.@])([A-Za-z_]\w*)\s*\?="#) { "\($0[1]).id ?=" } }
            )
        case .truncatesDecimals:
            return forward(Self.filtering(request) { Self.replacing($0, #"(-?\d+)\.\d+\b"#) { $0[1] } })
        case .readsCollectionEqualsAsAny:
            return forward(
                Self.filtering(request) { Self.replacing($0, #"(@collection\.[\w.]+)\s*="#) { "\($0[1]) ?=" } })
        default:
            return breakingSort(request, forward: forward)
        }
    }

    /// The sort breakages of §7.
    private func breakingSort(_ request: DialectRequest, forward: (DialectRequest) -> DialectResponse)
        -> DialectResponse?
    {
        guard let sort = request.queryValue("sort") else { return nil }
        switch breakage {
        case .sortsByFirstKeyOnly:
            return forward(Self.sorting(request) { String($0.prefix { $0 != "," }) })
        case .ignoresRelationSortPaths:
            return forward(
                Self.sorting(request) { $0.split(separator: ",").filter { !$0.contains(".") }.joined(separator: ",") })
        case .refusesSpecialSortKeys where sort.contains("@"):
            return PocketBaseDialect.response(.badRequest)
        case .sortsEmptyValuesLast where sort.contains(".") && !sort.contains(",") && !sort.hasPrefix("-"):
            let key = sort.trimmingCharacters(in: .whitespaces)
            let filled = forward(Self.filtering(request) { "(\($0))&&\(key)!=''" })
            let empty = forward(Self.filtering(request) { "(\($0))&&\(key)=''" })
            guard let second = (try? JSONParser().parse(empty.body))?.objectValue else { return filled }
            return Self.rewriting(filled) { object in
                object["items"] = .array((object["items"]?.arrayValue ?? []) + (second["items"]?.arrayValue ?? []))
                let total =
                    (object["totalItems"]?.numberValue?.int64Value ?? 0)
                    + (second["totalItems"]?.numberValue?.int64Value ?? 0)
                object["totalItems"] = .number(JSONNumber(total))
            }
        default:
            return nil
        }
    }

    /// The `&&`/`||` terms of `text` (one group's content) regrouped to apply left to right:
    /// `a || b && c` → `(a || b) && c`.
    static func leftToRight(_ text: String) -> String {
        guard text.contains("&&"), text.contains("||") else { return text }
        var terms: [String] = []
        var operators: [String] = []
        var rest = Substring(text)
        while let range = rest.range(of: #"\|\||&&"#, options: .regularExpression) {
            terms.append(String(rest[..<range.lowerBound]))
            operators.append(String(rest[range]))
            rest = rest[range.upperBound...]
        }
        terms.append(String(rest))
        return zip(operators, terms.dropFirst()).reduce(terms[0]) { "(\($0)) \($1.0) \($1.1)" }
    }
}
