extension HTTPClientError {
    /// The family of an ``HTTPClientError``, without its payload.
    ///
    /// Use it to branch on what happened when the payload doesn't matter:
    ///
    /// ```swift
    /// catch let error as HTTPClientError where error.kind == .tlsFailure { … }
    /// ```
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        private let name: String

        private init(_ name: String) {
            self.name = name
        }

        /// See ``HTTPClientError/invalidURL``.
        public static let invalidURL = Self("invalidURL")
        /// See ``HTTPClientError/couldNotResolveHost``.
        public static let couldNotResolveHost = Self("couldNotResolveHost")
        /// See ``HTTPClientError/couldNotConnect``.
        public static let couldNotConnect = Self("couldNotConnect")
        /// See ``HTTPClientError/timedOut``.
        public static let timedOut = Self("timedOut")
        /// See ``HTTPClientError/tlsFailure(detail:)``.
        public static let tlsFailure = Self("tlsFailure")
        /// See ``HTTPClientError/responseTooLarge(limit:)``.
        public static let responseTooLarge = Self("responseTooLarge")
        /// See ``HTTPClientError/shutDown``.
        public static let shutDown = Self("shutDown")
        /// See ``HTTPClientError/cancelled``.
        public static let cancelled = Self("cancelled")
        /// See ``HTTPClientError/transport(code:message:)``.
        public static let transport = Self("transport")
        /// See ``HTTPClientError/invalidConfiguration(_:)``.
        public static let invalidConfiguration = Self("invalidConfiguration")

        /// The kind's name, such as `timedOut`.
        public var description: String { name }
    }

    /// The family of this error, such as ``Kind/timedOut``.
    public var kind: Kind {
        switch base {
        case .invalidURL: .invalidURL
        case .couldNotResolveHost: .couldNotResolveHost
        case .couldNotConnect: .couldNotConnect
        case .timedOut: .timedOut
        case .tlsFailure: .tlsFailure
        case .responseTooLarge: .responseTooLarge
        case .shutDown: .shutDown
        case .cancelled: .cancelled
        case .transport: .transport
        case .invalidConfiguration: .invalidConfiguration
        }
    }
}
