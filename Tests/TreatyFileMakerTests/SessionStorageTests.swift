import HTTPTypes
import Testing
import TreatyDialect
import TreatyJSON

@testable import TreatyFileMaker

/// Sessions live in the store's standing attachments: a dialect made afresh on the same store
/// (as after a restart) knows them, and a reset or restore of the data keeps them.
@Suite struct SessionStorageTests {
    static let records = MusicServer.artists + "/records"

    @Test("a fresh dialect on the same store (a restart) knows the token and its globals; a logout removes the session")
    func freshDialect() throws {
        let server = try MusicServer()
        let token = try server.login()
        let set = try server.send(
            .patch, MusicServer.base + "/globals", json: ["globalFields": ["Artists::gNote": "kept"]], token: token)
        #expect(set.status == 200)
        #expect(server.store.attachments(prefixed: FileMakerSessions.keyPrefix, in: .standing).count == 1)
        let restarted = try MusicServer(sharing: server.store)
        let read = try restarted.send(.get, Self.records + "/1", token: token)
        #expect(read.status == 200, "\(read.body)")
        #expect(read.response["data"]?[0]?["fieldData"]?["gNote"] == "kept")
        #expect(try restarted.send(.delete, MusicServer.base + "/sessions/" + token).status == 200)
        #expect(server.store.attachments(prefixed: FileMakerSessions.keyPrefix, in: .standing).isEmpty)
    }

    @Test("a reset and a snapshot restore of the data leave open sessions open")
    func resetKeepsSessions() throws {
        let server = try MusicServer()
        server.store.snapshot(named: "before")
        let token = try server.login()
        server.store.restore(named: "before")
        #expect(try server.send(.get, Self.records + "/1", token: token).status == 200)
        server.store.reset()
        #expect(try server.send(.get, Self.records + "/1", token: token).status == 200)
        #expect(try MusicServer(sharing: server.store).send(.get, Self.records + "/1", token: token).status == 200)
    }
}

extension MusicServer {
    /// A server with a new dialect on `store`, as a restarted server has.
    init(sharing store: RecordStore) throws {
        dialect = try MusicServer().dialect
        self.store = store
    }
}
