import Foundation
import HTTPTypes
import TreatyCore
import TreatyDialect
import TreatyJSON

/// Fills a ``TreatyCore/StubAnswer``'s placeholders (`{{path.id}}`, `{{query.page}}`,
/// `{{header.x-request-id}}`, `{{body./title}}`) from the request.
struct StubTemplate {
    let request: StubRequest
    let pathValues: [String: String]

    func render(_ answer: StubAnswer) -> DialectResponse {
        var headers = HTTPFields()
        for header in answer.headers {
            guard let name = HTTPField.Name(header.name) else { continue }
            headers.append(HTTPField(name: name, value: text(header.value)))
        }
        guard let body = answer.body else {
            return DialectResponse(status: HTTPResponse.Status(code: answer.status), headers: headers)
        }
        // A string body of a non-JSON answer (`content-type: text/plain`) goes out as its text.
        if let contentType = headers[.contentType], !contentType.lowercased().contains("json"),
            case .string(let raw) = body
        {
            return DialectResponse(
                status: HTTPResponse.Status(code: answer.status), headers: headers, body: Array(text(raw).utf8))
        }
        if headers[.contentType] == nil { headers[.contentType] = "application/json" }
        return DialectResponse(
            status: HTTPResponse.Status(code: answer.status), headers: headers, body: value(body).serializedBytes())
    }

    /// `value` with every string's placeholders filled; a string that is one placeholder alone
    /// becomes the value it names, keeping its JSON type.
    private func value(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text):
            if let name = Self.sole(text) { return lookup(name) ?? .null }
            return .string(self.text(text))
        case .array(let items):
            return .array(items.map(self.value))
        case .object(let object):
            return .object(
                JSONObject(object.members.map { JSONObject.Member(key: $0.key, value: self.value($0.value)) }))
        default:
            return value
        }
    }

    /// `text` with each placeholder replaced by its value's text (empty when absent).
    private func text(_ text: String) -> String {
        guard text.contains("{{") else { return text }
        var result = ""
        var rest = text[...]
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            result += rest[..<open.lowerBound]
            let name = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            switch lookup(name) {
            case .string(let value)?: result += value
            case let value?: result += value.serialized()
            case nil: break
            }
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    /// The placeholder name when `text` is exactly one placeholder.
    private static func sole(_ text: String) -> String? {
        guard text.hasPrefix("{{"), text.hasSuffix("}}"), text.count > 4 else { return nil }
        let inner = text.dropFirst(2).dropLast(2)
        guard !inner.contains("{{"), !inner.contains("}}") else { return nil }
        return inner.trimmingCharacters(in: .whitespaces)
    }

    private func lookup(_ name: String) -> JSONValue? {
        let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return nil }
        switch parts[0] {
        case "path": return pathValues[parts[1]].map { .string(PercentDecoding.decode($0)) }
        case "query": return request.request.queryValue(parts[1]).map(JSONValue.string)
        case "header": return HTTPField.Name(parts[1]).flatMap { request.request.headers[$0] }.map(JSONValue.string)
        case "body":
            guard let json = request.json, let pointer = try? JSONPointer(parsing: parts[1]) else { return nil }
            return pointer.resolve(in: json)
        default: return nil
        }
    }
}
