import TreatyCore

extension RESTRouter {
    /// Path templates compiled into a trie of segments: one node per distinct sequence of
    /// literals and parameters, so templates that differ only in their parameters' names share
    /// a node, and a path reaches every node whose templates it matches in one walk.
    ///
    /// Flat arrays of plain integers and bytes, so walking it retains nothing.
    struct Trie: Sendable {
        /// A node: its literal edges `edges[firstEdge..<firstEdge + edgeCount]`, its parameter
        /// child (-1 for none), and the endpoints ending here
        /// `terminals[firstTerminal..<firstTerminal + terminalCount]`, in declaration order.
        private struct Node {
            var firstEdge = 0
            var edgeCount = 0
            var parameter = -1
            var firstTerminal = 0
            var terminalCount = 0
        }

        /// A literal edge: the segment `text[start..<start + count]` leads to node `child`.
        private struct Edge {
            let start: Int
            let count: Int
            let child: Int
        }

        /// The nodes a path reached: usually one; several when templates of different shapes
        /// match it (`/a/{x}` and `/{y}/b` both match `/a/b`).
        struct Found {
            var first: Int?
            var others: [Int] = []

            mutating func add(_ node: Int) {
                if first == nil { first = node } else { others.append(node) }
            }
        }

        private let nodes: [Node]
        private let edges: [Edge]
        private let text: [UInt8]
        private let terminals: [Int]

        /// Compiles `templates`; a node's terminals are the indices of the templates ending there.
        init(templates: [PathTemplate]) {
            var builder = Builder()
            for (index, template) in templates.enumerated() { builder.insert(template, as: index) }
            var nodes: [Node] = []
            var edges: [Edge] = []
            var text: [UInt8] = []
            var terminals: [Int] = []
            for draft in builder.nodes {
                var node = Node(parameter: draft.parameter ?? -1)
                node.firstEdge = edges.count
                node.edgeCount = draft.literals.count
                for (literal, child) in draft.literals {
                    edges.append(Edge(start: text.count, count: literal.count, child: child))
                    text.append(contentsOf: literal)
                }
                node.firstTerminal = terminals.count
                node.terminalCount = draft.terminals.count
                terminals.append(contentsOf: draft.terminals)
                nodes.append(node)
            }
            self.nodes = nodes
            self.edges = edges
            self.text = text
            self.terminals = terminals
        }

        /// The indices of the templates ending at `node`, in declaration order.
        func endpoints(at node: Int) -> ArraySlice<Int> {
            let node = nodes[node]
            return terminals[node.firstTerminal..<node.firstTerminal + node.terminalCount]
        }

        /// Adds to `found` every node with terminals whose templates match `path` (without query).
        func walk(_ path: UnsafeBufferPointer<UInt8>, into found: inout Found) {
            guard path.first == UInt8(ascii: "/") else { return }
            guard path.count > 1 else {
                // `/` alone: the template without segments.
                if nodes[0].terminalCount > 0 { found.add(0) }
                return
            }
            text.withUnsafeBufferPointer { text in
                walk(path, from: 1, at: 0, text: text, into: &found)
            }
        }

        /// Matches the segment of `path` starting at `start` (and those after it) from `node`.
        private func walk(
            _ path: UnsafeBufferPointer<UInt8>, from start: Int, at node: Int, text: UnsafeBufferPointer<UInt8>,
            into found: inout Found
        ) {
            var end = start
            while end < path.count, path[end] != UInt8(ascii: "/") { end += 1 }
            let length = end - start
            let last = end == path.count
            let current = nodes[node]
            func reach(_ child: Int) {
                if !last {
                    walk(path, from: end + 1, at: child, text: text, into: &found)
                } else if nodes[child].terminalCount > 0 {
                    found.add(child)
                }
            }
            for edge in edges[current.firstEdge..<current.firstEdge + current.edgeCount] where edge.count == length {
                var offset = 0
                while offset < length, text[edge.start + offset] == path[start + offset] { offset += 1 }
                if offset == length { reach(edge.child) }
            }
            if current.parameter >= 0, length > 0 { reach(current.parameter) }
        }
    }

    /// A trie under construction: nodes with their literal edges by text.
    private struct Builder {
        struct Draft {
            var literals: [(text: [UInt8], child: Int)] = []
            var parameter: Int?
            var terminals: [Int] = []
        }

        /// The root is node 0.
        var nodes = [Draft()]

        mutating func insert(_ template: PathTemplate, as index: Int) {
            var node = 0
            for segment in template.segments {
                switch segment {
                case .literal(let literal):
                    let text = Array(literal.utf8)
                    if let edge = nodes[node].literals.first(where: { $0.text == text }) {
                        node = edge.child
                    } else {
                        nodes.append(Draft())
                        nodes[node].literals.append((text, nodes.count - 1))
                        node = nodes.count - 1
                    }
                case .parameter:
                    if let child = nodes[node].parameter {
                        node = child
                    } else {
                        nodes.append(Draft())
                        nodes[node].parameter = nodes.count - 1
                        node = nodes.count - 1
                    }
                }
            }
            nodes[node].terminals.append(index)
        }
    }
}
