extension PocketBaseField {
    /// The `id` primary key every base and auth collection has: 15 characters of `[a-z0-9]`,
    /// generated when not sent.
    static let recordID = PocketBaseField(
        name: "id", system: true, required: true,
        options: .text(
            .init(min: 15, max: 15, pattern: "^[a-z0-9]+$", autogeneratePattern: "[a-z0-9]{15}", primaryKey: true)))

    /// The `password` field of auth collections (hidden, at least 8 characters).
    static let authPassword = PocketBaseField(
        name: "password", system: true, hidden: true, required: true, options: .password(.init(min: 8)))

    /// The `tokenKey` field of auth collections (hidden; 50 random characters).
    static let authTokenKey = PocketBaseField(
        name: "tokenKey", system: true, hidden: true, required: true,
        options: .text(.init(min: 30, max: 60, autogeneratePattern: "[a-zA-Z0-9]{50}")))

    /// The `email` field of auth collections.
    static let authEmail = PocketBaseField(name: "email", system: true, required: true, options: .email(.init()))

    /// The `emailVisibility` field of auth collections.
    static let authEmailVisibility = PocketBaseField(name: "emailVisibility", system: true, options: .bool)

    /// The `verified` field of auth collections.
    static let authVerified = PocketBaseField(name: "verified", system: true, options: .bool)

    /// An autodate field named `created`, set on create.
    ///
    /// - Parameter system: Whether it is a system field.
    /// - Returns: The field.
    static func created(system: Bool = false) -> PocketBaseField {
        PocketBaseField(name: "created", system: system, options: .autodate(.init(onCreate: true, onUpdate: false)))
    }

    /// An autodate field named `updated`, set on create and update.
    ///
    /// - Parameter system: Whether it is a system field.
    /// - Returns: The field.
    static func updated(system: Bool = false) -> PocketBaseField {
        PocketBaseField(name: "updated", system: system, options: .autodate(.init(onCreate: true, onUpdate: true)))
    }

    /// A required system text field (the `collectionRef`-style columns of system collections).
    static func systemText(_ name: String, required: Bool = true, hidden: Bool = false) -> PocketBaseField {
        PocketBaseField(name: name, system: true, hidden: hidden, required: required, options: .text(.init()))
    }
}
