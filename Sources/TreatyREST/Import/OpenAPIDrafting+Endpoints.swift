internal import TreatyCore
internal import TreatyJSON

extension OpenAPIDrafting {
    /// One operation of the document, located.
    private struct Operation {
        var method: String
        var path: String
        var node: SourceNode
        var pointer: JSONPointer
        /// Where the method's key (`post:`) is.
        var location: SourceLocation
    }

    /// How an operation's path addresses a resource.
    private struct Addressing {
        var resource: Int
        var parent: (resource: Int, literal: Int)?
        var item: Bool
        var segments: [Substring]
    }

    static let methods = ["get", "post", "put", "patch", "delete"]

    /// The endpoints of every path the draft can carry; each one it cannot is a note. Sets each
    /// resource's parent scope on the way (the first scoped path decides it).
    mutating func draftEndpoints() -> [DraftContract.Endpoint] {
        let pathsPointer = JSONPointer(tokens: ["paths"])
        var operations: [Operation] = []
        for entry in document.node(at: pathsPointer)?.members ?? [] {
            for method in entry.value.members where Self.methods.contains(method.key) {
                operations.append(
                    Operation(
                        method: method.key.uppercased(), path: entry.key, node: method.value,
                        pointer: pathsPointer.appending(entry.key).appending(method.key),
                        location: SourceLocation(file: document.file, line: method.keyLine, column: method.keyColumn)))
            }
        }
        let addressed = operations.map { ($0, addressing(of: $0)) }
        for case (_, let addressing?) in addressed {
            guard let parent = addressing.parent, candidates[addressing.resource].scope == nil else { continue }
            let child = candidates[addressing.resource]
            // The child's key of its parent: `project_id`, or the parent's identity after its name
            // (`workspace_sid`, `project_gid`).
            let parentCandidate = candidates[parent.resource]
            let parentWords = NamingConvention.words(of: parentCandidate.name)
            let keyForms = [
                parentWords + ["id"], parentWords + NamingConvention.words(of: parentCandidate.identity.key),
            ]
            if let key = child.properties.first(where: { keyForms.contains(NamingConvention.words(of: $0.key)) })?.key {
                candidates[addressing.resource].scope = ParentScope(parent: candidates[parent.resource].name, key: key)
            }
        }
        var endpoints: [DraftContract.Endpoint] = []
        var shapes: Set<String> = []
        for (operation, addressing) in addressed {
            guard let addressing else { continue }
            guard let endpoint = endpoint(operation, addressing) else { continue }
            guard let template = PathTemplate(endpoint.path),
                shapes.insert("\(endpoint.method) \(template.shape)").inserted
            else {
                note(
                    "\(operation.method) \(operation.path) repeats an endpoint already drafted; left out",
                    at: operation.location, pointer: operation.pointer)
                skipped += 1
                continue
            }
            endpoints.append(endpoint)
        }
        return endpoints
    }

    /// Which resource `operation`'s path addresses, or `nil` with a note.
    private mutating func addressing(of operation: Operation) -> Addressing? {
        let segments = operation.path.split(separator: "/", omittingEmptySubsequences: true)
        let isParameter = { (segment: Substring) in segment.hasPrefix("{") && segment.hasSuffix("}") }
        let answer = responseResource(of: operation)
        var resourceLiteral: (index: Int, candidate: Int)?
        for index in segments.indices.reversed() where !isParameter(segments[index]) {
            if let found = candidateIndex(forSegment: segments[index], preferring: answer?.candidate) {
                resourceLiteral = (index, found)
            }
            break
        }
        guard let (literal, resource) = resourceLiteral else {
            leftOut(operation, "its path does not end at a collection of a resource")
            return nil
        }
        let rest = segments.count - literal - 1
        guard rest == 0 || (rest == 1 && isParameter(segments[literal + 1])) else {
            leftOut(operation, "its path does not end at a collection or one item")
            return nil
        }
        var parent: (Int, Int)?
        let before = segments[..<literal]
        let parameters = before.indices.filter { isParameter(segments[$0]) }
        if let last = parameters.last {
            guard parameters.count == 1, last == literal - 1, last > 0,
                let parentIndex = candidateIndex(forSegment: segments[last - 1], preferring: nil)
            else {
                leftOut(operation, "its path parameters before '\(segments[literal])' are not one parent's identity")
                return nil
            }
            parent = (parentIndex, last - 1)
        }
        return Addressing(resource: resource, parent: parent, item: rest == 1, segments: Array(segments))
    }

