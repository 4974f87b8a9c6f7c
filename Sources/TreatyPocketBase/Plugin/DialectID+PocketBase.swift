public import TreatyCore

extension DialectID {
    /// The PocketBase / BosBase records API.
    public static let pocketBase = DialectID(rawValue: "pocketbase")
}
