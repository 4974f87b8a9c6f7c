import TreatyCore

/// Matches request paths against a contract's endpoints.
///
/// The endpoints' path templates are compiled once into a trie of segments
/// (``RESTRouter/Trie``), which a request's path walks byte by byte: no segment is copied or
/// percent-decoded while matching, and only the chosen endpoint's parameter values become
/// strings (percent-decoded when they hold a `%`). Literal segments compare as received, so
/// `/us%65rs` is not `/users`; a parameter matches any non-empty segment; a trailing slash or an
/// empty segment matches nothing.
///
/// Of the endpoints whose templates match the path, the one with the request's method and the
/// most literal segments wins, the first declared on a tie; when none has the method, the
/// methods of those that match are the answer's `Allow`, in declaration order.
struct RESTRouter: Sendable {
    /// A matched endpoint and its path parameter values (percent-decoded).
    struct Match {
        /// The endpoint's position in ``RESTRouter/endpoints``: a match carries no copy of it.
        let index: Int
        let parameters: Parameters
    }

    /// The path parameter values of a match, by name.
    struct Parameters {
        let names: [String]
        let values: [String]

        /// The value of parameter `name`, if the template has one.
        subscript(name: String) -> String? {
            for index in names.indices where names[index] == name { return values[index] }
            return nil
        }
    }

    /// What matching a request found.
    enum Outcome {
        case matched(Match)
        /// The path exists, but not for this method; the methods that do serve it.
        case methodNotAllowed([String])
        case notFound
    }

    let endpoints: [Endpoint]
    private let trie: Trie
    /// Each endpoint's method, so matching never copies an endpoint.
    private let methods: [String]
    /// How many literal segments each endpoint's path has (more literals win a tie).
    private let literalCounts: [Int]
    /// Each endpoint's parameter names and the segment positions that hold them.
    private let parameterNames: [[String]]
    private let parameterPositions: [[Int]]

    init(endpoints: [Endpoint]) {
        self.endpoints = endpoints
        trie = Trie(templates: endpoints.map(\.path))
        methods = endpoints.map(\.method)
        var literalCounts: [Int] = []
        var parameterNames: [[String]] = []
        var parameterPositions: [[Int]] = []
        for endpoint in endpoints {
            var literals = 0
            var names: [String] = []
            var positions: [Int] = []
            for (position, segment) in endpoint.path.segments.enumerated() {
                switch segment {
                case .literal: literals += 1
                case .parameter(let name):
                    names.append(name)
                    positions.append(position)
                }
            }
            literalCounts.append(literals)
            parameterNames.append(names)
            parameterPositions.append(positions)
        }
        self.literalCounts = literalCounts
        self.parameterNames = parameterNames
        self.parameterPositions = parameterPositions
    }

    /// Routes `method` and `path` (the request target without its query).
    func route(method: String, path: String) -> Outcome {
        var path = path
        return path.withUTF8 { bytes in route(method: method, bytes: bytes) }
    }

    private func route(method: String, bytes: UnsafeBufferPointer<UInt8>) -> Outcome {
        var found = Trie.Found()
        trie.walk(bytes, into: &found)
        guard let first = found.first else { return .notFound }
        // The most literals win, the first declared on a tie: the same whichever order the
        // nodes were reached in.
        var best = -1
        func consider(_ nodes: some Sequence<Int>) {
            for node in nodes {
                for index in trie.endpoints(at: node) where methods[index] == method {
                    if best < 0 || literalCounts[index] > literalCounts[best]
                        || (literalCounts[index] == literalCounts[best] && index < best)
                    {
                        best = index
                    }
                }
            }
        }
        consider(CollectionOfOne(first))
        consider(found.others)
        guard best >= 0 else { return .methodNotAllowed(allowed(at: first, found.others)) }
        return .matched(
            Match(
                index: best,
                parameters: Parameters(
                    names: parameterNames[best], values: Self.values(in: bytes, at: parameterPositions[best]))))
    }

    /// The methods of the endpoints ending at the nodes a path reached, in declaration order.
    private func allowed(at first: Int, _ others: [Int]) -> [String] {
        var indices = Array(trie.endpoints(at: first))
        for node in others { indices.append(contentsOf: trie.endpoints(at: node)) }
        var allowed: [String] = []
        for index in indices.sorted() where !allowed.contains(methods[index]) { allowed.append(methods[index]) }
        return allowed
    }

    /// The segments of `bytes` (a path that matched) at `positions`, percent-decoded.
    private static func values(in bytes: UnsafeBufferPointer<UInt8>, at positions: [Int]) -> [String] {
        guard !positions.isEmpty else { return [] }
        var values: [String] = []
        values.reserveCapacity(positions.count)
        var next = 0
        var position = 0
        var start = 1
        while start <= bytes.count, next < positions.count {
            var end = start
            var escaped = false
            while end < bytes.count, bytes[end] != UInt8(ascii: "/") {
                if bytes[end] == UInt8(ascii: "%") { escaped = true }
                end += 1
            }
            if position == positions[next] {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                values.append(escaped ? PercentDecoding.decode(text) : text)
                next += 1
            }
            position += 1
            start = end + 1
        }
        return values
    }
}
