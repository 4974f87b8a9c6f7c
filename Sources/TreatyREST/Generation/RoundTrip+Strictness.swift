internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

extension RoundTrip {
    /// Clauses whose other halves other cases check: every incremental parameter is strict, and a
    /// partial write (`writes: [...]`) is applied exactly once.
    static let strictnessRules: [RoundTrip] = [
        RoundTrip(
            ["RS-IN-1", "RS-IN-3"], "every feed parameter is strict: nothing at the newest change itself", clauses: ["RS-IN-1.1", "RS-IN-1.3"],
            needs: [.create, .feed]
        ) { bench in
            guard let feed = bench.routes.feed, let path = feed.path.filled(bench.pathValues(parent: bench.parent)) else {
                throw CaseContext.Skip("the feed has no path to fill")
            }
            let (id, body) = bench.newBody()
            let created = try await bench.create(body)
            let recordID = id ?? created[bench.idKey]?.stringValue ?? ""
            var cursors: [(parameter: String, value: String)] = []
            if let key = bench.resource.sync.updatedAt, let stamp = created[key]?.stringValue {
                cursors += feed.since.map { ($0, stamp) }
            }
            if let key = bench.resource.sync.version, let version = created[key]?.numberValue?.text {
                cursors += feed.sinceVersion.map { ($0, version) }
            }
            guard !cursors.isEmpty else { throw CaseContext.Skip("the created record carries no cursor value") }
            for (parameter, value) in cursors {
                let reply = try await bench.context.send(.get, path, query: [(parameter, value)])
                try bench.context.require(reply, status: feed.status, rule: "RS-IN-1", "reading the feed with '\(parameter)'")
                let listed = (reply.json?.arrayValue ?? []).contains { $0.objectValue?[bench.idKey]?.stringValue == recordID }
                if listed {
                    bench.context.fail(
                        "RS-IN-1", "\(reply.request) returned \(recordID), whose change is the cursor itself",
                        detail: "fix: '\(parameter)' returns rows strictly after the cursor (>), never the ones at it")
                }
            }
        },
        RoundTrip(
            ["RS-MD-2", "RS-MD-3"], "a partial write is applied once: its answer and a later read agree", clauses: ["§Endpoints.7"],
            needs: [.create, .item], applies: { !$0.partialWrites.isEmpty }
        ) { bench in
            for endpoint in bench.routes.partialWrites {
                guard let method = HTTPRequest.Method(endpoint.method) else { continue }
                let (id, body) = bench.newBody()
                let created = try await bench.create(body)
                let recordID = id ?? created[bench.idKey]?.stringValue ?? ""
                let before = try await bench.read(recordID)
                var change = JSONObject()
                for name in endpoint.writes ?? [] {
                    guard let field = bench.resource.field(named: name), let relation = field.relation, relation.many else {
                        continue
                    }
                    let known = bench.factory.references[relation.target] ?? []
                    let current = before[field.key()]?.arrayValue ?? []
                    change[field.key()] = .array(current.isEmpty ? known.prefix(1).map(JSONValue.string) : [])
                }
                guard !change.isEmpty,
                    let path = endpoint.path.filled(bench.pathValues(id: recordID, parent: bench.parent))
                else { continue }
                let reply = try await bench.context.send(method, path, body: .object(change))
                try bench.context.require(reply, status: endpoint.status, rule: "RS-MD-2", "a valid \(endpoint.signature)")
                let answer = reply.json?.objectValue ?? JSONObject()
                let after = try await bench.read(recordID)
                for member in change.members where after[member.key] != member.value {
                    bench.context.fail(
                        "RS-MD-2", at: "/\(member.key)",
                        "after \(reply.request) the record has \(member.key) \(Workbench.show(after[member.key])), not \(Workbench.show(member.value))",
                        detail: "fix: apply the write the answer acknowledges")
                }
                for key in bench.metadataKeys where after[key] != answer[key] {
                    bench.context.fail(
                        "RS-MD-3", at: "/\(key)",
                        "\(reply.request) answered \(key) \(Workbench.show(answer[key])), a later read shows \(Workbench.show(after[key]))",
                        detail: "fix: apply a write once, and answer with the record as stored")
                }
                if let key = bench.resource.sync.version,
                    let old = before[key]?.numberValue?.doubleValue, let new = answer[key]?.numberValue?.doubleValue, new <= old
                {
                    bench.context.fail(
                        "RS-MD-3", at: "/\(key)", "\(reply.request) answered \(key) \(new), not above \(old)",
                        detail: "fix: every write bumps the version")
                }
            }
        },
    ]
}
