/// The name of a backend wire format.
public struct DialectID: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Plain JSON over HTTP following the sync contract.
    public static let restSync = DialectID(rawValue: "rest-sync")
    /// The PocketBase / BosBase records API.
    public static let pocketBase = DialectID(rawValue: "pocketbase")
    /// The FileMaker Data API.
    public static let fileMaker = DialectID(rawValue: "filemaker")
    /// CloudKit Web Services.
    public static let cloudKit = DialectID(rawValue: "cloudkit")

    /// Every dialect a contract may name.
    public static let known: [DialectID] = [.restSync, .pocketBase, .fileMaker, .cloudKit]

    /// The top-level contract keys a dialect declares itself, besides the common ones: the
    /// loader keeps them in ``Contract/sections`` for the dialect's module to decode.
    public static let sectionKeys: [DialectID: [String]] = [.fileMaker: ["databases"], .cloudKit: ["container"]]

    public var description: String { rawValue }
}