    /// The endpoint of an addressed operation, or `nil` with a note.
    private mutating func endpoint(_ operation: Operation, _ addressing: Addressing) -> DraftContract.Endpoint? {
        let candidate = candidates[addressing.resource]
        switch (operation.method, addressing.item) {
        case ("GET", _), ("POST", false), ("PUT", true), ("PATCH", true), ("DELETE", true): break
        default:
            leftOut(
                operation,
                addressing.item
                    ? "\(operation.method) on one item has no records meaning"
                    : "\(operation.method) on a collection has no records meaning")
            return nil
        }
        var segments = addressing.segments.map(String.init)
        var extra: [(key: String, value: String)] = []
        if let parent = addressing.parent {
            guard let scope = candidate.scope, scope.parent == candidates[parent.resource].name else {
                leftOut(
                    operation, "'\(candidate.name)' carries no '\(candidates[parent.resource].name)' key to scope it by"
                )
                return nil
            }
            segments[parent.literal + 1] = "{\(scope.key)}"
        } else if candidate.scope != nil {
            extra.append(("scoped", "false"))
        }
        if addressing.item { segments[segments.count - 1] = "{\(candidate.identity.key)}" }
        let path = "/" + segments.joined(separator: "/")
        guard PathTemplate(path) != nil else {
            leftOut(operation, "its path is no valid template")
            return nil
        }
        let answer = responseResource(of: operation)
        if let status = successStatus(of: operation) {
            let expected = operation.method == "POST" ? 201 : operation.method == "DELETE" ? 204 : 200
            if status != expected { extra.append(("status", String(status))) }
        }
        if operation.method == "GET", !addressing.item { extra += syncParameters(of: operation, candidate: candidate) }
        var note: String?
        if operation.method == "GET" || operation.method == "POST" || operation.method == "PATCH"
            || operation.method == "PUT"
        {
            let bare =
                answer.map {
                    $0.candidate == addressing.resource && $0.list == (operation.method == "GET" && !addressing.item)
                } ?? false
            if !bare {
                note =
                    "the answer is not a bare '\(candidate.name)'\(operation.method == "GET" && !addressing.item ? " array" : ""); rest-sync serves bare records, so check its envelope"
            }
        }
        return DraftContract.Endpoint(
            method: operation.method, path: path, resource: candidate.name, extra: extra, note: note)
    }

    /// The resource the operation's success answer is (one or a bare array), when it is one.
    private func responseResource(of operation: Operation) -> (candidate: Int, list: Bool)? {
        guard let responses = operation.node[member: "responses"] else { return nil }
        for entry in responses.members where entry.key.hasPrefix("2") {
            let responsePointer = operation.pointer.appending("responses").appending(entry.key)
            guard let (response, resolvedPointer) = try? document.resolve(entry.value, at: responsePointer),
                let content = response[member: "content"],
                let media = content.members.first(where: { $0.key.contains("json") }),
                let schema = media.value[member: "schema"]
            else { continue }
            let facts = reader.facts(
                of: schema, at: resolvedPointer.appending("content").appending(media.key).appending("schema"))
            switch facts.shape {
            case .reference(let component):
                if let index = candidates.firstIndex(where: { $0.component == component }) { return (index, false) }
            case .references(let component):
                if let index = candidates.firstIndex(where: { $0.component == component }) { return (index, true) }
            default: break
            }
        }
        return nil
    }

    /// `since:` and `since_version:` of a list: its date-time query parameters whose name speaks of
    /// time (`since`, `updated_after`) when records carry `updated_at`, and its integer ones named
    /// after a version when they carry one.
    private func syncParameters(of operation: Operation, candidate: Candidate) -> [(key: String, value: String)] {
        let propertyWords = candidate.properties.map { NamingConvention.words(of: $0.key) }
        var since: [String] = []
        var sinceVersion: [String] = []
        for (index, parameter) in (operation.node[member: "parameters"]?.items ?? []).enumerated() {
            let pointer = operation.pointer.appending("parameters").appending(index: index)
            guard let (resolved, resolvedPointer) = try? document.resolve(parameter, at: pointer),
                resolved[member: "in"]?.text == "query", let name = resolved[member: "name"]?.text,
                let schema = resolved[member: "schema"]
            else { continue }
            let words = NamingConvention.words(of: name)
            let shape = reader.facts(of: schema, at: resolvedPointer.appending("schema")).shape
            if shape == .scalar(.int), words.contains("version"), propertyWords.contains(["version"]) {
                sinceVersion.append(name)
            } else if shape == .scalar(.datetime), words.contains("since") || words.contains("after"),
                propertyWords.contains(["updated", "at"])
            {
                since.append(name)
            }
        }
        var extra: [(key: String, value: String)] = []
        if !since.isEmpty { extra.append(("since", DraftContract.list(since))) }
        if !sinceVersion.isEmpty { extra.append(("since_version", DraftContract.list(sinceVersion))) }
        return extra
    }

    /// The first 2xx status the operation declares.
    private func successStatus(of operation: Operation) -> Int? {
        operation.node[member: "responses"]?.members.lazy.compactMap { Int($0.key) }.first { (200..<300).contains($0) }
    }

    /// The candidate a path segment names: the answer's resource when the segment names it, else
    /// the resource whose name is the segment's singular, else the shortest whose name starts so.
    private func candidateIndex(forSegment segment: Substring, preferring preferred: Int?) -> Int? {
        var words = NamingConvention.words(of: String(segment))
        guard let last = words.popLast() else { return nil }
        let singular = (words + [Inflection.singular(last)]).joined(separator: "_")
        let plain = (words + [last]).joined(separator: "_")
        if let preferred, candidates[preferred].name.hasPrefix(singular) { return preferred }
        if let exact = candidates.firstIndex(where: { $0.name == singular || $0.name == plain }) { return exact }
        return candidates.indices.filter { candidates[$0].name.hasPrefix(singular + "_") }
            .min { candidates[$0].name.count < candidates[$1].name.count }
    }

    private mutating func leftOut(_ operation: Operation, _ reason: String) {
        note(
            "\(operation.method) \(operation.path) is no endpoint of the draft: \(reason)", at: operation.location,
            pointer: operation.pointer)
        skipped += 1
    }
}
