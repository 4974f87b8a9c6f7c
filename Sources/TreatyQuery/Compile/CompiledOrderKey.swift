/// A compiled ``OrderKey``: its path resolved through forward relations.
struct CompiledOrderKey: Sendable {
    enum Source: Sendable {
        case value(steps: [RelationStep], access: ValueAccess, kind: ScalarKind)
        case insertion
        case random(seed: UInt64)
    }

    let source: Source
    let key: OrderKey
    /// The query's join whose chosen record supplies the value (see ``OrderKey/join``).
    let join: Int?

    init(_ key: OrderKey, compiler: Compiler, resource: ResourceSchema) throws(QueryError) {
        self.key = key
        var join: Int?
        switch key.key {
        case .insertionOrder: source = .insertion
        case .random(let seed): source = .random(seed: seed)
        case .path(let path):
            var current = resource
            var steps: [RelationStep] = []
            for name in path.components.dropLast() {
                let step = try compiler.step(for: Link(name, where: .true), from: current)
                steps.append(step)
                current = try compiler.schema.resource(step.target)
            }
            var last = path
            last.components = path.components.last.map { [$0] } ?? []
            let (access, kind, shape) = try compiler.resolve(last, in: current)
            guard shape == .scalar else {
                throw QueryError(.unsupported, "cannot order by '\(path)': it holds several values")
            }
            source = .value(steps: steps, access: access, kind: kind)
            if let name = key.join, let index = compiler.joins.firstIndex(where: { $0.name == name }),
                case .relation(let step) = compiler.joins[index].source, step == steps.last
            {
                join = index
            }
        }
        self.join = join
    }
}
