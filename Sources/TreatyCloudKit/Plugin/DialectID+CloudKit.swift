public import TreatyCore

extension DialectID {
    /// CloudKit Web Services.
    public static let cloudKit = DialectID(rawValue: "cloudkit")
}
