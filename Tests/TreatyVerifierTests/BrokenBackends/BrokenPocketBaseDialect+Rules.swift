import Foundation
import HTTPTypes
import Synchronization
import TreatyCore
import TreatyDialect
import TreatyJSON

@testable import TreatyPocketBase

/// The breakages of one clause of pocketbase.md §5–§7 each: API rules, the meaning of a filter,
/// and sort keys. Rules are broken by asking the simulator as the superuser where a real bug
/// would skip or misread a rule; filters and sorts by rewriting `filter=` and `sort=` as a
/// backend with that misreading would understand them.
extension BrokenPocketBaseDialect {
    /// The broken answer to `request`, or `nil` when the breakage leaves it to the wrapped dialect.
    func breakingRule(_ request: DialectRequest, isRecords: Bool, store: RecordStore) -> DialectResponse? {
        guard isRecords, let simulator = wrapped as? PocketBaseDialect else { return nil }
        let forward = { (request: DialectRequest) in wrapped.respond(to: request, store: store) }
        let isList = request.method == .get && request.path.hasSuffix("/records")
        let caller = simulator.caller(for: request, store: store)
        let collection = request.path.split(separator: "/").dropFirst(2).first.flatMap { name in
            simulator.state.withLock { $0.collection(String(name)) }
        }
        switch breakage {
        case .refusesGuestsUnderOpenRules where isList && caller.isGuest && collection?.rules.list == "":
            return PocketBaseDialect.response(.superusersOnly)
        case .ignoresListRules where isList && !caller.isSuperuser:
            return forward(Self.superuser(request, simulator, store))
        case .answers403ForHiddenRows where !isList && request.method != .post && !caller.isSuperuser:
            let response = forward(request)
            var probe = Self.superuser(request, simulator, store)
            probe.method = .get
            probe.body = []
            guard response.status.code == 404, forward(probe).status.code == 200 else { return response }
            return PocketBaseDialect.response(.forbidden)
        case .answers403ForUnmetCreateRules where request.method == .post && !caller.isSuperuser:
            let response = forward(request)
            let body = try? JSONParser().parse(response.body)
            guard response.status.code == 400, body?["data"] == .object(JSONObject()) else { return response }
            return PocketBaseDialect.response(.forbidden)
        case .appliesRulesToSuperusers where isList && caller.isSuperuser:
            guard let rule = collection?.rules.list, !rule.isEmpty else { return nil }
            return forward(Self.filtering(request) { "(\($0))&&(\(rule))" })
        case .givesGuestsANullAuthID where isList && caller.isGuest:
            guard let rule = collection?.rules.list, !rule.isEmpty else { return nil }
            let unmatched = rule.replacingOccurrences(of: "@request.auth.id", with: "\"treaty:null\"")
            return forward(Self.filtering(Self.superuser(request, simulator, store)) { "(\($0))&&(\(unmatched))" })
        case .matchesHiddenEmails
        where isList && !caller.isSuperuser && request.queryValue("filter")?.contains(".email") == true:
            return forward(Self.superuser(request, simulator, store))
        case .refusesBearerTokens where request.headers[.authorization]?.hasPrefix("Bearer ") == true:
            var guest = request
            guest.headers[.authorization] = nil
            return forward(guest)
        case .answers401ToBadTokens where caller.isGuest && request.headers[.authorization]?.isEmpty == false:
            return PocketBaseDialect.response(.unauthorized)
        default:
            return breakingFilter(request, isList: isList, store: store)
        }
    }

    /// `request` sent with a token of the simulator's first superuser.
    static func superuser(_ request: DialectRequest, _ simulator: PocketBaseDialect, _ store: RecordStore)
        -> DialectRequest
    {
        var copy = request
        guard let collection = simulator.state.withLock({ $0.collection("_superusers") }),
            let record = store.dump("_superusers")?.first
        else { return copy }
        copy.headers[.authorization] = simulator.token(for: record, in: collection, at: store.presentTime())
        return copy
    }

    /// `request` with its `filter=` changed by `change` (an absent filter reads as `id!=''`).
    static func filtering(_ request: DialectRequest, _ change: (String) -> String) -> DialectRequest {
        var copy = request
        let filter = request.queryValue("filter").flatMap { $0.isEmpty ? nil : $0 } ?? "id!=''"
        copy.query.removeAll { $0.name == "filter" }
        copy.query.append(QueryItem(name: "filter", value: change(filter)))
        return copy
    }

    /// `request` with its `sort=` changed by `change`; an empty result drops the parameter.
    static func sorting(_ request: DialectRequest, _ change: (String) -> String) -> DialectRequest {
        guard let sort = request.queryValue("sort") else { return request }
        var copy = request
        copy.query.removeAll { $0.name == "sort" }
        let changed = change(sort)
        if !changed.isEmpty { copy.query.append(QueryItem(name: "sort", value: changed)) }
        return copy
    }

    /// `text` with every match of `pattern` replaced by what `replace` makes of its groups.
    static func replacing(_ text: String, _ pattern: String, _ replace: ([String]) -> String) -> String {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return text }
        var result = text
        let matches = expression.matches(in: text, range: NSRange(text.startIndex..., in: text))
        for match in matches.reversed() {
            let groups = (0..<match.numberOfRanges).map { index in
                Range(match.range(at: index), in: text).map { String(text[$0]) } ?? ""
            }
            guard let range = Range(match.range, in: result) else { continue }
            result.replaceSubrange(range, with: replace(groups))
        }
        return result
    }
}
