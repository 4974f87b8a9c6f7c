import Synchronization
import TreatyDialect
import TreatyJSON

/// One connected realtime client: its id, its event stream, the auth bound by its last
/// subscription request, and its subscriptions.
final class PocketBaseRealtimeClient: Sendable {
    private struct State {
        /// The caller bound by the last `POST /api/realtime`; `nil` before the first.
        var auth: PocketBaseCaller?
        var subscriptions: [PocketBaseSubscription] = []
    }

    /// The 40-character id PocketBase's `security.RandomString(40)` makes.
    let id: String
    /// Where its events go.
    let stream: ResponseStream
    private let state = Mutex(State())

    init(id: String, stream: ResponseStream) {
        self.id = id
        self.stream = stream
    }

    /// The bound caller (a guest until a subscription request binds one).
    var auth: PocketBaseCaller {
        state.withLock { $0.auth } ?? .guest
    }

    var subscriptions: [PocketBaseSubscription] {
        state.withLock { $0.subscriptions }
    }

    /// Replaces the subscriptions and binds `caller`, unless a different caller is bound already
    /// (PocketBase allows only a guest → auth upgrade).
    ///
    /// - Returns: `false`, changing nothing, when the caller differs from the bound one.
    func subscribe(_ topics: [String], as caller: PocketBaseCaller) -> Bool {
        state.withLock { state in
            if let bound = state.auth, !bound.isGuest, !Self.isSame(bound, caller) { return false }
            state.auth = caller
            var seen = Set<String>()
            state.subscriptions = topics.filter { !$0.isEmpty && seen.insert($0).inserted }.map(
                PocketBaseSubscription.init)
            return true
        }
    }

    /// Follows a change to the bound auth record: a new `tokenKey` unbinds it (as a password
    /// change does on PocketBase), otherwise the rules see its new values.
    func authRecordChanged(collection: String, id: String, to record: JSONObject?) {
        state.withLock { state in
            guard case .record(let bound, let old, let claims, let token)? = state.auth, bound.name == collection,
                old["id"]?.stringValue == id
            else { return }
            guard let record, record["tokenKey"] == old["tokenKey"] else {
                state.auth = nil
                return
            }
            state.auth = .record(collection: bound, record: record, claims: claims, token: token)
        }
    }

    /// Unbinds an auth record of `collection` (the collection was deleted); the client stays
    /// connected as a guest and may bind again.
    func authCollectionRemoved(_ collection: String) {
        state.withLock { state in
            guard case .record(let bound, _, _, _)? = state.auth, bound.name == collection else { return }
            state.auth = nil
        }
    }

    /// PocketBase's `isSameAuth`: both guests, or the same record of the same collection.
    static func isSame(_ a: PocketBaseCaller, _ b: PocketBaseCaller) -> Bool {
        switch (a, b) {
        case (.guest, .guest): true
        case (.record(let c1, let r1, _, _), .record(let c2, let r2, _, _)):
            c1.id == c2.id && r1["id"] == r2["id"]
        default: false
        }
    }
}
