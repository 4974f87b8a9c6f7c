public import Logging
public import TreatyCore
public import TreatyDialectKit
internal import TreatyHTTP
internal import TreatySecrets

/// Reads every record of a live backend through its dialect's ``TreatyDialectKit/RecordReader``
/// (`treaty record`).
///
/// ```swift
/// guard let reader = try schema.recordReader(environment: VerificationEnvironment(isLive: true)) else { return }
/// let recording = try await Recorder(logger: logger).record(
///     contract: contract, reader: reader, from: LiveTarget(baseURL: "https://staging.example.com"))
/// ```
///
/// Requests go through TreatyHTTP's client with the target's headers, as a live `treaty verify`
/// run sends them; only reads (and the dialect's login and logout) are sent.
public struct Recorder: Sendable {
    /// The HTTP client's configuration and the secrets to keep out of messages.
    public var configuration: VerifierConfiguration
    let logger: Logger

    /// Creates a recorder.
    ///
    /// - Parameters:
    ///   - configuration: The HTTP client's configuration and the secrets to redact.
    ///   - logger: The HTTP client's logger.
    public init(configuration: VerifierConfiguration = VerifierConfiguration(), logger: Logger) {
        self.configuration = configuration
        self.logger = logger
    }

    /// Reads the target's records.
    ///
    /// - Parameters:
    ///   - contract: The contract the target follows.
    ///   - reader: The dialect's reader.
    ///   - target: The live base URL and the headers sent with every request.
    ///   - limits: The most records, and the password recorded auth records get.
    ///   - dialect: The contract's schema as its dialect decoded it.
    /// - Returns: The records by resource, in the order the target listed them, and what was
    ///   skipped.
    /// - Throws: ``TreatyDialectKit/RecordingFailure`` naming the endpoint when the target is
    ///   unreachable, refuses the credentials, answers what the dialect cannot read, or loops.
    public func record(
        contract: Contract, reader: RecordReader, from target: LiveTarget, limits: RecordingLimits = RecordingLimits(),
        dialect: (any DialectSchema)? = nil
    ) async throws(RecordingFailure) -> Recording {
        let secrets = configuration.secrets + target.secrets + (limits.authPassword.map { [$0] } ?? [])
        let redactor = Redactor(secrets: secrets)
        do {
            return try await withHTTPClient(configuration: configuration.http, logger: logger) { client in
                let connection = TargetConnection(
                    client: client, baseURL: target.baseURL, credentials: target.headers, redactor: redactor)
                let context = CaseContext(contract: contract, connection: connection, isLive: true, dialect: dialect)
                if let password = limits.authPassword { context.conceal([password]) }
                let session = RecordingSession(
                    context: context, maxRecords: limits.maxRecords, authPassword: limits.authPassword)
                try await reader.read(session)
                return Recording(
                    records: session.records, resources: session.resources, skipped: session.skipped,
                    requests: context.exchanges.count)
            }
        } catch let failure as RecordingFailure {
            throw RecordingFailure(failure.kind, at: failure.endpoint, redactor.redactMessage(failure.message))
        } catch {
            throw RecordingFailure(
                .unreachable, at: redactor.redactURL(target.baseURL), redactor.redactMessage("cannot record: \(error)"))
        }
    }
}

/// The bounds of a recording.
public struct RecordingLimits: Sendable {
    /// The most records the recording keeps, over all resources.
    public var maxRecords: Int
    /// The password recorded auth records get, so cases can log in with it.
    public var authPassword: String?

    /// Creates limits.
    ///
    /// - Parameters:
    ///   - maxRecords: The most records to keep (default 10,000).
    ///   - authPassword: The password recorded auth records get.
    public init(maxRecords: Int = 10_000, authPassword: String? = nil) {
        self.maxRecords = maxRecords
        self.authPassword = authPassword
    }
}
