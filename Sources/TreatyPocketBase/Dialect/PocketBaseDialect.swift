import TreatyCore
import TreatyDialect
import HTTPTypes
import Synchronization
import TreatyJSON
import TreatyQuery

/// PocketBase 0.40's records API, served from a ``RecordStore`` so that an app written against
/// PocketBase cannot tell the simulator from a real server.
///
/// The dialect starts like a fresh server: the built-in collections (``PocketBaseCollection/freshServer``),
/// a superuser (``PocketBaseDialectConfiguration/superuserEmail``, by default
/// `admin@example.com` / `admin-password-123`) and any configured collections. Records live in
/// the store, one resource per collection (see ``PocketBaseCollection/storeResource``); what is
/// not records — collection metadata and rules, `batch` settings, the token secret, pending
/// OTPs, uploaded files — lives in the store's attachments, committed with the records it goes
/// with (so `--persist` keeps it and snapshots restore it), and ids, keys and file suffixes come
/// from the store's seeded generator. The dialect keeps a decoded copy of the collections,
/// settings and secret behind a mutex (``PocketBaseDialectState``).
///
/// An admin-API reset returns the store to its contract, with no attachments; the next request
/// then rebuilds the whole startup state: collections, settings, a new token secret (earlier
/// tokens stop working), no OTPs or files, and a fresh superuser.
final class PocketBaseDialect: Dialect {
    /// `pocketbase`.
    static let id = DialectID.pocketBase

    /// What the dialect starts with.
    let configuration: PocketBaseDialectConfiguration
    /// The decoded copy of the state the store's attachment holds. Taken inside a write's store
    /// transaction, never around one: the lock order is the store's writer lock, then this, then
    /// the store's state lock (see the store's "Transactions" documentation).
    let state: Mutex<PocketBaseDialectState>
    /// The realtime clients and their subscriptions (`/api/realtime`).
    let realtimeClients: PocketBaseRealtime
    /// Indexes of collection fields, kept between requests until their collection changes.
    let indexes = QueryIndexCache()
    /// Parameterless record views, kept until a collection or any record changes.
    let keptAnswers = RevisionCache<String, [UInt8]>(
        capacity: PocketBaseKeptAnswers.capacity, byteLimit: PocketBaseKeptAnswers.byteLimit)
    /// Parsed filters and rules, kept at the ``PocketBaseQueryCache/generation`` of the
    /// collections they were parsed against.
    let expressions = RevisionCache<PocketBaseQueryCache.ExpressionKey, Expr>(
        capacity: PocketBaseQueryCache.capacity, byteLimit: PocketBaseQueryCache.byteLimit
    ) { key, _ in key.text.utf8.count * PocketBaseQueryCache.bytesPerCharacter + key.collection.utf8.count }

    /// Creates a dialect.
    ///
    /// - Parameter configuration: The superuser and extra collections.
    init(configuration: PocketBaseDialectConfiguration = .init()) {
        self.configuration = configuration
        state = Mutex(PocketBaseDialectState())
        realtimeClients = PocketBaseRealtime(limits: configuration.realtime)
    }

    /// A contract with no resources, for a store the dialect fills itself.
    static var emptyContract: Contract {
        Contract(api: "pocketbase", dialect: .pocketBase, naming: .camelCase, resources: [])
    }

    func respond(to request: DialectRequest, store: RecordStore) -> DialectResponse {
        bootstrapIfNeeded(store)
        var request = request
        // PocketBase (Go's net/url) reads `+` in a query as a space; SDKs rely on it.
        if request.rawQuery.contains("+") { request.query = QueryItem.parse(request.rawQuery, plusAsSpace: true) }
        let call = PocketBaseCall(request: request, store: store, dialect: self)
        do {
            return try route(call)
        } catch {
            return Self.response(error)
        }
    }

    func failureResponse(for failure: SimulatorFailure) -> DialectResponse {
        let status = Int(failure.status.code)
        let message =
            switch status {
            case 404: "The requested resource wasn't found."
            case 413: "Request entity too large"
            default: "Something went wrong while processing your request."
            }
        return Self.response(PocketBaseErrorResponse(status: status, message: message))
    }

    /// A JSON reply.
    static func json(_ value: JSONValue, status: Int = 200) -> DialectResponse {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        return DialectResponse(
            status: HTTPResponse.Status(code: status), headers: headers, body: value.serializedBytes())
    }

    /// An error reply.
    static func response(_ error: PocketBaseErrorResponse) -> DialectResponse {
        json(error.json, status: error.status)
    }

    /// 204 without body or Content-Type.
    static var noContent: DialectResponse { DialectResponse(status: .noContent) }
}

/// One request with everything needed to answer it.
struct PocketBaseCall {
    let request: DialectRequest
    let store: RecordStore
    let dialect: PocketBaseDialect
    let caller: PocketBaseCaller

    init(request: DialectRequest, store: RecordStore, dialect: PocketBaseDialect) {
        self.request = request
        self.store = store
        self.dialect = dialect
        caller = dialect.caller(for: request, store: store)
    }

    init(request: DialectRequest, store: RecordStore, dialect: PocketBaseDialect, caller: PocketBaseCaller) {
        self.request = request
        self.store = store
        self.dialect = dialect
        self.caller = caller
    }

    func query(_ name: String) -> String? { request.queryValue(name) }
}
