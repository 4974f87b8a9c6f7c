internal import HTTPTypes
internal import TreatyCore
internal import TreatyJSON

extension MutationAnatomy {
    /// The mutants of records' shape: keys dropped or re-cased, null and empty swapped, values
    /// of another type or format, relationship shapes swapped.
    func recordMutants() -> [Mutant] {
        recordRoutesByResource.flatMap { resource, routes in
            var fields: [AnatomyField] = []
            for field in routes.flatMap(\.fieldKeys) where !fields.contains(field) { fields.append(field) }
            return keyMutants(resource, fields, routes) + valueMutants(resource, fields, routes)
        }
    }

    private func keyMutants(_ resource: String, _ fields: [AnatomyField], _ routes: [AnswerRoute]) -> [Mutant] {
        var mutants: [Mutant] = []
        for field in fields {
            let key = field.key
            mutants.append(
                answerMutant(.dropKey, "\(resource).\(key)", "leaves `\(key)` out of \(resource) records", routes: routes) {
                    route, answer in route.mappingFields(answer) { $0.removing(key) }
                })
            let recased = Self.recased(key)
            if recased != key {
                mutants.append(
                    answerMutant(
                        .recaseKey, "\(resource).\(key)", "sends `\(key)` of \(resource) records as `\(recased)`",
                        routes: routes
                    ) { route, answer in route.mappingFields(answer) { $0.renaming(key, to: recased) } })
            }
            if let renamed = Self.renamed(field), renamed != key {
                mutants.append(
                    answerMutant(
                        .keyRenamed, "\(resource).\(key)", "sends `\(key)` of \(resource) records as `\(renamed)`",
                        routes: routes
                    ) { route, answer in route.mappingFields(answer) { $0.renaming(key, to: renamed) } })
            }
            if field.kind == .reference {
                mutants.append(
                    answerMutant(
                        .referenceExpanded, "\(resource).\(key)",
                        "sends `\(key)` of \(resource) records as an object holding the id", routes: routes
                    ) { route, answer in
                        route.mappingFieldValues(answer) { member, value in
                            member == key && value.stringValue != nil ? .object(["id": value]) : value
                        }
                    })
            }
            if field.kind == .references {
                mutants.append(
                    answerMutant(
                        .listAsSingle, "\(resource).\(key)", "sends `\(key)` of \(resource) records as its first id alone",
                        routes: routes
                    ) { route, answer in
                        route.mappingFieldValues(answer) { member, value in
                            guard member == key, let items = value.arrayValue else { return value }
                            return items.first ?? .null
                        }
                    })
            }
        }
        return mutants
    }

    private func valueMutants(_ resource: String, _ fields: [AnatomyField], _ routes: [AnswerRoute]) -> [Mutant] {
        func keys(_ kind: AnatomyField.Kind) -> Set<String> { Set(fields.filter { $0.kind == kind }.map(\.key)) }
        var mutants = [
            answerMutant(.nullAsMissing, resource, "leaves null values out of \(resource) records", routes: routes) {
                route, answer in
                let valueKey = route.valueKey
                return route.mappingFields(answer) { fields in
                    JSONObject(fields.members.filter { member in
                        let value = valueKey.flatMap { member.value[$0] } ?? member.value
                        return !value.isNull
                    })
                }
            }
        ]
        if !keys(.references).isEmpty {
            mutants.append(
                answerMutant(.emptyAsNull, resource, "sends empty lists of \(resource) records as null", routes: routes) {
                    route, answer in
                    route.mappingFieldValues(answer) { _, value in value.arrayValue?.isEmpty == true ? .null : value }
                })
        }
        let numbers = keys(.number)
        if !numbers.isEmpty {
            mutants.append(
                answerMutant(.numberAsText, resource, "sends numbers of \(resource) records as strings", routes: routes) {
                    route, answer in
                    route.mappingFieldValues(answer) { key, value in
                        guard numbers.contains(key), let number = value.numberValue else { return value }
                        return .string(number.text)
                    }
                })
        }
        let stamps = keys(.timestamp)
        if !stamps.isEmpty {
            mutants.append(
                answerMutant(
                    .timestampWithoutFraction, resource, "sends timestamps of \(resource) records without milliseconds",
                    routes: routes
                ) { route, answer in
                    route.mappingFieldValues(answer) { key, value in
                        guard stamps.contains(key), let text = value.stringValue else { return value }
                        return .string(TimestampShape.withoutFraction(text))
                    }
                })
            mutants.append(
                answerMutant(
                    .timestampWithoutZone, resource, "sends timestamps of \(resource) records without their zone",
                    routes: routes
                ) { route, answer in
                    route.mappingFieldValues(answer) { key, value in
                        guard stamps.contains(key), let text = value.stringValue else { return value }
                        return .string(TimestampShape.withoutZone(text))
                    }
                })
        }
        let identities = keys(.identifier)
        if !identities.isEmpty {
            mutants.append(
                answerMutant(.idReshaped, resource, "sends the ids of \(resource) records in another shape", routes: routes) {
                    route, answer in
                    route.mappingFieldValues(answer) { key, value in
                        identities.contains(key) ? Self.reshaped(value) : value
                    }
                })
        }
        return mutants
    }

    /// `key` in the other letter case: `display_name` as `displayName`, `displayName` as
    /// `display_name`.
    static func recased(_ key: String) -> String {
        let words = NamingConvention.words(of: key)
        guard words.count > 1 else { return key }
        let camel = NamingConvention.camelCase.key(fromWords: words)
        return camel == key ? NamingConvention.snakeCase.key(fromWords: words) : camel
    }

    /// A relation's key without its id suffix (`owner_id` as `owner`, `tag_ids` as `tags`,
    /// `ownerId` as `owner`); `nil` for other keys.
    static func renamed(_ field: AnatomyField) -> String? {
        guard field.kind == .reference || field.kind == .references else { return nil }
        for (suffix, replacement) in [("_ids", "s"), ("Ids", "s"), ("_id", ""), ("Id", "")]
        where field.key.hasSuffix(suffix) && field.key.count > suffix.count {
            return String(field.key.dropLast(suffix.count)) + replacement
        }
        return nil
    }

    /// An id in another shape: text with its letter case flipped (digits-only text as a number),
    /// a number as text.
    static func reshaped(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text):
            let upper = text.uppercased()
            if upper != text { return .string(upper) }
            let lower = text.lowercased()
            if lower != text { return .string(lower) }
            return JSONNumber(text: text).map(JSONValue.number) ?? .string(text + "0")
        case .number(let number):
            return .string(number.text)
        default:
            return value
        }
    }
}

/// Rewrites RFC 3339 timestamp text the way careless serializers do.
enum TimestampShape {
    /// `2025-01-01T09:00:00.123Z` as `2025-01-01T09:00:00Z`.
    static func withoutFraction(_ text: String) -> String {
        guard let dot = text.lastIndex(of: "."), text[..<dot].contains(":") else { return text }
        let rest = text[text.index(after: dot)...].drop { $0.isNumber }
        return String(text[..<dot]) + rest
    }

    /// `2025-01-01T09:00:00.123Z` as `2025-01-01T09:00:00.123`, `…+02:00` without the offset.
    static func withoutZone(_ text: String) -> String {
        if text.hasSuffix("Z") || text.hasSuffix("z") { return String(text.dropLast()) }
        let tail = text.suffix(6)
        guard tail.count == 6, tail.first == "+" || tail.first == "-", tail.dropFirst(3).first == ":",
            text.dropLast(6).contains("T") || text.dropLast(6).contains(" ")
        else { return text }
        return String(text.dropLast(6))
    }
}
