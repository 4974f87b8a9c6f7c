internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialect
internal import TreatyJSON

extension AnswerRoute {
    /// `answer` with the list of records passed through `transform`; unchanged when the answer
    /// holds no list where ``records`` says.
    func mappingRecordList(_ answer: JSONValue, _ transform: ([JSONValue]) -> [JSONValue]) -> JSONValue {
        answer.updating(records[...]) { container in
            guard case .array(let items) = container else { return container }
            return .array(transform(items))
        }
    }

    /// `answer` with each record passed through `transform` (the records of a list, or the one
    /// record).
    func mappingRecords(_ answer: JSONValue, _ transform: (JSONObject) -> JSONObject) -> JSONValue {
        answer.updating(records[...]) { container in
            switch container {
            case .array(let items): .array(items.map { $0.objectValue.map { .object(transform($0)) } ?? $0 })
            case .object(let record): .object(transform(record))
            default: container
            }
        }
    }

    /// `answer` with each record's fields object passed through `transform`.
    func mappingFields(_ answer: JSONValue, _ transform: @escaping (JSONObject) -> JSONObject) -> JSONValue {
        mappingRecords(answer) { record in
            let updated = JSONValue.object(record).updating(fields[...]) { fields in
                fields.objectValue.map { .object(transform($0)) } ?? fields
            }
            return updated.objectValue ?? record
        }
    }

    /// `answer` with each field value (unwrapped from ``valueKey``) passed through `transform`,
    /// which gets the field's key.
    func mappingFieldValues(_ answer: JSONValue, _ transform: @escaping (String, JSONValue) -> JSONValue) -> JSONValue {
        let valueKey = valueKey
        return mappingFields(answer) { fields in
            fields.mappingValues { key, value in
                guard let valueKey else { return transform(key, value) }
                return value.updating([valueKey][...]) { transform(key, $0) }
            }
        }
    }
}

extension DialectResponse {
    /// The response with its JSON body passed through `transform` when its status is `2xx`;
    /// other answers (errors, empty or non-JSON bodies) pass unchanged.
    func mappingSuccessBody(_ transform: (JSONValue) -> JSONValue) -> DialectResponse {
        guard (200..<300).contains(status.code) else { return self }
        return mappingBody(transform)
    }

    /// The response with its JSON body passed through `transform`.
    func mappingBody(_ transform: (JSONValue) -> JSONValue) -> DialectResponse {
        guard stream == nil, !body.isEmpty, let json = try? JSONParser().parse(body) else { return self }
        var copy = self
        copy.body = transform(json).serializedBytes()
        copy.headers[.contentLength] = nil
        return copy
    }
}

extension DialectRequest {
    /// The query string of `items`, percent-encoded, as a client would send it.
    static func queryText(_ items: [QueryItem]) -> String {
        items.map { PercentEncoding.component($0.name) + "=" + PercentEncoding.component($0.value) }
            .joined(separator: "&")
    }

    /// The request with parameter `parameter` removed (a query item, or a body member).
    func removing(_ parameter: QueryParameter) -> DialectRequest {
        var copy = self
        guard let path = parameter.body else {
            copy.query.removeAll { $0.name == parameter.name }
            copy.rawQuery = Self.queryText(copy.query)
            return copy
        }
        guard let json = try? JSONParser().parse(body), let last = path.last else { return self }
        copy.body = json.updating(path.dropLast()) { container in
            container.objectValue.map { .object($0.removing(last)) } ?? container
        }.serializedBytes()
        return copy
    }

    /// The request with parameter `parameter`'s value passed through `transform` (a query item's
    /// text, or a body member's value).
    func updating(_ parameter: QueryParameter, _ transform: (JSONValue) -> JSONValue) -> DialectRequest {
        var copy = self
        guard let path = parameter.body else {
            copy.query = query.map { item in
                guard item.name == parameter.name else { return item }
                let value = JSONNumber(text: item.value).map(JSONValue.number) ?? .string(item.value)
                let changed = transform(value)
                return QueryItem(name: item.name, value: changed.stringValue ?? changed.numberValue?.text ?? item.value)
            }
            copy.rawQuery = Self.queryText(copy.query)
            return copy
        }
        guard let json = try? JSONParser().parse(body) else { return self }
        copy.body = json.updating(path[...], transform).serializedBytes()
        return copy
    }
}
