internal import Foundation
internal import TreatyDialect
internal import TreatyJSON

/// The open Data API sessions: which database each token opened, when it was last used (on the
/// store's clock) and the globals it set.
struct FileMakerSessions {
    struct Session {
        var database: String
        var lastUsed: Int64
        var globals: [String: JSONValue] = [:]
    }

    private var open: [String: Session] = [:]
    private var generator: SeededGenerator
    /// When idle sessions were last swept out (a sweep walks every session, so it runs at most
    /// once a second of store time; a session's own idle time is checked on every use).
    private var lastSweep: Int64?

    init(seed: UInt64) {
        generator = SeededGenerator(seed: seed)
    }

    /// Opens a session; `nil` when `limit` sessions are open already.
    mutating func open(database: String, at now: Int64, idle: Int64, limit: Int) -> String? {
        expire(at: now, idle: idle, force: open.count >= limit)
        guard open.count < limit else { return nil }
        let alphabet = Array("0123456789abcdef")
        var token = ""
        repeat {
            token = String((0..<40).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
        } while open[token] != nil
        open[token] = Session(database: database, lastUsed: now)
        return token
    }

    /// The session of `token` for `database`, touched (its idle clock restarts); `nil` when it
    /// is unknown, closed, idle too long or of another database.
    mutating func use(_ token: String, database: String?, at now: Int64, idle: Int64) -> Session? {
        expire(at: now, idle: idle)
        guard var session = open[token] else { return nil }
        guard now - session.lastUsed <= idle else {
            open[token] = nil
            return nil
        }
        if let database, session.database.lowercased() != database.lowercased() { return nil }
        session.lastUsed = now
        open[token] = session
        return session
    }

    /// Closes a session; whether it was open.
    mutating func close(_ token: String) -> Bool {
        open.removeValue(forKey: token) != nil
    }

    /// Sets globals of a session.
    mutating func setGlobals(_ values: [String: JSONValue], for token: String) {
        for (name, value) in values { open[token]?.globals[name] = value }
    }

    private mutating func expire(at now: Int64, idle: Int64, force: Bool = false) {
        if !force, let lastSweep, now >= lastSweep, now - lastSweep < 1000 { return }
        lastSweep = now
        open = open.filter { now - $0.value.lastUsed <= idle }
    }
}
