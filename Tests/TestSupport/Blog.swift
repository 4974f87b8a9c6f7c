public import TreatyJSON
public import TreatyQuery

/// A small blog used across the query tests (TreatyQuery's and the PocketBase filter's): users,
/// posts, tags and comments.
public enum Blog {
    public static let schema = QuerySchema([
        ResourceSchema(
            "users",
            fields: [
                "name": .string, "email": .string, "age": .integer, "score": .float, "verified": .bool,
                "joined": .date, "avatar": .bytes, "nickname": .string,
            ]),
        ResourceSchema(
            "posts",
            fields: [
                "title": .string, "body": .string, "views": .integer, "rating": .float, "published": .date,
                "draft": .bool, "labels": .list(of: .string), "scores": .list(of: .integer),
                "author": .relation(to: "users", many: false), "tags": .relation(to: "tags", many: true),
                "meta": .json, "place": .location, "signature": .bytes,
            ]),
        ResourceSchema("tags", fields: ["name": .string]),
        ResourceSchema(
            "comments",
            fields: [
                "post": .relation(to: "posts", many: false), "user": .relation(to: "users", many: false),
                "text": .string, "created": .date,
            ]),
        ResourceSchema("counters", idField: "key", idKind: .integer, fields: ["value": .integer]),
    ])

    public static let users: [JSONObject] = [
        [
            "id": "u1", "name": "Ava", "email": "ava@example.com", "age": 34, "score": 4.5, "verified": true,
            "joined": "2024-01-15T10:00:00.000Z", "avatar": "AAEC", "nickname": "ace",
        ],
        [
            "id": "u2", "name": "bob", "email": "bob@example.com", "age": 27, "score": 3.25, "verified": false,
            "joined": "2024-06-01T00:00:00.000Z", "avatar": "AAED", "nickname": nil,
        ],
        [
            "id": "u3", "name": "Émile", "email": "emile@example.com", "age": nil, "score": nil, "verified": true,
            "joined": nil, "avatar": nil, "nickname": "",
        ],
    ]

    public static let tags: [JSONObject] = [
        ["id": "t1", "name": "swift"], ["id": "t2", "name": "server"], ["id": "t3", "name": "Linux"],
    ]

    public static let posts: [JSONObject] = [
        [
            "id": "p1", "title": "Async Swift", "body": "Structured concurrency on the server", "views": 120,
            "rating": 4.5, "published": "2025-01-10T08:00:00.000Z", "draft": false, "labels": ["guide", "swift"],
            "scores": [5, 4], "author": "u1", "tags": ["t1", "t2"], "meta": ["lang": "en"], "signature": "AQID",
        ],
        [
            "id": "p2", "title": "about Linux", "body": "Running Swift on Linux servers", "views": 80, "rating": 3.0,
            "published": "2025-02-01T12:30:00.500Z", "draft": false, "labels": ["linux"], "scores": [3],
            "author": "u2", "tags": ["t3"], "meta": ["lang": "fr"], "signature": "AQIE",
        ],
        [
            "id": "p3", "title": "Zebra_crossing 100%", "body": "", "views": 100, "rating": 4.0,
            "published": "2025-03-04T05:06:07.089Z", "draft": true, "labels": [], "scores": [], "author": "u1",
            "tags": [], "meta": nil, "signature": nil,
        ],
        [
            "id": "p4", "title": "", "body": nil, "views": nil, "rating": nil, "published": nil, "draft": nil,
            "labels": nil, "scores": nil, "author": nil, "tags": nil, "meta": 7,
        ],
        [
            "id": "p5", "title": "alpha", "body": "Ünïcödé wörds here", "views": -5, "rating": 0.1,
            "published": "2024-12-31T23:59:59.999Z", "draft": false, "labels": ["swift", "swift"], "scores": [1, 9],
            "author": "u3", "tags": ["t1", "missing"], "meta": ["lang": "en"],
        ],
    ]

    public static let comments: [JSONObject] = [
        ["id": "c1", "post": "p1", "user": "u2", "text": "Great read", "created": "2025-01-11T00:00:00.000Z"],
        ["id": "c2", "post": "p1", "user": "u3", "text": "Thanks!", "created": "2025-01-12T00:00:00.000Z"],
        ["id": "c3", "post": "p2", "user": "u1", "text": "nice", "created": "2025-02-02T00:00:00.000Z"],
    ]

    public static let counters: [JSONObject] = [["key": 2, "value": 20], ["key": 1, "value": 10], ["key": 10, "value": 0]]

    public static func data(indexed: Bool = true) -> InMemoryDataSource {
        InMemoryDataSource(
            schema: schema,
            records: ["users": users, "posts": posts, "tags": tags, "comments": comments, "counters": counters],
            indexed: indexed)
    }

    /// A fixed clock: 2025-03-04T05:06:07.089Z.
    public static let environment = QueryEnvironment(now: 1_741_064_767_089)

    /// The ids a query over posts (or another resource) finds, in order.
    public static func ids(_ query: Query, in data: InMemoryDataSource = data()) throws -> [String] {
        try query.compiled(with: schema).findIDs(in: data, environment: environment).map {
            $0.stringValue ?? $0.description
        }
    }

    /// The ids of posts matching `expr`, in id order.
    public static func posts(_ expr: Expr) throws -> [String] {
        try ids(Query("posts", where: expr))
    }
}
