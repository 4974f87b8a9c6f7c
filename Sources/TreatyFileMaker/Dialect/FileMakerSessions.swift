internal import Foundation
internal import TreatyDialect
internal import TreatyJSON

/// The open Data API sessions: which database each token opened, when it was last used (on the
/// store's clock) and the globals it set.
///
/// The store is their source of truth: each session is an attachment of the store's
/// ``TreatyDialect/StoreAttachmentArea/standing`` area (``key(_:)``), so it is durable with
/// `--persist` (a token survives a restart of the fake backend, expiring afterwards by the same
/// idle rule) and kept across a reset or snapshot restore of the data, as a server's sessions
/// are. This value is the dialect's working copy: exact to the millisecond, read from the store
/// once per store, and written back (``takeChanges()``) when a session opens, closes, expires,
/// sets globals, or has been used for a tenth of the idle time since its stored use.
struct FileMakerSessions {
    struct Session {
        var database: String
        var lastUsed: Int64
        var globals: [String: JSONValue] = [:]
        /// The last use the store holds.
        var storedLastUsed: Int64

        init(database: String, lastUsed: Int64, globals: [String: JSONValue] = [:]) {
            self.database = database
            self.lastUsed = lastUsed
            self.globals = globals
            storedLastUsed = lastUsed
        }

        /// The session as its attachment holds it.
        var json: JSONValue {
            [
                "database": .string(database), "lastUsed": .number(JSONNumber(lastUsed)),
                "globals": .object(JSONObject(globals.keys.sorted().compactMap { name in
                    globals[name].map { JSONObject.Member(key: name, value: $0) }
                })),
            ]
        }

        /// Reads back what ``json`` wrote.
        init?(json: JSONValue) {
            guard let database = json["database"]?.stringValue,
                let lastUsed = json["lastUsed"]?.numberValue?.int64Value
            else { return nil }
            var globals: [String: JSONValue] = [:]
            for member in json["globals"]?.objectValue?.members ?? [] { globals[member.key] = member.value }
            self.init(database: database, lastUsed: lastUsed, globals: globals)
        }
    }

    /// The prefix of the sessions' attachment keys.
    static let keyPrefix = "filemaker/session/"

    /// The attachment key of `token`'s session.
    static func key(_ token: String) -> String { keyPrefix + token }

    private var open: [String: Session] = [:]
    /// When idle sessions were last swept out (a sweep walks every session, so it runs at most
    /// once a second of store time; a session's own idle time is checked on every use).
    private var lastSweep: Int64?
    /// The sessions changed since the last ``takeChanges()``.
    private var changed: Set<String> = []
    /// The store this copy was read from; `nil` before the first read.
    var source: ObjectIdentifier?

    init() {}

    /// The sessions a store holds (its attachments under ``keyPrefix``).
    ///
    /// - Parameters:
    ///   - stored: The attachments, by key.
    ///   - source: The store they come from.
    init(stored: [String: JSONValue], source: ObjectIdentifier) {
        for (key, value) in stored {
            guard let session = Session(json: value) else { continue }
            open[String(key.dropFirst(Self.keyPrefix.count))] = session
        }
        self.source = source
    }

    /// Whether `token` is taken.
    func isOpen(_ token: String) -> Bool {
        open[token] != nil
    }

    /// Opens a session under `token` (drawn by the caller, not taken); `false` when `limit`
    /// sessions are open already.
    mutating func open(_ token: String, database: String, at now: Int64, idle: Int64, limit: Int) -> Bool {
        expire(at: now, idle: idle, force: open.count >= limit)
        guard open.count < limit else { return false }
        open[token] = Session(database: database, lastUsed: now)
        changed.insert(token)
        return true
    }

    /// The session of `token` for `database`, touched (its idle clock restarts); `nil` when it
    /// is unknown, closed, idle too long or of another database.
    mutating func use(_ token: String, database: String?, at now: Int64, idle: Int64) -> Session? {
        expire(at: now, idle: idle)
        guard var session = open[token] else { return nil }
        guard now - session.lastUsed <= idle else {
            open[token] = nil
            changed.insert(token)
            return nil
        }
        if let database, session.database.lowercased() != database.lowercased() { return nil }
        session.lastUsed = now
        if now - session.storedLastUsed >= idle / 10 { changed.insert(token) }
        open[token] = session
        return session
    }

    /// Closes a session; whether it was open.
    mutating func close(_ token: String) -> Bool {
        guard open.removeValue(forKey: token) != nil else { return false }
        changed.insert(token)
        return true
    }

    /// Sets globals of a session.
    mutating func setGlobals(_ values: [String: JSONValue], for token: String) {
        guard open[token] != nil else { return }
        for (name, value) in values { open[token]?.globals[name] = value }
        changed.insert(token)
    }

    /// Whether a session changed since the last ``takeChanges()``.
    var hasChanges: Bool { !changed.isEmpty }

    /// The changed sessions as attachments to write (`nil`: the session is gone), marked as
    /// stored.
    mutating func takeChanges() -> [(key: String, value: JSONValue?)] {
        defer { changed = [] }
        return changed.sorted().map { token in
            guard var session = open[token] else { return (Self.key(token), nil) }
            session.storedLastUsed = session.lastUsed
            open[token] = session
            return (Self.key(token), session.json)
        }
    }

    private mutating func expire(at now: Int64, idle: Int64, force: Bool = false) {
        if !force, let lastSweep, now >= lastSweep, now - lastSweep < 1000 { return }
        lastSweep = now
        for (token, session) in open where now - session.lastUsed > idle {
            open[token] = nil
            changed.insert(token)
        }
    }
}
