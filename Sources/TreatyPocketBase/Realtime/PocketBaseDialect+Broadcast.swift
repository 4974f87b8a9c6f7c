import HTTPTypes
import TreatyDialect
import TreatyJSON
import TreatyQuery

extension PocketBaseDialect {
    /// Turns a store commit into events, as PocketBase's `realtimeBroadcastRecord` does: for each
    /// changed record of a collection, each client subscribed to `coll/*` (or `coll`) gets it if
    /// the list rule lets the client's auth see it, each client subscribed to `coll/ID` if the
    /// view rule does — superusers always — and if the subscription's `filter` option matches;
    /// the record is presented with the subscription's `expand` and `fields`.
    ///
    /// As on PocketBase, whose access checks query the database once the write committed, the
    /// rule and filter of a create or update see the record as it is after the whole commit (a
    /// batch that creates and then renames a record is checked against the new name; one that
    /// creates and deletes it sends the create to superusers only), while the event carries the
    /// record as that write left it. Deletes are checked against the record as it was.
    ///
    /// A reset or restore replaces every record at once, as a restore from backup (which
    /// restarts PocketBase) does: every client's stream ends and apps reconnect. A removed
    /// collection sends nothing, as PocketBase drops the table without record events; clients
    /// bound to one of its records become guests, as on PocketBase.
    func broadcast(_ notification: StoreNotification, store: RecordStore) {
        switch notification {
        case .replaced:
            realtimeClients.dropAll()
        case .resourceRemoved(let name):
            for client in realtimeClients.all { client.authCollectionRemoved(name) }
        case .records(let changes):
            let clients = realtimeClients.all
            guard !clients.isEmpty else { return }
            for change in changes {
                broadcast(change, to: clients, store: store)
            }
        }
    }

    private func broadcast(_ change: RecordChange, to clients: [PocketBaseRealtimeClient], store: RecordStore) {
        guard let collection = collection(change.resource) else { return }
        if collection.type == .auth {
            for client in clients {
                client.authRecordChanged(collection: collection.name, id: change.id, to: change.after)
            }
        }
        let record = change.record
        let checked = change.action == .delete ? change.before : try? store.get(collection.name, id: change.id)
        let topics: [(prefixes: [String], rule: String?)] = [
            ([collection.name + "/" + change.id + "?", collection.id + "/" + change.id + "?"], collection.rules.view),
            (
                [collection.name + "/*?", collection.id + "/*?", collection.name + "?", collection.id + "?"],
                collection.rules.list
            ),
        ]
        // Subscribers with the same auth and options get the same data: work it out once.
        var known: [String: [UInt8]?] = [:]
        for client in clients {
            let subscriptions = client.subscriptions
            guard !subscriptions.isEmpty else { continue }
            let caller = client.auth
            for (kind, topic) in topics.enumerated() {
                for subscription in subscriptions where topic.prefixes.contains(where: subscription.matches) {
                    let key = "\(kind)\u{0}\(caller.cacheKey)\u{0}\(subscription.optionsKey)"
                    let data: [UInt8]?
                    if let done = known[key] {
                        data = done
                    } else {
                        data = eventData(
                            change.action, record: record, checked: checked, of: collection, rule: topic.rule,
                            for: subscription, caller: caller, store: store)
                        known[key] = .some(data)
                    }
                    guard let data else { continue }
                    let message = PocketBaseRealtimeMessage(name: subscription.topic, data: data)
                    client.stream.send(message.framed(clientId: client.id))
                }
            }
        }
    }

    /// `{"record": …, "action": …}` for one subscription, or `nil` when its client may not see
    /// the record or its filter does not match, tested on `checked` (`nil`: the record is gone).
    private func eventData(
        _ action: RecordChange.Action, record: JSONObject, checked: JSONObject?, of collection: PocketBaseCollection,
        rule: String?,
        for subscription: PocketBaseSubscription, caller: PocketBaseCaller, store: RecordStore
    ) -> [UInt8]? {
        var headers = HTTPFields()
        for header in subscription.headers {
            if let name = HTTPField.Name(header.name) { headers[name] = header.value }
        }
        let request = DialectRequest(method: .get, path: "/api/realtime", query: subscription.query, headers: headers)
        let call = PocketBaseCall(request: request, store: store, dialect: self, caller: caller)
        let scope = queryScope(call, context: "realtime")
        // Superusers pass the rule without a query, even for a record gone since; a filter
        // always queries the record.
        if !caller.isSuperuser {
            guard let checked, satisfies(rule, record: checked, in: collection, call: call, scope: scope) else {
                return nil
            }
        }
        if let filter = call.query("filter"), !filter.isEmpty {
            guard let checked, matchesFilter(checked, of: collection, call: call, scope: scope) else { return nil }
        }
        let presented: JSONObject
        do {
            presented = try present(record, of: collection, call: call, scope: scope)
        } catch {
            // PocketBase sends the whole record when `fields` does not parse.
            guard let whole = try? present(record, of: collection, call: call, scope: scope, applyingFields: false)
            else { return nil }
            presented = whole
        }
        let data: JSONValue = ["record": .object(presented), "action": .string(action.rawValue)]
        return data.serializedBytes()
    }

    /// Whether `record` matches the subscription's `filter` option (no filter: yes; one a
    /// non-superuser may not use, or that does not parse: no).
    private func matchesFilter(
        _ record: JSONObject, of collection: PocketBaseCollection, call: PocketBaseCall, scope: PocketBaseQueryScope
    ) -> Bool {
        guard let text = call.query("filter"), !text.isEmpty else { return true }
        guard (try? Self.refuseSuperuserOnlyFields(call)) != nil,
            let filter = try? clientFilter(call, collection, scope: scope)
        else { return false }
        do {
            return try CompiledQuery(Query(collection.name, where: filter), schema: scope.schema)
                .matches(record, in: scope.source, environment: scope.environment)
        } catch {
            return false
        }
    }
}
