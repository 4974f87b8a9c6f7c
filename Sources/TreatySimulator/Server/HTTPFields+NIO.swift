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

extension HTTPHeaders {
    /// NIO headers holding `fields`, in order.
    init(_ fields: HTTPFields) {
        self.init()
        reserveCapacity(fields.count + 2)
        for field in fields {
            add(name: field.name.rawName, value: field.value)
        }
    }
}
