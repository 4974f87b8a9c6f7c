import HTTPTypes
import Testing

@testable import TreatyHTTP

@Suite struct PreparedRequestTests {
    static func prepare(_ method: HTTPRequest.Method, body: [UInt8]? = nil, fields: HTTPFields = [:]) throws
        -> PreparedRequest
    {
        try PreparedRequest(
            HTTPClientRequest(method: method, url: "http://h/p", headerFields: fields, body: body),
            defaultTimeout: .seconds(30))
    }

    @Test("methods map to libcurl's body modes and custom methods")
    func bodyModes() throws {
        let get = try Self.prepare(.get)
        #expect(get.body == .none)
        #expect(!get.needsCustomMethod)
        let getWithBody = try Self.prepare(.get, body: [1])
        #expect(getWithBody.body == .bytes([1]))
        #expect(getWithBody.needsCustomMethod)
        #expect(try Self.prepare(.post).body == .bytes([]))
        #expect(try !Self.prepare(.post, body: [1]).needsCustomMethod)
        #expect(try Self.prepare(.delete).body == .none)
        #expect(try Self.prepare(.delete).needsCustomMethod)
        #expect(try Self.prepare(.head, body: [1]).body == .head)
        #expect(try Self.prepare(.patch).needsCustomMethod)
    }

    @Test("header lines suppress Expect and the form Content-Type unless given, and send empty values")
    func headerLines() throws {
        #expect(try Self.prepare(.get).headerLines == ["Expect:"])
        #expect(try Self.prepare(.put, body: [1]).headerLines == ["Expect:", "Content-Type:"])
        let given = try Self.prepare(
            .put, body: [1], fields: [.contentType: "text/plain", .expect: "100-continue", .accept: ""])
        #expect(given.headerLines == ["Content-Type: text/plain", "Expect: 100-continue", "Accept;"])
    }

    @Test("the request's timeout overrides the default")
    func timeout() throws {
        #expect(try Self.prepare(.get).timeout == .seconds(30))
        let request = HTTPClientRequest(method: .get, url: "https://h", timeout: .milliseconds(5))
        #expect(try PreparedRequest(request, defaultTimeout: .seconds(30)).timeout == .milliseconds(5))
    }
}
