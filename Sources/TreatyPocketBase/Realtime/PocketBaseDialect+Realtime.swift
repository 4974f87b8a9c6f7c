import HTTPTypes
import Synchronization
import TreatyDialect
import TreatyJSON

extension PocketBaseDialect {
    /// `/api/realtime`: `GET` connects, `POST` sets the subscriptions.
    func realtime(_ call: PocketBaseCall) throws(PocketBaseErrorResponse) -> DialectResponse {
        switch call.request.method {
        case .get: return realtimeConnect(call)
        case .post: return try realtimeSubscribe(call)
        default: throw .fileNotFound
        }
    }

    /// `GET /api/realtime`: an event stream whose first event is `PB_CONNECT` with the new
    /// client's id. The client is forgotten, with its subscriptions, when the stream ends: the
    /// client went away, it stopped reading and its queue filled, or it timed out.
    private func realtimeConnect(_ call: PocketBaseCall) -> DialectResponse {
        observeForRealtime(call.store)
        let id = newRandomText(40, call.store)
        let limits = realtimeClients.limits
        let stream = ResponseStream(
            capacity: limits.queueCapacity, idleTimeout: limits.idleTimeout, maxDuration: limits.maxDuration
        ) { [realtimeClients] _ in realtimeClients.remove(id: id) }
        realtimeClients.add(PocketBaseRealtimeClient(id: id, stream: stream))
        let connect = PocketBaseRealtimeMessage(name: "PB_CONNECT", data: Array("{\"clientId\":\"\(id)\"}".utf8))
        stream.send(connect.framed(clientId: id))
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-store"
        headers[HTTPField.Name("X-Accel-Buffering") ?? .cacheControl] = "no"
        return DialectResponse(status: .ok, headers: headers, stream: stream)
    }

    /// `POST /api/realtime` `{"clientId": …, "subscriptions": […]}`: replaces the client's
    /// subscriptions and binds the caller's auth to it — 204. The form is checked first (400 with
    /// field errors), then the client (404), then the auth: once a record's token is bound, only
    /// the same record may change the subscriptions (403).
    private func realtimeSubscribe(_ call: PocketBaseCall) throws(PocketBaseErrorResponse) -> DialectResponse {
        let body: JSONObject
        do {
            body = try requestBody(call.request).object
        } catch {
            throw .badRequest
        }
        let clientValue = body["clientId"] ?? .null
        let topicsValue = body["subscriptions"] ?? .null
        guard clientValue.isNull || clientValue.stringValue != nil,
            topicsValue.isNull || topicsValue.arrayValue?.allSatisfy({ $0.stringValue != nil }) == true
        else { throw .badRequest }
        let clientId = clientValue.stringValue ?? ""
        let topics = topicsValue.arrayValue?.compactMap(\.stringValue) ?? []
        try validateSubscriptionForm(clientId: clientId, topics: topics)
        guard let client = realtimeClients.client(id: clientId) else {
            throw PocketBaseErrorResponse(status: 404, message: "Missing or invalid client id.")
        }
        guard client.subscribe(topics, as: call.caller) else {
            throw PocketBaseErrorResponse(
                status: 403, message: "The current and the previous request authorization don't match.")
        }
        return Self.noContent
    }

    private func validateSubscriptionForm(clientId: String, topics: [String]) throws(PocketBaseErrorResponse) {
        let limits = realtimeClients.limits
        var data = JSONObject()
        if clientId.isEmpty {
            data["clientId"] = PocketBaseFieldError.required.json
        } else if clientId.count > limits.maxClientIdLength {
            data["clientId"] =
                PocketBaseFieldError(
                    code: "validation_length_out_of_range",
                    message: "The length must be between 1 and \(limits.maxClientIdLength).",
                    params: ["max": .number(JSONNumber(limits.maxClientIdLength)), "min": 1]
                ).json
        }
        if topics.count > limits.maxSubscriptions {
            data["subscriptions"] = PocketBaseFieldError.lengthTooLong(max: limits.maxSubscriptions).json
        } else {
            var long = JSONObject()
            for (index, topic) in topics.enumerated() where topic.count > limits.maxTopicLength {
                long[String(index)] = PocketBaseFieldError.lengthTooLong(max: limits.maxTopicLength).json
            }
            if !long.isEmpty { data["subscriptions"] = .object(long) }
        }
        guard data.isEmpty else {
            throw PocketBaseErrorResponse(
                status: 400, message: "Something went wrong while processing your request.", data: data)
        }
    }

    /// Starts broadcasting `store`'s changes, once.
    private func observeForRealtime(_ store: RecordStore) {
        realtimeClients.observe(store) { [weak self, weak store] notification in
            guard let self, let store else { return }
            self.broadcast(notification, store: store)
        }
    }
}
