import Foundation
import HTTPTypes
import Synchronization
import TreatyCore
import TreatyDialect
import TreatyJSON
import TreatyQuery

extension PocketBaseDialect {
    /// The signing key of a record's tokens: its `tokenKey` and the dialect's secret.
    func signingKey(for record: JSONObject) -> String {
        (record["tokenKey"]?.stringValue ?? "") + state.withLock { $0.secret }
    }

    /// A new token for `record` of `collection`.
    ///
    /// - Parameters:
    ///   - type: `auth` or `file`.
    ///   - now: The store's present, in milliseconds (the token expires a lifetime after it).
    ///   - duration: Lifetime in seconds; the collection's auth (or file) token duration when `nil`.
    ///   - refreshable: Whether the claims carry `refreshable` (auth tokens only).
    func token(
        for record: JSONObject, in collection: PocketBaseCollection, at now: Int64, type: String = "auth",
        duration: Int? = nil, refreshable: Bool = true
    ) -> String {
        let auth = collection.auth ?? .defaults
        let lifetime = duration ?? (type == "file" ? auth.fileTokenDuration : auth.authTokenDuration)
        var claims: JSONObject = [
            "collectionId": .string(collection.id),
            "exp": .number(JSONNumber(now / 1000 + Int64(lifetime))),
            "id": record["id"] ?? "", "type": .string(type),
        ]
        if type == "auth" { claims["refreshable"] = .bool(refreshable) }
        return PocketBaseToken(claims: claims).signed(with: signingKey(for: record))
    }

    /// The caller a request's `Authorization` header names (raw or `Bearer`); a missing,
    /// malformed, expired or badly signed token makes a guest.
    func caller(for request: DialectRequest, store: RecordStore, type: String = "auth") -> PocketBaseCaller {
        guard var text = request.headers[.authorization] else { return .guest }
        if text.hasPrefix("Bearer ") { text.removeFirst(7) }
        return caller(token: text, store: store, type: type)
    }

    /// The caller a token of the given type names; any invalid token makes a guest.
    func caller(token text: String, store: RecordStore, type: String) -> PocketBaseCaller {
        guard let claims = PocketBaseToken.unverifiedClaims(text), claims["type"]?.stringValue == type,
            let collectionId = claims["collectionId"]?.stringValue, let id = claims["id"]?.stringValue,
            let exp = claims["exp"]?.numberValue?.doubleValue, exp > Double(store.presentTime()) / 1000,
            let collection = state.withLock({ $0.collection(id: collectionId) }), collection.type == .auth,
            let record = try? store.get(collection.name, id: id),
            PocketBaseToken.hasValidSignature(text, key: signingKey(for: record))
        else { return .guest }
        return .record(collection: collection, record: record, claims: claims, token: text)
    }
}
