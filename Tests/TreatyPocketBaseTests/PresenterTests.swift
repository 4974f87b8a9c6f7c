import Testing
import TreatyJSON

@testable import TreatyPocketBase

@Suite struct PresenterTests {
    private let users = PocketBaseRecordPresenter(collection: .users)
    private let stored: JSONObject = [
        "id": "2eo3lfahsyi3888", "password": "$2a$10$hash", "tokenKey": "key", "email": "a@example.com",
        "emailVisibility": false, "verified": false, "name": "Alice", "avatar": "",
        "created": "2026-11-22 00:58:54.288Z", "updated": "2026-11-22 00:58:54.288Z",
    ]

    @Test("a superuser sees the email but never the password or token key, keys sorted")
    func superuser() {
        #expect(
            JSONValue.object(users.present(stored, to: .superuser)).serialized()
                == #"{"avatar":"","collectionId":"_pb_users_auth_","collectionName":"users","created":"2026-11-22 00:58:54.288Z","email":"a@example.com","emailVisibility":false,"id":"2eo3lfahsyi3888","name":"Alice","updated":"2026-11-22 00:58:54.288Z","verified":false}"#
        )
    }

    @Test(
        "others see the email only when it is visible or the record is their own",
        arguments: [
            (PocketBaseViewer.guest, false, false), (.guest, true, true),
            (.record(collectionId: "_pb_users_auth_", id: "2eo3lfahsyi3888"), false, true),
            (.record(collectionId: "_pb_users_auth_", id: "someoneelse0000"), false, false),
            (.record(collectionId: "pbc_2620428958", id: "2eo3lfahsyi3888"), false, false),
        ])
    func emailVisibility(viewer: PocketBaseViewer, visible: Bool, shown: Bool) {
        var record = stored
        record["emailVisibility"] = .bool(visible)
        let reply = users.present(record, to: viewer)
        #expect((reply["email"] != nil) == shown)
        #expect(reply["password"] == nil)
        #expect(reply["tokenKey"] == nil)
    }

    @Test("hidden fields of base collections appear to superusers only; password fields read empty")
    func hiddenFields() {
        let posts = PocketBaseRecordPresenter(collection: BlogSchema.posts)
        #expect(posts.present(["secretNote": "s"], to: .guest)["secretNote"] == nil)
        #expect(posts.present(["secretNote": "s"], to: .superuser)["secretNote"] == "s")
        let members = PocketBaseRecordPresenter(collection: BlogSchema.collection("members"))
        #expect(members.present(["pin": "1234"], to: .superuser)["pin"] == "")
    }
}
