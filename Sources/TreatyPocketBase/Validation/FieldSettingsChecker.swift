/// Checks one field's settings as its `ValidateSettings` does in PocketBase: the first failing
/// rule of each prop, keyed by the prop (and element index for lists).
struct FieldSettingsChecker {
    var existing: [PocketBaseCollection]

    private static let reservedNames: Set<String> = [
        "null", "true", "false", "_rowid_", "collectionId", "collectionName", "expand",
    ]

    func errors(of field: PocketBaseField) -> [([String], PocketBaseFieldError)] {
        var errors: [([String], PocketBaseFieldError)] = []
        if field.id.count > 100 { errors.append((["id"], .lengthOutOfRange(1, 100))) }
        if let error = nameError(field.name) { errors.append((["name"], error)) }
        if field.help.count > 300 { errors.append((["help"], .lengthOutOfRange(1, 300))) }
        errors += optionErrors(field.options)
        return errors
    }

    private func nameError(_ name: String) -> PocketBaseFieldError? {
        guard !name.isEmpty else { return .required }
        guard name.count <= 100 else { return .lengthOutOfRange(1, 100) }
        guard CollectionValidator.isWord(name) else { return .matchInvalid }
        guard !Self.reservedNames.contains(name) else { return .notInList }
        guard !name.lowercased().contains("_via_") else { return .foundVia }
        return nil
    }

    private func optionErrors(_ options: PocketBaseField.Options) -> [([String], PocketBaseFieldError)] {
        var errors: [([String], PocketBaseFieldError)] = []
        func check(_ key: String, _ error: PocketBaseFieldError?) {
            if let error { errors.append(([key], error)) }
        }
        switch options {
        case .text(let text):
            check("min", text.min < 0 ? .noLessThan(0) : nil)
            check("max", text.max != 0 && text.max < text.min ? .noLessThan(text.min) : nil)
            check("pattern", text.primaryKey && text.pattern.isEmpty ? .required : regexError(text.pattern))
            check("autogeneratePattern", regexError(text.autogeneratePattern))
        case .number(let number):
            check("min", number.onlyInt && !Self.isWhole(number.min) ? .onlyIntConstraint : nil)
            if number.onlyInt && !Self.isWhole(number.max) {
                check("max", .onlyIntConstraint)
            } else if let min = number.min, let max = number.max, max < min {
                check("max", .minNumberConstraint(min))
            }
        case .select(let select):
            check("values", select.values.isEmpty ? .required : nil)
            let limit = max(select.values.count, 1)
            check(
                "maxSelect",
                select.maxSelect < 0 ? .noLessThan(0) : select.maxSelect > limit ? .noGreaterThan(limit) : nil)
        case .relation(let relation):
            check("collectionId", collectionIDError(relation.collectionId))
            check("minSelect", relation.minSelect < 0 ? .noLessThan(0) : nil)
            if relation.minSelect > 0 && relation.maxSelect == 0 {
                check("maxSelect", .required)
            } else if relation.maxSelect != 0 && relation.maxSelect < relation.minSelect {
                check("maxSelect", .noLessThan(relation.minSelect))
            }
        case .password(let password):
            check("min", password.min < 0 ? .noLessThan(1) : password.min > 71 ? .noGreaterThan(71) : nil)
            check(
                "max",
                password.max == 0
                    ? nil
                    : password.max < password.min
                        ? .noLessThan(password.min) : password.max > 71 ? .noGreaterThan(71) : nil)
            check(
                "cost",
                password.cost == 0
                    ? nil : password.cost < 4 ? .noLessThan(4) : password.cost > 31 ? .noGreaterThan(31) : nil)
            check("pattern", regexError(password.pattern))
        case .file(let file):
            check("maxSelect", file.maxSelect < 0 ? .noLessThan(0) : nil)
            check("maxSize", file.maxSize < 0 ? .noLessThan(0) : nil)
            for (index, thumb) in file.thumbs.enumerated() where !Self.isThumbSize(thumb) {
                errors.append((["thumbs", String(index)], .matchInvalid))
            }
        case .email(let domains), .url(let domains):
            errors += domainErrors(domains)
        case .autodate(let autodate):
            if !autodate.onCreate && !autodate.onUpdate {
                errors += [(["onCreate"], .eitherAutodate), (["onUpdate"], .eitherAutodate)]
            }
        case .json(let json):
            check("maxSize", json.maxSize < 0 ? .noLessThan(0) : nil)
        case .editor(let editor):
            check("maxSize", editor.maxSize < 0 ? .noLessThan(0) : nil)
        case .bool, .date, .geoPoint:
            break
        }
        return errors
    }

    private func collectionIDError(_ id: String) -> PocketBaseFieldError? {
        guard !id.isEmpty else { return .required }
        return existing.contains(where: { $0.id == id }) ? nil : .missingRelationCollection
    }

    private func domainErrors(_ domains: PocketBaseField.DomainOptions) -> [([String], PocketBaseFieldError)] {
        if !domains.exceptDomains.isEmpty && !domains.onlyDomains.isEmpty {
            return [(["exceptDomains"], .mustBeEmpty), (["onlyDomains"], .mustBeEmpty)]
        }
        var errors: [([String], PocketBaseFieldError)] = []
        for (key, list) in [("exceptDomains", domains.exceptDomains), ("onlyDomains", domains.onlyDomains)] {
            for (index, domain) in list.enumerated() where !TextFormats.isDomain(domain) {
                errors.append(([key, String(index)], .isDomain))
            }
        }
        return errors
    }

    /// `nil` when `pattern` is empty or compiles; PocketBase's message quotes Go's regexp
    /// error, which is not reproduced.
    private func regexError(_ pattern: String) -> PocketBaseFieldError? {
        guard !pattern.isEmpty else { return nil }
        return (try? Regex(pattern)) == nil ? .invalidRegex : nil
    }

    private static func isWhole(_ value: Double?) -> Bool {
        guard let value else { return true }
        return value.rounded(.towardZero) == value
    }

    /// `WxH` with an optional `t`, `b` or `f`, and not all zero.
    private static func isThumbSize(_ text: String) -> Bool {
        var body = Substring(text)
        if let last = body.last, "tbf".contains(last) { body = body.dropLast() }
        let sides = body.split(separator: "x", omittingEmptySubsequences: false)
        guard sides.count == 2,
            sides.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isWholeNumber) && $0.allSatisfy(\.isASCII) })
        else {
            return false
        }
        return !(Int(sides[0]) == 0 && Int(sides[1]) == 0)
    }
}
