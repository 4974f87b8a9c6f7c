import HTTPTypes
import NIOCore
import NIOHTTP1
import TreatyDialect

/// Serializes the simulator's answers into HTTP/1.x bytes: the status line, the dialect's
/// fields and the framing in one buffer, the body in the same buffer, so an answer leaves in a
/// single write.
///
/// It replaces NIOHTTP1's `HTTPResponseEncoder` for the simulator and frames as that encoder
/// does: a status that has no body (1xx, 204, 304) carries neither `Content-Length` nor
/// `Transfer-Encoding`; a complete answer carries `Content-Length`; a streamed one is chunked
/// on HTTP/1.1 and delimited by the close on HTTP/1.0; the answer to `HEAD` keeps its framing
/// fields and sends no body. Field names and values need no validation here: they arrive as
/// swift-http-types `HTTPField`s, whose names are checked tokens and whose values have any
/// CR, LF or NUL replaced by a space, so a value taken from a request cannot split an answer.
struct ResponseWriter {
    /// The version answered: the request's.
    let version: HTTPVersion
    /// Whether the answer is to a `HEAD` request (framing fields, no body).
    let isHead: Bool

    /// The bytes of a complete answer.
    ///
    /// - Parameters:
    ///   - response: The dialect's answer; its own `Content-Length` and `Transfer-Encoding` are
    ///     replaced, except that a bodiless answer to `HEAD` keeps the length it declares (a
    ///     forwarded live answer).
    ///   - keepAlive: Whether the connection stays open: `false` adds `Connection: close`; on
    ///     HTTP/1.0 `true` adds `Connection: keep-alive`.
    ///   - allocator: Where the buffer comes from.
    func complete(_ response: DialectResponse, keepAlive: Bool, allocator: ByteBufferAllocator) -> ByteBuffer {
        let sendsBody = !isHead && !response.body.isEmpty
        var buffer = allocator.buffer(capacity: 256 + (sendsBody ? response.body.count : 0))
        writeStatusLine(response.status, into: &buffer)
        let declared = isHead && response.body.isEmpty ? response.headers[.contentLength] : nil
        let connection = connectionValue(keepAlive: keepAlive)
        for field in response.headers where !Self.isFraming(field.name) {
            if connection != nil, field.name == .connection { continue }
            buffer.write(field)
        }
        if Self.mayHaveBody(response.status) {
            buffer.writeStaticString("content-length: ")
            if let declared {
                buffer.writeString(declared)
            } else {
                buffer.writeDecimal(response.body.count)
            }
            buffer.writeStaticString("\r\n")
        }
        if let connection {
            buffer.writeStaticString("connection: ")
            buffer.writeStaticString(connection)
            buffer.writeStaticString("\r\n")
        }
        buffer.writeStaticString("\r\n")
        if sendsBody, Self.mayHaveBody(response.status) { buffer.writeBytes(response.body) }
        return buffer
    }

    /// The head of a streamed answer: chunked on HTTP/1.1 (unless its status has no body).
    func streamHead(_ response: DialectResponse, allocator: ByteBufferAllocator) -> ByteBuffer {
        var buffer = allocator.buffer(capacity: 256)
        writeStatusLine(response.status, into: &buffer)
        for field in response.headers where !Self.isFraming(field.name) {
            buffer.write(field)
        }
        if version.major == 1 && version.minor >= 1 && Self.mayHaveBody(response.status) {
            buffer.writeStaticString("transfer-encoding: chunked\r\n")
        }
        buffer.writeStaticString("\r\n")
        return buffer
    }

    /// Whether a streamed answer with `status` is sent in chunks on the wire (the answer to
    /// `HEAD` says it would be, and sends no body).
    func isChunked(_ status: HTTPResponse.Status) -> Bool {
        !isHead && version.major == 1 && version.minor >= 1 && Self.mayHaveBody(status)
    }

    /// The interim `100 Continue` answer to `Expect: 100-continue`.
    func continueHead(allocator: ByteBufferAllocator) -> ByteBuffer {
        var buffer = allocator.buffer(capacity: 32)
        writeStatusLine(.continue, into: &buffer)
        buffer.writeStaticString("\r\n")
        return buffer
    }

    /// The bytes of one piece of a streamed body: a chunk when `chunked`, else the bytes as
    /// they are; nothing for an empty piece (an empty chunk would end the stream).
    static func bodyPiece(_ bytes: [UInt8], chunked: Bool, into buffer: inout ByteBuffer) {
        guard !bytes.isEmpty else { return }
        guard chunked else {
            buffer.writeBytes(bytes)
            return
        }
        buffer.writeString(String(bytes.count, radix: 16))
        buffer.writeStaticString("\r\n")
        buffer.writeBytes(bytes)
        buffer.writeStaticString("\r\n")
    }

    /// The last chunk of a chunked body.
    static let lastChunk: StaticString = "0\r\n\r\n"

    /// What NIO's servers answer to a request they cannot parse, before closing.
    static func badRequest(allocator: ByteBufferAllocator) -> ByteBuffer {
        var buffer = allocator.buffer(capacity: 80)
        buffer.writeStaticString("HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n")
        return buffer
    }

    private func connectionValue(keepAlive: Bool) -> StaticString? {
        if !keepAlive { return "close" }
        return version.major == 1 && version.minor == 0 ? "keep-alive" : nil
    }

    private func writeStatusLine(_ status: HTTPResponse.Status, into buffer: inout ByteBuffer) {
        if version.major == 1 && version.minor == 0 {
            buffer.writeStaticString("HTTP/1.0 ")
        } else {
            buffer.writeStaticString("HTTP/1.1 ")
        }
        buffer.writeDecimal(status.code)
        buffer.writeStaticString(" ")
        buffer.writeString(status.reasonPhrase)
        buffer.writeStaticString("\r\n")
    }

    /// Whether `status` may carry a body, as NIO's `HTTPResponseStatus.mayHaveResponseBody` says.
    static func mayHaveBody(_ status: HTTPResponse.Status) -> Bool {
        !(100..<200).contains(status.code) && status.code != 204 && status.code != 304
    }

    private static func isFraming(_ name: HTTPField.Name) -> Bool {
        name == .contentLength || name == .transferEncoding
    }
}

extension ByteBuffer {
    /// Writes `value` in decimal, as `String(value)` spells it, without making the string.
    fileprivate mutating func writeDecimal(_ value: Int) {
        guard value >= 0 else {
            writeString(String(value))
            return
        }
        var divisor = 1
        while divisor <= value / 10 { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            writeInteger(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    /// Writes `field` as a header line.
    fileprivate mutating func write(_ field: HTTPField) {
        writeString(field.name.rawName)
        writeStaticString(": ")
        writeString(field.value)
        writeStaticString("\r\n")
    }
}
