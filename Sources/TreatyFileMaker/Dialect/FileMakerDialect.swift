internal import Foundation
internal import HTTPTypes
internal import Synchronization
import TreatyCore
import TreatyDialect
internal import TreatyJSON

/// The FileMaker Data API (FileMaker Server 19–21) over a ``TreatyDialect/RecordStore``:
/// sessions, metadata, records with portals and `modId`, `_find`, scripts and globals, in the
/// envelope `{"response": …, "messages": [{"code": "0", "message": "OK"}]}` (filemaker.md).
///
/// Records live in the store as one resource per table (``FileMakerStoreModel``); sessions and
/// their globals live in the store's standing attachments, per server (``FileMakerSessions``),
/// so `--persist` keeps them and a reset of the data does not close them.
struct FileMakerDialect: Dialect {
    static let id = DialectID.fileMaker

    /// The databases and session settings.
    let configuration: FileMakerDialectConfiguration
    let state: FileMakerState

    /// Creates the dialect.
    init(configuration: FileMakerDialectConfiguration) {
        self.configuration = configuration
        state = FileMakerState()
    }

    func respond(to request: DialectRequest, store: RecordStore) -> DialectResponse {
        var request = request
        // The Data API (a Node.js service) reads `+` in a query as a space, as HTML forms do;
        // python-fmrest's `_sort=[{"fieldName":+"born"…}]` relies on it.
        if request.rawQuery.contains("+") { request.query = QueryItem.parse(request.rawQuery, plusAsSpace: true) }
        let call = FileMakerCall(request: request, store: store)
        do throws(FileMakerError) {
            return try route(call)
        } catch {
            return error.response
        }
    }

    func failureResponse(for failure: SimulatorFailure) -> DialectResponse {
        switch failure {
        case .routeNotFound:
            return FileMakerError(
                3, "Command is unavailable (for example, wrong menu item, wrong mode)", status: .notFound
            )
            .response
        case .methodNotAllowed:
            return FileMakerError(1704, "Resource doesn't support the specified HTTP verb", status: .methodNotAllowed)
                .response
        case .payloadTooLarge(let limit):
            return FileMakerError(
                953, "Data transfer limit exceeded: the body is over \(limit) bytes", status: .contentTooLarge
            )
            .response
        case .unsupportedMediaType:
            return FileMakerError(
                1708, "Unsupported media type; send Content-Type: application/json", status: .unsupportedMediaType
            ).response
        case .injectedStatus(let status):
            return FileMakerError(
                status.code >= 500 ? 8 : 10, status.reasonPhrase.isEmpty ? "Error" : status.reasonPhrase, status: status
            )
            .response
        case .rateLimited(let seconds):
            var response = FileMakerError(953, "Data transfer limit exceeded", status: .tooManyRequests).response
            response.headers[.retryAfter] = String(seconds)
            return response
        }
    }
}

/// The dialect's own state, shared by every event loop: its copy of the open sessions, and
/// caches.
final class FileMakerState: Sendable {
    /// The working copy of the sessions the store holds (see ``FileMakerDialect/sessions(_:_:)``).
    let sessions = Mutex(FileMakerSessions())
    /// Projections and related-row groups, kept until their table changes.
    let caches = FileMakerCaches()
}

/// One request being answered, with what the routes read from it.
struct FileMakerCall {
    let request: DialectRequest
    let store: RecordStore

    /// The JSON body as an object (`{}` when empty).
    func body() throws(FileMakerError) -> JSONObject {
        guard !request.body.isEmpty else { return JSONObject() }
        let value: JSONValue
        do {
            value = try JSONParser(options: JSONParser.Options(maxDepth: 64)).parse(request.body)
        } catch {
            throw FileMakerError.malformedJSON
        }
        guard let object = value.objectValue else { throw FileMakerError.invalidJSON }
        return object
    }

    func query(_ name: String) -> String? {
        request.queryValue(name)
    }

    /// The bearer token of the request, if any.
    var bearerToken: String? {
        guard let header = request.headers[.authorization], header.hasPrefix("Bearer ") else { return nil }
        // Trimmed on the UTF-8 bytes: a token is ASCII, and grapheme breaking costs more than the
        // rest of a read.
        let bytes = header.utf8.dropFirst(7)
        guard let first = bytes.firstIndex(where: { $0 != UInt8(ascii: " ") }),
            let last = bytes.lastIndex(where: { $0 != UInt8(ascii: " ") })
        else { return "" }
        return String(header[first...last])
    }
}
