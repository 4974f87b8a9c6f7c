import Foundation
import OpenAPIRuntime

extension Client {
    /// A client of the demo API at `serverURL`, reading its timestamps as the rest-sync dialect
    /// writes them (RFC 3339 with milliseconds, e.g. `2025-01-01T05:00:00.000Z`).
    ///
    /// - Parameters:
    ///   - serverURL: The API's base URL, e.g. the one `treaty serve` prints.
    ///   - transport: The HTTP transport, e.g. `URLSessionTransport()`.
    /// - Returns: The client.
    public static func demo(serverURL: URL, transport: any ClientTransport) -> Client {
        Client(
            serverURL: serverURL, configuration: Configuration(dateTranscoder: .iso8601WithFractionalSeconds),
            transport: transport)
    }
}
