extension PocketBaseCollection {
    /// The collection as PocketBase saves it: the `id` primary key first, the auth system
    /// fields and their unique indexes on auth collections, system flags forced on them.
    ///
    /// PocketBase does this on every save, so an export that lacks them still loads.
    func normalized() -> PocketBaseCollection {
        var copy = self
        guard type != .view else { return copy }
        if let index = copy.fields.firstIndex(where: { $0.name == "id" && $0.type == .text }),
            case .text(var options) = copy.fields[index].options
        {
            options.primaryKey = true
            if options.pattern.isEmpty { options.pattern = "^[a-z0-9]+$" }
            copy.fields[index].options = .text(options)
            copy.fields[index].system = true
            copy.fields[index].required = true
            copy.fields[index].hidden = false
        } else {
            copy.fields.insert(.recordID, at: 0)
        }
        guard type == .auth else { return copy }
        let systemFields: [PocketBaseField] = [
            .authPassword, .authTokenKey, .authEmail, .authEmailVisibility, .authVerified,
        ]
        for system in systemFields {
            if let index = copy.fields.firstIndex(where: { $0.name == system.name && $0.type == system.type }) {
                copy.fields[index].system = true
                if system.name == "password" || system.name == "tokenKey" {
                    copy.fields[index].hidden = true
                    copy.fields[index].required = true
                }
                if system.name == "email" { copy.fields[index].hidden = false }
            } else {
                copy.fields.append(system)
            }
        }
        let defaults = Self.authIndexes(id: id, name: name)
        for (column, statement) in zip(["tokenKey", "email"], defaults) where !copy.hasUniqueIndex(on: column) {
            copy.indexes.append(statement)
        }
        return copy
    }

    /// Whether an index statement makes `column` alone unique.
    private func hasUniqueIndex(on column: String) -> Bool {
        indexes.contains { statement in
            let upper = statement.uppercased()
            guard upper.hasPrefix("CREATE UNIQUE INDEX"), let open = statement.firstIndex(of: "("),
                let close = statement[open...].firstIndex(of: ")")
            else { return false }
            let columns = statement[statement.index(after: open)..<close].split(separator: ",")
            guard columns.count == 1 else { return false }
            let name = columns[0].split(separator: " ").first.map { $0.trimmingCharacters(in: ["`", "\"", "[", "]"]) }
            return name == column
        }
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: Set<Character>) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
