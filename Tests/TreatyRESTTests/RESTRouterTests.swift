import Testing
import TreatyCore

@testable import TreatyREST

/// The router compiled into a segment trie answers exactly what trying every endpoint's
/// template in turn answers: the same endpoint (more literals win, the first declared on a
/// tie), the same `Allow` list in declaration order, the same parameter values.
@Suite struct RESTRouterTests {
    /// Templates that overlap in every way a trie can get wrong: a literal and a parameter at
    /// the same position, shapes that only match together, the same shape under other names,
    /// the root, methods spread over several shapes.
    static let endpoints: [Endpoint] = [
        ("GET", "/a/{x}/c"), ("GET", "/{y}/b/{z}"), ("GET", "/a/b/{z}"), ("DELETE", "/{p}/b/c"),
        ("POST", "/a/{x}/c"), ("PUT", "/a/b/c"), ("GET", "/"), ("GET", "/users"), ("POST", "/users"),
        ("GET", "/users/{id}"), ("PATCH", "/users/{user_id}"), ("GET", "/users/me"), ("DELETE", "/{any}"),
        ("GET", "/projects/{project_id}/tasks/{id}"), ("GET", "/projects/{project_id}/tasks"),
        ("PUT", "/projects/{project_id}/tasks/{id}/watchers"), ("GET", "/a/{x}/c"),
    ].map { method, path in
        Endpoint(method: method, path: PathTemplate(path)!, resource: "r", returns: .one)
    }

    static let paths = [
        "/", "", "a", "/a", "/a/", "/a/b", "/a/b/", "/a/b/c", "/a/b/c/", "/a//c", "//b/c", "/a/x/c", "/q/b/c", "/q/b/r",
        "/a/b/r", "/users", "/users/", "/users/me", "/users/you", "/users/m%65", "/us%65rs", "/us%65rs/me",
        "/users/a%2Fb", "/users/%E2%82%AC", "/users/%zz", "/users/%", "/projects/P1/tasks/T1",
        "/projects/P1/tasks", "/projects/P1/tasks/T1/watchers", "/projects/P1/tasks/T1/watchers/x",
        "/projects//tasks/T1", "/projects/P%201/tasks/T%2F1", "/projects", "/nowhere", "/a/b/c/d", "/é/b/c",
    ]

    static let methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"]

    /// How matching worked before the trie: every template tried in turn.
    static func reference(method: String, path: String) -> RESTRouter.Outcome {
        var allowed: [String] = []
        var best: (index: Int, literals: Int)?
        for (index, endpoint) in endpoints.enumerated() where endpoint.path.matches(path) {
            guard endpoint.method == method else {
                if !allowed.contains(endpoint.method) { allowed.append(endpoint.method) }
                continue
            }
            let literals = endpoint.path.segments.count - endpoint.path.parameters.count
            if literals > (best?.literals ?? -1) { best = (index, literals) }
        }
        if let best, let parameters = endpoints[best.index].path.match(path) {
            let names = endpoints[best.index].path.parameters
            return .matched(
                .init(index: best.index, parameters: .init(names: names, values: names.map { parameters[$0] ?? "" })))
        }
        return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed)
    }

    static func summary(_ outcome: RESTRouter.Outcome) -> String {
        switch outcome {
        case .notFound: "404"
        case .methodNotAllowed(let allowed): "405 " + allowed.joined(separator: ",")
        case .matched(let match):
            "\(match.index) \(endpoints[match.index].signature) "
                + zip(match.parameters.names, match.parameters.values).map { "\($0)=\($1)" }.joined(separator: "&")
        }
    }

    @Test("every method and path routes as trying each template in turn does", arguments: methods)
    func sameAsReference(method: String) {
        let router = RESTRouter(endpoints: Self.endpoints)
        for path in Self.paths {
            #expect(
                Self.summary(router.route(method: method, path: path))
                    == Self.summary(Self.reference(method: method, path: path)), "\(method) \(path)")
        }
    }

    @Test("more literal segments win across shapes; the first declared wins a tie")
    func priorities() {
        let router = RESTRouter(endpoints: Self.endpoints)
        #expect(Self.summary(router.route(method: "GET", path: "/a/b/c")) == "0 GET /a/{x}/c x=b")
        #expect(Self.summary(router.route(method: "GET", path: "/users/me")) == "11 GET /users/me ")
        #expect(Self.summary(router.route(method: "GET", path: "/users/you")) == "9 GET /users/{id} id=you")
        #expect(Self.summary(router.route(method: "DELETE", path: "/a/b/c")) == "3 DELETE /{p}/b/c p=a")
    }

    @Test("a path no endpoint serves with this method is 405 with every shape's methods in declaration order")
    func allowAcrossShapes() {
        let router = RESTRouter(endpoints: Self.endpoints)
        #expect(Self.summary(router.route(method: "PATCH", path: "/a/b/c")) == "405 GET,DELETE,POST,PUT")
        #expect(Self.summary(router.route(method: "POST", path: "/users/me")) == "405 GET,PATCH")
    }

    @Test("parameters are percent-decoded; literals compare as received; trailing slashes match nothing")
    func encoding() {
        let router = RESTRouter(endpoints: Self.endpoints)
        #expect(Self.summary(router.route(method: "GET", path: "/users/m%65")) == "9 GET /users/{id} id=me")
        #expect(Self.summary(router.route(method: "GET", path: "/users/a%2Fb")) == "9 GET /users/{id} id=a/b")
        #expect(Self.summary(router.route(method: "GET", path: "/us%65rs")) == "405 DELETE")
        #expect(Self.summary(router.route(method: "GET", path: "/users/")) == "404")
        #expect(Self.summary(router.route(method: "GET", path: "/a//c")) == "404")
    }

    @Test("a router without endpoints finds nothing, not even the root")
    func empty() {
        let router = RESTRouter(endpoints: [])
        #expect(Self.summary(router.route(method: "GET", path: "/")) == "404")
        #expect(Self.summary(router.route(method: "GET", path: "/a")) == "404")
    }
}
