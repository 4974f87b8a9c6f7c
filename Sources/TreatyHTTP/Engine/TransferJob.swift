#if canImport(CCurl)
    /// A request handed to the engine thread, with the continuation its caller awaits.
    struct TransferJob: Sendable {
        let id: UInt64
        let request: PreparedRequest
        let continuation: CheckedContinuation<HTTPClientResponse, any Error>

        /// Resumes the caller with `base`, adding the request's method and URL as context.
        func fail(_ base: HTTPClientError.Base) {
            continuation.resume(
                throwing: HTTPClientError(base, context: .init(method: request.method, url: request.url)))
        }
    }
#endif
