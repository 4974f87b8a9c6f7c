internal import TreatyCore
internal import TreatyJSON

extension OpenAPIDrafting {
    /// The field line of `property`, or `nil` when it cannot be carried (a warning says why).
    mutating func fieldLine(_ property: Property, of candidate: Candidate) -> DraftContract.Line? {
        let facts = reader.facts(of: property.node, at: property.pointer)
        let keys = Set(candidate.properties.map(\.key) + [candidate.identity.key])
        let required = candidate.required.contains(property.key)
        var note: String?
        var line: DraftContract.Line
        switch facts.shape {
        case .unreadable(let reason):
            warn(
                "reference", "property '\(property.key)' of '\(candidate.component)' uses \(reason); left out",
                at: property.node, pointer: property.pointer)
            skipped += 1
            return nil
        case .unsupported(let reason):
            warn(
                "openapi-construct",
                "property '\(property.key)' of '\(candidate.component)' is \(reason), which no contract field expresses; imported as json",
                at: property.node, pointer: property.pointer,
                fix: "declare a concrete type in the contract once you know it")
            line = attribute(property.key, type: .json, facts: facts, required: required)
            note = "\(reason) in OpenAPI; kept as json"
        case .reference(let component), .references(let component):
            let many = facts.shape == .references(component)
            if let target = self.candidate(forComponent: component),
                !keys.contains(foreignKey(of: property.key, many: many))
            {
                line = relation(
                    property.key, to: target.name, many: many, nested: true, key: nil,
                    required: required && !facts.nullable)
            } else {
                line = attribute(property.key, type: .json, facts: facts, required: required)
            }
        case .scalar(let type):
            if let relationLine = foreignKeyRelation(
                property, type: type, keys: keys, required: required && !facts.nullable)
            {
                line = relationLine
            } else {
                line = attribute(property.key, type: type, facts: facts, required: required)
                let words = NamingConvention.words(of: property.key)
                if words.count > 1, words.last == "id" || words.last == "ids" {
                    note =
                        "it looks like an id, but OpenAPI cannot say of which resource; make it a relation ('to:') if it is one"
                }
            }
        case .json:
            line = attribute(property.key, type: .json, facts: facts, required: required)
        }
        if facts.ignoredEnum { note = "its enum of non-string values is not carried" }
        if facts.readOnly, note == nil { note = "readOnly: the server sets it; check that clients may not" }
        line.note = note
        return line
    }

    /// A foreign-key relation for `<name>_id` (`<name>Id`) or `<name>_ids` keys naming a resource.
    private func foreignKeyRelation(_ property: Property, type: FieldType, keys: Set<String>, required: Bool)
        -> DraftContract.Line?
    {
        var words = NamingConvention.words(of: property.key)
        guard words.count > 1, let last = words.popLast() else { return nil }
        let declaredTarget = property.node[member: "x-treaty-to"]?.text.flatMap { name in
            candidates.first { $0.name == name }
        }
        let declaredName = property.node[member: "x-treaty-relation"]?.text
        let many: Bool
        switch (last, type) {
        case ("id", .string), ("id", .uuid), ("id", .int): many = false
        case ("ids", .stringList): many = true
        default: return nil
        }
        guard
            let target = declaredTarget ?? candidate(named: words)
                ?? candidate(named: words.dropLast() + [Inflection.singular(words.last ?? "")])
        else {
            return nil
        }
        let name =
            declaredName
            ?? (naming == .camelCase ? NamingConvention.camelCase.key(fromWords: words) : words.joined(separator: "_"))
        guard !keys.contains(name) else { return nil }
        let derived = foreignKey(of: name, many: many)
        return relation(
            name, to: target.name, many: many, nested: false, key: derived == property.key ? nil : property.key,
            required: required)
    }

    /// The key a relation named `name` travels under in the contract's convention.
    func foreignKey(of name: String, many: Bool) -> String {
        var words = NamingConvention.words(of: name)
        if many, let last = words.popLast() { words.append(Inflection.singular(last)) }
        words.append(many ? "ids" : "id")
        return naming.key(fromWords: words)
    }

    private func relation(_ name: String, to target: String, many: Bool, nested: Bool, key: String?, required: Bool)
        -> DraftContract.Line
    {
        var pairs = ["to: \(DraftContract.key(target))"]
        if many { pairs.append("many: true") }
        if nested { pairs.append("shape: nested") }
        if let key { pairs.append("key: \(DraftContract.scalar(key))") }
        if required, !many { pairs.append("required: true") }
        if !required { pairs.append("emit: when_set") }
        return DraftContract.Line(key: name, value: "{ " + pairs.joined(separator: ", ") + " }")
    }

    private func attribute(_ key: String, type: FieldType, facts: OpenAPISchemaFacts, required: Bool)
        -> DraftContract.Line
    {
        var pairs = ["type: \(DraftContract.scalar(type.rawValue))"]
        if required, !facts.nullable { pairs.append("required: true") }
        if facts.nullable { pairs.append("nullable: true") }
        if !required { pairs.append("emit: when_set") }
        if type == .string {
            if let allowed = facts.allowed { pairs.append("enum: \(DraftContract.list(allowed))") }
            if let minLength = facts.minLength { pairs.append("min_length: \(minLength)") }
            if let maxLength = facts.maxLength { pairs.append("max_length: \(maxLength)") }
        }
        if type == .int || type == .number {
            if let minimum = facts.minimum { pairs.append("minimum: \(Self.number(minimum))") }
            if let maximum = facts.maximum { pairs.append("maximum: \(Self.number(maximum))") }
        }
        return DraftContract.Line(key: key, value: "{ " + pairs.joined(separator: ", ") + " }")
    }

    private static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
