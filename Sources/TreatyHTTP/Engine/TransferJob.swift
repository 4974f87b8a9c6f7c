#if canImport(CCurl)
    internal import HTTPTypes

    /// A request handed to the engine thread, with the continuation its caller awaits.
    struct TransferJob: Sendable {
        let id: UInt64
        let request: PreparedRequest
        let continuation: CheckedContinuation<HTTPClientResponse, any Error>
        /// Decides, once the answer's head is in, whether its body goes to a sink as it arrives
        /// (the continuation then gets the head with an empty body); `nil` buffers it.
        var streamingWhen: (@Sendable (HTTPResponse.Status, HTTPFields) -> HTTPBodySink?)? = nil

        /// Resumes the caller with `base`, adding the request's method and URL as context.
        func fail(_ base: HTTPClientError.Base) {
            continuation.resume(
                throwing: HTTPClientError(base, context: .init(method: request.method, url: request.url)))
        }
    }
#endif
