#if canImport(CCurl)
    internal import HTTPTypes
    internal import Logging

    /// The libcurl transport: one multi handle driven by one dedicated thread
    /// (``TransferEngine``), on which requests from any number of tasks run concurrently.
    final class CurlTransport: HTTPTransport {
        private let engine: TransferEngine
        private let defaultTimeout: Duration

        /// Initialises libcurl once per process and starts the transfer thread.
        ///
        /// - Throws: ``HTTPClientError/transport(code:message:)`` when libcurl cannot start.
        init(configuration: HTTPClientConfiguration, logger: Logger) throws(HTTPClientError) {
            try CurlGlobal.initialize()
            self.defaultTimeout = configuration.requestTimeout
            self.engine = try TransferEngine(settings: TransferSettings(configuration), logger: logger)
        }

        deinit {
            // Without shutdown() the engine thread would idle forever; stop it without waiting.
            engine.requestShutdown()
        }

        var summary: String { "libcurl \(CurlGlobal.version)" }

        func execute(_ request: HTTPClientRequest) async throws -> HTTPClientResponse {
            try await execute(request, streamingWhen: nil)
        }

        func execute(
            _ request: HTTPClientRequest, streamingWhen: (@Sendable (HTTPResponse.Status, HTTPFields) -> HTTPBodySink?)?
        ) async throws -> HTTPClientResponse {
            let prepared = try PreparedRequest(request, defaultTimeout: defaultTimeout)
            let engine = self.engine
            let id = engine.reserveID()
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    engine.submit(
                        TransferJob(
                            id: id, request: prepared, continuation: continuation, streamingWhen: streamingWhen))
                }
            } onCancel: {
                engine.cancel(id)
            }
        }

        func shutdown() async {
            await engine.shutdown()
        }
    }
#endif
