extension PocketBaseCollection {
    /// The `users` auth collection of a fresh PocketBase 0.40 (`_pb_users_auth_`), exactly as
    /// `GET /api/collections` shows it: the auth system fields, `name`, `avatar`, `created`
    /// and `updated`; users may list, view, update and delete only themselves, anyone may sign
    /// up.
    static let users: PocketBaseCollection = {
        let ownRecord = "id = @request.auth.id"
        var auth = PocketBaseAuthOptions()
        auth.oauth2.mappedFields = .init(name: "name", avatarURL: "avatar")
        return PocketBaseCollection(
            id: "_pb_users_auth_", name: "users", type: .auth,
            fields: [
                .recordID, .authPassword, .authTokenKey, .authEmail, .authEmailVisibility, .authVerified,
                PocketBaseField(name: "name", options: .text(.init(max: 255))),
                PocketBaseField(
                    name: "avatar",
                    options: .file(
                        .init(mimeTypes: ["image/jpeg", "image/png", "image/svg+xml", "image/gif", "image/webp"]))),
                .created(), .updated(),
            ],
            indexes: authIndexes(id: "_pb_users_auth_", name: "users"),
            rules: PocketBaseAPIRules(
                list: ownRecord, view: ownRecord, create: "", update: ownRecord, delete: ownRecord),
            auth: auth)
    }()

    /// The `_superusers` system auth collection of a fresh PocketBase 0.40 (`pbc_3142635823`):
    /// all rules locked, 1-day auth tokens.
    static let superusers: PocketBaseCollection = {
        var auth = PocketBaseAuthOptions()
        auth.authTokenDuration = 86_400
        return PocketBaseCollection(
            name: "_superusers", type: .auth, system: true,
            fields: [
                .recordID, .authPassword, .authTokenKey, .authEmail, .authEmailVisibility, .authVerified,
                .created(system: true), .updated(system: true),
            ],
            indexes: authIndexes(id: "pbc_3142635823", name: "_superusers"),
            auth: auth)
    }()

    /// Every collection of a fresh PocketBase 0.40, in `GET /api/collections` order: `_mfas`,
    /// `_otps`, `_externalAuths`, `_authOrigins`, `_superusers`, `users`.
    static let freshServer: [PocketBaseCollection] = [
        systemBase(
            "_mfas", fields: [.systemText("collectionRef"), .systemText("recordRef"), .systemText("method")],
            indexes: ["CREATE INDEX `idx_mfas_collectionRef_recordRef` ON `_mfas` (collectionRef,recordRef)"]),
        systemBase(
            "_otps",
            fields: [
                .systemText("collectionRef"), .systemText("recordRef"),
                PocketBaseField(
                    name: "password", system: true, hidden: true, required: true, options: .password(.init(cost: 8))),
                .systemText("sentTo", required: false, hidden: true),
            ],
            indexes: ["CREATE INDEX `idx_otps_collectionRef_recordRef` ON `_otps` (collectionRef, recordRef)"]),
        systemBase(
            "_externalAuths",
            fields: [
                .systemText("collectionRef"), .systemText("recordRef"), .systemText("provider"),
                .systemText("providerId"),
            ],
            indexes: [
                "CREATE UNIQUE INDEX `idx_externalAuths_record_provider` ON `_externalAuths` (collectionRef, recordRef, provider)",
                "CREATE UNIQUE INDEX `idx_externalAuths_collection_provider` ON `_externalAuths` (collectionRef, provider, providerId)",
            ],
            deletable: true),
        systemBase(
            "_authOrigins",
            fields: [.systemText("collectionRef"), .systemText("recordRef"), .systemText("fingerprint")],
            indexes: [
                "CREATE UNIQUE INDEX `idx_authOrigins_unique_pairs` ON `_authOrigins` (collectionRef, recordRef, fingerprint)"
            ],
            deletable: true),
        superusers,
        users,
    ]

    /// The unique `tokenKey` and `email` indexes PocketBase adds to an auth collection.
    static func authIndexes(id: String, name: String) -> [String] {
        [
            "CREATE UNIQUE INDEX `\(indexName("tokenKey", id: id))` ON `\(name)` (`tokenKey`)",
            "CREATE UNIQUE INDEX `\(indexName("email", id: id))` ON `\(name)` (`email`) WHERE `email` != ''",
        ]
    }

    /// `idx_<field>_<collection id>`, cut to 64 characters.
    static func indexName(_ field: String, id: String) -> String {
        String(("idx_" + field + "_" + id).prefix(64))
    }

    private static func systemBase(
        _ name: String, fields: [PocketBaseField], indexes: [String], deletable: Bool = false
    ) -> PocketBaseCollection {
        let ownRef =
            "@request.auth.id != '' && recordRef = @request.auth.id && collectionRef = @request.auth.collectionId"
        return PocketBaseCollection(
            name: name, system: true, fields: [.recordID] + fields + [.created(system: true), .updated(system: true)],
            indexes: indexes, rules: PocketBaseAPIRules(list: ownRef, view: ownRef, delete: deletable ? ownRef : nil))
    }
}
