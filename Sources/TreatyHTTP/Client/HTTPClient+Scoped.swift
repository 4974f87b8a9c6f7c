public import Logging

/// Runs `body` with a new client and shuts the client down afterwards, whether `body` returns
/// or throws.
///
/// ```swift
/// let status = try await withHTTPClient(configuration: configuration, logger: logger) { client in
///     try await client.execute(HTTPClientRequest(method: .get, url: url)).status
/// }
/// ```
///
/// - Parameters:
///   - configuration: The client's configuration.
///   - logger: The client's logger.
///   - body: The work to do with the client; it must not keep the client beyond its return.
/// - Returns: What `body` returns.
/// - Throws: What ``HTTPClient/init(configuration:logger:)`` or `body` throws.
public func withHTTPClient<T: Sendable>(
    configuration: HTTPClientConfiguration = .init(),
    logger: Logger,
    _ body: (HTTPClient) async throws -> T
) async throws -> T {
    let client = try HTTPClient(configuration: configuration, logger: logger)
    let result: T
    do {
        result = try await body(client)
    } catch {
        await client.shutdown()
        throw error
    }
    await client.shutdown()
    return result
}
