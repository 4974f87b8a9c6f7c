import Foundation
import HTTPTypes
import TreatyCore
import TreatyDialect
import TreatyJSON

@testable import TreatyPocketBase

/// The breakages of pocketbase.md §2, §11 and §12 (auth routes, auth flows, batch).
extension BrokenPocketBaseDialect {
    /// The broken answer to `request`, or `nil` when the breakage leaves it to the wrapped dialect.
    func breakingFlows(_ request: DialectRequest, store: RecordStore) -> DialectResponse? {
        let forward = { (request: DialectRequest) in wrapped.respond(to: request, store: store) }
        let path = request.path
        let isBatch = path == "/api/batch"
        switch breakage {
        case .dropsLegacyAuthMethods where path.hasSuffix("/auth-methods"):
            return Self.rewriting(forward(request)) { object in
                object = JSONObject(
                    object.members.filter { !["authProviders", "usernamePassword", "emailPassword"].contains($0.key) })
            }
        case .mintsLongerTokens where path.hasSuffix("/auth-with-password") && !path.contains("/_superusers/"):
            return Self.rewritingToken(forward(request)) { claims in
                claims["exp"] = .number(JSONNumber((claims["exp"]?.numberValue?.int64Value ?? 0) + 172_800))
            }
        case .impersonatesRefreshably where path.contains("/impersonate/"):
            return Self.rewritingToken(forward(request)) { $0["refreshable"] = true }
        case .answersOTPWhenDisabled where path.hasSuffix("/request-otp"):
            let response = forward(request)
            guard response.status.code == 403 else { return response }
            return .json(["otpId": .string(PocketBaseSampleValues.uniqueSuffix() + "abcde")], status: 200)
        case .checksOTPWhenDisabled where path.hasSuffix("/auth-with-otp"):
            let response = forward(request)
            guard response.status.code == 403 else { return response }
            return .json(["status": 400, "message": "Invalid or expired OTP.", "data": [:]], status: 400)
        case .revealsUnknownResetEmails
        where path.hasSuffix("/request-password-reset") || path.hasSuffix("/request-verification"):
            let response = forward(request)
            let email = (try? JSONParser().parse(request.body))?["email"]
            guard response.status.code == 204, !(store.dump("users") ?? []).contains(where: { $0["email"] == email })
            else {
                return response
            }
            return .json(["status": 404, "message": "The requested resource wasn't found.", "data": [:]], status: 404)
        case .reportsBadTokensWithoutField where path.contains("/confirm-"):
            let response = forward(request)
            guard response.status.code == 400 else { return response }
            return Self.rewriting(response) { $0["data"] = [:] }
        case .letsGuestsRequestEmailChange where path.hasSuffix("/request-email-change"):
            let response = forward(request)
            guard response.status.code == 401 else { return response }
            return DialectResponse(status: .noContent, headers: [:], body: [])
        case .refusesOAuth2AsBadRequest where path.hasSuffix("/auth-with-oauth2"):
            let response = forward(request)
            guard response.status.code == 403 else { return response }
            return .json(["status": 400, "message": "Failed to authenticate.", "data": [:]], status: 400)
        case .rewordsAuthContext:
            return Self.rewriting(forward(request)) { object in
                if object["message"] == "Missing or invalid auth collection context." {
                    object["message"] = "Missing collection context."
                }
            }
        case .batchesWhenOff where isBatch:
            let response = forward(request)
            guard response.status.code == 403 else { return response }
            var settings = request
            settings.path = "/api/settings"
            settings.method = .patch
            let on: JSONValue = ["batch": ["enabled": true]]
            let off: JSONValue = ["batch": ["enabled": false]]
            settings.body = on.serializedBytes()
            _ = forward(settings)
            defer {
                settings.body = off.serializedBytes()
                _ = forward(settings)
            }
            return forward(request)
        case .answersEmptyBodyFor204 where isBatch:
            return Self.rewritingArray(forward(request)) { entries in
                entries.map { entry in
                    guard var object = entry.objectValue, object["body"] == .null else { return entry }
                    object["body"] = [:]
                    return .object(object)
                }
            }
        case .createsOnEveryPut where isBatch:
            return forward(
                Self.mappingBatch(request) { item in item["method"] == "PUT" ? item.merging(["method": "POST"]) : item }
            )
        case .dropsBatchURLQueries where isBatch:
            return forward(
                Self.mappingBatch(request) { item in
                    guard let url = item["url"]?.stringValue else { return item }
                    return item.merging(["url": .string(String(url.prefix { $0 != "?" }))])
                })
        case .skipsGETsInBatches where isBatch:
            return forward(
                request.mappingBody { body in
                    body.mapping { key, value in
                        key == "requests" ? .array((value.arrayValue ?? []).filter { $0["method"] != "GET" }) : value
                    }
                })
        case .acceptsEmptyBatches where isBatch:
            guard (try? JSONParser().parse(request.body))?["requests"]?.arrayValue?.isEmpty == true else { return nil }
            return .json([], status: 200)
        default:
            return nil
        }
    }

