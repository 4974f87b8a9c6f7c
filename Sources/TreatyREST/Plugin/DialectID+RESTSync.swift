public import TreatyCore

extension DialectID {
    /// Plain JSON over HTTP following the sync contract.
    public static let restSync = DialectID(rawValue: "rest-sync")
}
