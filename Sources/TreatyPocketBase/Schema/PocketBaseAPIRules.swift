/// The five API rules of a collection.
///
/// A rule is a filter expression: `nil` (JSON `null`) locks the action to superusers, `""`
/// lets anyone perform it, and any other text must hold for the record and request.
struct PocketBaseAPIRules: Sendable, Hashable {
    /// Who may list records.
    var list: String?
    /// Who may view one record.
    var view: String?
    /// Who may create records.
    var create: String?
    /// Who may update records.
    var update: String?
    /// Who may delete records.
    var delete: String?

    /// Creates rules; all locked by default.
    ///
    /// - Parameters:
    ///   - list: The list rule.
    ///   - view: The view rule.
    ///   - create: The create rule.
    ///   - update: The update rule.
    ///   - delete: The delete rule.
    init(
        list: String? = nil, view: String? = nil, create: String? = nil, update: String? = nil, delete: String? = nil
    ) {
        self.list = list
        self.view = view
        self.create = create
        self.update = update
        self.delete = delete
    }

    /// Every action locked to superusers (PocketBase's default for a new collection).
    static let locked = PocketBaseAPIRules()

    /// Every action open to anyone.
    static let open = PocketBaseAPIRules(list: "", view: "", create: "", update: "", delete: "")
}