    /// The batch request with each of its requests changed by `change`.
    static func mappingBatch(_ request: DialectRequest, _ change: @escaping (JSONObject) -> JSONObject)
        -> DialectRequest
    {
        request.mappingBody { body in
            body.mapping { key, value in
                key == "requests"
                    ? .array((value.arrayValue ?? []).map { $0.objectValue.map { .object(change($0)) } ?? $0 }) : value
            }
        }
    }

    /// The response with its JSON array body changed by `change`.
    static func rewritingArray(_ response: DialectResponse, _ change: ([JSONValue]) -> [JSONValue]) -> DialectResponse {
        guard let array = (try? JSONParser().parse(response.body))?.arrayValue else { return response }
        var copy = response
        copy.body = JSONValue.array(change(array)).serializedBytes()
        copy.headers[.contentLength] = nil
        return copy
    }

    /// The response with the claims of its `token` changed by `change` (the signature is kept).
    static func rewritingToken(_ response: DialectResponse, _ change: @escaping (inout JSONObject) -> Void)
        -> DialectResponse
    {
        rewriting(response) { object in
            guard let token = object["token"]?.stringValue else { return }
            let parts = token.split(separator: ".").map(String.init)
            guard parts.count == 3, let payload = Base64URL.decode(parts[1]),
                var claims = (try? JSONParser().parse(payload))?.objectValue
            else { return }
            change(&claims)
            let encoded = Base64URL.encode(JSONValue.object(claims).serializedBytes())
            object["token"] = .string([parts[0], encoded, parts[2]].joined(separator: "."))
        }
    }
}

/// One part of a `multipart/form-data` body, kept as its bytes.
struct FormPart {
    var name: String
    var fileName: String?
    var file: Bool { fileName != nil }
    /// The part's headers and content, as sent between two boundaries.
    var raw: String
}

extension DialectRequest {
    /// The boundary of a multipart body.
    var boundary: String? {
        guard let type = headers[.contentType], type.hasPrefix("multipart/form-data"),
            let range = type.range(of: "boundary=")
        else { return nil }
        return String(type[range.upperBound...]).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
    }

    /// The parts of a multipart body, or `nil` for other bodies.
    var parts: [FormPart]? {
        guard let boundary, let text = String(bytes: body, encoding: .isoLatin1) else { return nil }
        return text.components(separatedBy: "--" + boundary).dropFirst().compactMap { raw in
            guard !raw.hasPrefix("--"), let head = raw.components(separatedBy: "\r\n\r\n").first else { return nil }
            func attribute(_ key: String) -> String? {
                guard let range = head.range(of: key + "=\"") else { return nil }
                return String(head[range.upperBound...].prefix { $0 != "\"" })
            }
            return FormPart(name: attribute("name") ?? "", fileName: attribute("filename"), raw: raw)
        }
    }

    /// The request with its multipart parts changed by `change`; other bodies pass unchanged.
    func mappingParts(_ change: ([FormPart]) -> [FormPart]) -> DialectRequest {
        guard let boundary, let parts else { return self }
        let text = change(parts).map { "--" + boundary + $0.raw }.joined() + "--" + boundary + "--\r\n"
        var copy = self
        copy.body = [UInt8](text.data(using: .isoLatin1) ?? Data())
        return copy
    }
}
