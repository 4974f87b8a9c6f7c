internal import Foundation
internal import HTTPTypes
internal import Synchronization
import TreatyCore
import TreatyDialect
internal import TreatyJSON

/// Apple's CloudKit Web Services over a ``TreatyDialect/RecordStore`` (cloudkit.md): records,
/// zones, queries, change feeds and assets under `/database/1/{container}/{environment}/{database}/…`,
/// with API-token, web-auth-token and signed server-to-server authentication.
///
/// Zones, records, learned record types and assets live in the store (``CloudKitStoreModel``);
/// the dialect keeps only the lock its writes hold and the generator of error UUIDs.
struct CloudKitDialect: Dialect {
    static let id = DialectID.cloudKit

    /// The container and its credentials.
    let configuration: CloudKitDialectConfiguration
    let state: CloudKitState

    /// Creates the dialect.
    init(configuration: CloudKitDialectConfiguration) {
        self.configuration = configuration
        state = CloudKitState(seed: configuration.seed)
    }

    func respond(to request: DialectRequest, store: RecordStore) -> DialectResponse {
        if request.path.hasPrefix(CloudKitAssetRoutes.prefix) {
            return CloudKitAssetRoutes(dialect: self, store: store).respond(to: request)
        }
        do throws(CloudKitError) {
            guard let route = try CloudKitRoute.parse(request.path) else {
                throw CloudKitError(.notFound, "no CloudKit operation at \(request.path)")
            }
            guard route.container == configuration.schema.container else {
                throw CloudKitError(.notFound, "unknown container '\(route.container)'")
            }
            guard let methods = CloudKitRoute.operations[route.operation] else {
                throw CloudKitError(.notFound, "unknown operation '\(route.operation)'")
            }
            guard methods.contains(request.method) else {
                let names = methods.map(\.rawValue).joined(separator: " or ")
                throw CloudKitError.badRequest("\(route.operation) takes \(names), not \(request.method.rawValue)")
            }
            let caller = try CloudKitAuthenticator(configuration: configuration).caller(of: request, route: route)
            let scope = CloudKitCall.scope(of: route, caller: caller)
            var keptAt: (key: CloudKitReadKey, revisions: [UInt64])?
            if route.operation == "records/lookup" || route.operation == "records/query" {
                let key = CloudKitReadKey(
                    scope: "\(route.operation)|\(scope.environment.rawValue)|\(scope.database.rawValue)|\(scope.owner)",
                    host: request.headers[CloudKitCall.hostHeader] ?? "", body: request.body)
                let revisions = CloudKitReadKey.revisions(in: store)
                if let body = state.keptAnswers.value(for: key, revisions: revisions) {
                    return CloudKitAnswer.bytes(body)
                }
                keptAt = (key, revisions)
            }
            let call = try CloudKitCall(
                dialect: self, request: request, store: store, route: route, scope: scope, caller: caller, keptAt: keptAt)
            return try call.answer()
        } catch {
            return error.response(uuid: state.nextUUID())
        }
    }

    func failureResponse(for failure: SimulatorFailure) -> DialectResponse {
        let error: CloudKitError =
            switch failure {
            case .routeNotFound: CloudKitError(.notFound, "no CloudKit operation at this URL")
            case .methodNotAllowed: CloudKitError.badRequest("the operation does not take this HTTP method")
            case .payloadTooLarge(let limit):
                // 413 is QUOTA_EXCEEDED's status in CloudKit's table; a body over the limit is refused with it.
                CloudKitError(.quotaExceeded, "the request body is over \(limit) bytes")
            case .unsupportedMediaType: CloudKitError.badRequest("send the request body as JSON")
            case .injectedStatus(let status):
                status.code == 503
                    ? CloudKitError(.tryAgainLater, "try again later", retryAfter: 1)
                    : CloudKitError(
                        status.code >= 500 ? .internalError : .badRequest,
                        status.reasonPhrase.isEmpty ? "error" : status.reasonPhrase)
            case .rateLimited(let seconds): CloudKitError(.throttled, "rate limited", retryAfter: seconds)
            }
        return error.response(uuid: state.nextUUID())
    }
}

/// The dialect's own state, shared by every event loop.
final class CloudKitState: Sendable {
    /// Read answers kept until the store changes.
    let keptAnswers = RevisionCache<CloudKitReadKey, [UInt8]>(
        capacity: CloudKitReadKey.capacity, byteLimit: CloudKitReadKey.byteLimit)
    /// Query rows kept until the records change.
    let queryRows = CloudKitQueryRowCache()
    private let generator: Mutex<SeededGenerator>

    init(seed: UInt64) {
        generator = Mutex(SeededGenerator(seed: seed ^ 0x636c_6f75_646b_6974))
    }

    /// A fresh UUID for an error entry; identifiers that reach records come from the store
    /// (``TreatyDialect/RecordStore/uuid()``), which `--persist` keeps.
    func nextUUID() -> String {
        generator.withLock { $0.uuid() }
    }
}
