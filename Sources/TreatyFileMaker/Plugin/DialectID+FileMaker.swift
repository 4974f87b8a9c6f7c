public import TreatyCore

extension DialectID {
    /// The FileMaker Data API.
    public static let fileMaker = DialectID(rawValue: "filemaker")
}
