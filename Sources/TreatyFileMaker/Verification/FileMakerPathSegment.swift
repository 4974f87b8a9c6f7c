internal import Foundation

/// A database, layout or script name as one Data API path segment.
enum FileMakerPathSegment {
    /// `name` percent-encoded so it stays one segment (a `/` in it is escaped too).
    static func escape(_ name: String) -> String {
        name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/")))
            ?? name
    }
}
