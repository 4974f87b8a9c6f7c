internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

/// Reads a live rest-sync backend's records (`treaty record`): each resource's full list, parents
/// before the resources they scope (a scoped list is read once per live parent), then the
/// incremental feed from `since_version=0`, following `Sync-Cursor`, for the tombstones the full
/// list leaves out. Records keep the order the full list gave them.
struct RESTSyncRecordReader: Sendable {
    let contract: Contract

    var reader: RecordReader {
        let reader = self
        return RecordReader { session in try await reader.read(session) }
    }

    func read(_ session: RecordingSession) async throws {
        for resource in parentsFirst() {
            let routes = ResourceRoutes(resource: resource, contract: contract)
            guard let list = routes.list ?? routes.feed else {
                session.skip("resource '\(resource.name)'", because: "the contract declares no GET list endpoint for it")
                continue
            }
            for values in pathValues(of: resource, for: list, session) {
                guard let path = list.path.filled(values) else { continue }
                var seen = Set<String>()
                try await readList(list, path: path, resource: resource, seen: &seen, session)
                if let feed = routes.feed, let parameter = feed.sinceVersion.first, let feedPath = feed.path.filled(values) {
                    try await readFeed(feed, path: feedPath, parameter: parameter, resource: resource, seen: &seen, session)
                } else if resource.sync.tombstone != nil {
                    session.skip(
                        "tombstones of '\(resource.name)'", because: "no list of it declares since_version, so only live records are recorded")
                }
                if session.isFull { return }
            }
        }
    }

    private func readList(
        _ endpoint: Endpoint, path: String, resource: Resource, seen: inout Set<String>, _ session: RecordingSession
    ) async throws {
        let reply = try await session.read(path, endpoint: endpoint.signature)
        let items = try records(in: reply, endpoint: endpoint)
        var walk = PageWalk(endpoint: endpoint.signature)
        try walk.visit(marker: path, ids: items.map { identity(of: $0, resource) })
        for item in items where seen.insert(identity(of: item, resource)).inserted {
            guard session.keep(item, in: resource.name) else { return }
        }
    }

    private func readFeed(
        _ endpoint: Endpoint, path: String, parameter: String, resource: Resource, seen: inout Set<String>,
        _ session: RecordingSession
    ) async throws {
        var walk = PageWalk(endpoint: endpoint.signature)
        var cursor = "0"
        while !session.isFull {
            let sent = try await session.send(.get, path, query: [(parameter, cursor)], endpoint: endpoint.signature)
            if sent.status == 410 {
                session.skip(
                    "tombstones of '\(resource.name)'",
                    because: "\(sent.request) answered 410 (the cursor is older than the tombstone retention)")
                return
            }
            let reply = try session.accept(sent, endpoint: endpoint.signature)
            let items = try records(in: reply, endpoint: endpoint)
            try walk.visit(marker: "\(parameter)=\(cursor)", ids: items.map { identity(of: $0, resource) })
            guard !items.isEmpty else { return }
            for item in items where seen.insert(identity(of: item, resource)).inserted {
                guard session.keep(item, in: resource.name) else { return }
            }
            guard let next = reply.header("Sync-Cursor") else { return }
            cursor = next
        }
    }

    private func records(in reply: Reply, endpoint: Endpoint) throws(RecordingFailure) -> [JSONObject] {
        guard let array = reply.json?.arrayValue else {
            throw RecordingFailure(.unreadable, at: endpoint.signature, "\(reply.request) answered JSON that is not an array of records")
        }
        var objects: [JSONObject] = []
        for (index, item) in array.enumerated() {
            guard case .object(let object) = item else {
                throw RecordingFailure(.unreadable, at: endpoint.signature, "\(reply.request): item \(index) is not an object")
            }
            objects.append(object)
        }
        return objects
    }

    /// The path parameter values of each list to read: one empty set for a top-level list, one
    /// per live parent record for a scoped list (the parent's own keys, and its id under the
    /// scope key).
    private func pathValues(of resource: Resource, for endpoint: Endpoint, _ session: RecordingSession) -> [[String: String]] {
        guard !endpoint.path.parameters.isEmpty else { return [[:]] }
        guard let scope = resource.scope, let parent = contract.resource(named: scope.parent) else {
            session.skip(
                "\(endpoint.signature)", because: "its path parameters are not a parent scope, so no values are known")
            return []
        }
        return session.records(of: parent.name).compactMap { record in
            if let tombstone = parent.sync.tombstone, let value = record[tombstone], value != .null { return nil }
            var values: [String: String] = [:]
            for member in record.members {
                if let text = member.value.stringValue { values[member.key] = text }
            }
            values[scope.key] = identity(of: record, parent)
            return values
        }
    }

    private func identity(of record: JSONObject, _ resource: Resource) -> String {
        guard let value = record[resource.identity.key] else { return "" }
        return value.stringValue ?? String(decoding: value.serializedBytes(), as: UTF8.self)
    }

    /// The resources with every parent before the resources it scopes, otherwise in file order.
    private func parentsFirst() -> [Resource] {
        var ordered: [Resource] = []
        func visit(_ resource: Resource, depth: Int) {
            guard !ordered.contains(where: { $0.name == resource.name }), depth < contract.resources.count else { return }
            if let scope = resource.scope, let parent = contract.resource(named: scope.parent) {
                visit(parent, depth: depth + 1)
            }
            ordered.append(resource)
        }
        for resource in contract.resources { visit(resource, depth: 0) }
        return ordered
    }
}
