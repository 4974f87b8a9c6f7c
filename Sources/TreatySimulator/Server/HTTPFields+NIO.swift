import HTTPTypes
import NIOHTTP1

extension HTTPFields {
    /// The fields of NIO headers, in order; names that are not valid tokens are dropped (the
    /// NIO parser has already refused most of them).
    init(_ headers: HTTPHeaders) {
        self.init()
        reserveCapacity(headers.count)
        for (name, value) in headers {
            guard let fieldName = HTTPField.Name(name) else { continue }
            append(HTTPField(name: fieldName, value: value))
        }
    }
}

extension HTTPRequest {
    /// The request NIO's decoder read: its method, target and fields; `nil` for a method that
    /// is not a token (llhttp knows none such).
    init?(_ head: HTTPRequestHead) {
        guard let method = HTTPRequest.Method(head.method.rawValue) else { return nil }
        self.init(method: method, scheme: nil, authority: nil, path: head.uri, headerFields: HTTPFields(head.headers))
    }
}
