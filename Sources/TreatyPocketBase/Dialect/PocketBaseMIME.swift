import TreatyJSON

/// Content-type detection from a file's first bytes, covering the common types that
/// PocketBase's detector (`gabriel-vasile/mimetype`) reports, and which of them it serves inline.
enum PocketBaseMIME {
    /// The types PocketBase serves `Content-Disposition: inline`; others are `attachment`.
    static let inlineTypes: Set<String> = [
        "image/png", "image/jpg", "image/jpeg", "image/gif", "image/webp", "image/x-icon", "image/bmp",
        "video/webm", "video/mp4", "video/3gpp", "video/quicktime", "video/x-ms-wmv",
        "audio/basic", "audio/aiff", "audio/mpeg", "audio/midi", "audio/mp3", "audio/wave", "audio/wav",
        "audio/x-wav", "audio/x-mpeg", "audio/x-m4a", "audio/aac", "application/pdf", "application/x-pdf",
    ]

    /// The detected content type, with `; charset=utf-8` on text types.
    static func detect(_ bytes: [UInt8], name: String) -> String {
        func starts(_ prefix: [UInt8]) -> Bool { bytes.starts(with: prefix) }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if starts([0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return "image/gif" }
        if starts(Array("RIFF".utf8)), bytes.count >= 12, Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return "image/webp"
        }
        if starts(Array("%PDF-".utf8)) { return "application/pdf" }
        if starts([0x50, 0x4B, 0x03, 0x04]) { return "application/zip" }
        guard !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) else {
            return "application/octet-stream"
        }
        let head = text.drop { $0.isWhitespace }.prefix(64).lowercased()
        let htmlStarts = ["<!doctype html", "<html", "<head", "<body", "<script", "<iframe", "<h1", "<div", "<p", "<table"]
        if htmlStarts.contains(where: { head.hasPrefix($0) }) { return "text/html; charset=utf-8" }
        if head.hasPrefix("<svg") { return "image/svg+xml" }
        if head.hasPrefix("<?xml") { return "text/xml; charset=utf-8" }
        if (head.hasPrefix("{") || head.hasPrefix("[")), (try? JSONParser().parse(bytes)) != nil {
            return "application/json"
        }
        return "text/plain; charset=utf-8"
    }

    /// The extension PocketBase gives a file whose name has none.
    static func fileExtension(_ type: String) -> String {
        switch essence(type) {
        case "image/png": ".png"
        case "image/jpeg": ".jpg"
        case "image/gif": ".gif"
        case "image/webp": ".webp"
        case "image/svg+xml": ".svg"
        case "application/pdf": ".pdf"
        case "application/zip": ".zip"
        case "application/json": ".json"
        case "text/html": ".html"
        case "text/xml": ".xml"
        case "text/plain": ".txt"
        default: ""
        }
    }

    /// The type without parameters, lower-cased (`text/plain; charset=utf-8` → `text/plain`).
    static func essence(_ type: String) -> String {
        String(type.split(separator: ";").first ?? "").trimmingCharacters(in: " ").lowercased()
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        var text = self[...]
        while text.first == set { text.removeFirst() }
        while text.last == set { text.removeLast() }
        return String(text)
    }
}
