import TreatyDialect
import TreatyJSON

/// One realtime subscription as a client wrote it: `posts`, `posts/*` or `posts/RECORD_ID`, with
/// optional `?options={"query":{…},"headers":{…}}`.
///
/// Events are named by ``topic`` exactly as written, options included. The options are read as
/// PocketBase's `subscriptions.DefaultClient.Subscribe` reads them: the `options` query
/// parameter (form-decoded) as JSON, every value turned into text; options that do not parse
/// are ignored, and the subscription stands without them.
struct PocketBaseSubscription: Sendable, Hashable {
    /// The topic as the client wrote it.
    let topic: String
    /// `query` options: `expand`, `fields`, `filter`, and anything a rule reads as `@request.query.*`.
    let query: [QueryItem]
    /// `headers` options, keys in snake case, for rules.
    let headers: [QueryItem]

    init(_ topic: String) {
        self.topic = topic
        var query: [QueryItem] = []
        var headers: [QueryItem] = []
        if let mark = topic.firstIndex(of: "?") {
            let raw = String(topic[topic.index(after: mark)...])
            let text = QueryItem.parse(raw, plusAsSpace: true).first { $0.name == "options" }?.value ?? ""
            if let value = try? JSONParser().parse(Array(text.utf8)), case .object(let options) = value {
                query = Self.items(options["query"])
                headers = Self.items(options["headers"]).map {
                    QueryItem(name: Self.snakeCase($0.name), value: $0.value)
                }
            }
        }
        self.query = query
        self.headers = headers
    }

    /// Whether the subscription listens to events of `prefix` (`posts/*?`, `posts/ID?`,
    /// `posts?`): PocketBase's test, `strings.HasPrefix(topic+"?", prefix)`.
    func matches(_ prefix: String) -> Bool {
        (topic + "?").hasPrefix(prefix)
    }

    /// Names the options: subscriptions with equal keys see the same event data.
    var optionsKey: String {
        (query + [QueryItem(name: "\u{0}", value: "")] + headers).map { $0.name + "=" + $0.value }.joined(
            separator: "&")
    }

    /// The value of a query option.
    func option(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    private static func items(_ value: JSONValue?) -> [QueryItem] {
        guard case .object(let object)? = value else { return [] }
        return object.map { member in QueryItem(name: member.key, value: GoCast.string(member.value)) }
    }

    /// PocketBase's `inflector.Snakecase`: `X-Token` → `x_token`.
    static func snakeCase(_ text: String) -> String {
        var result = ""
        var previousWasLower = false
        for character in text {
            if character.isLetter || character.isNumber {
                if character.isUppercase, previousWasLower, !result.isEmpty, result.last != "_" { result.append("_") }
                result += character.lowercased()
                previousWasLower = character.isLowercase || character.isNumber
            } else {
                if !result.isEmpty, result.last != "_" { result.append("_") }
                previousWasLower = false
            }
        }
        while result.last == "_" { result.removeLast() }
        return result
    }
}
