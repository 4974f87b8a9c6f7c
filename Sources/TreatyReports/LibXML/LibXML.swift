import CLibXML2

/// Process-wide libxml2 setup and small bridging helpers.
enum LibXML {
    /// `xmlInitParser` is not safe to race on first use; a `static let` runs it exactly once.
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// Initializes libxml2 once per process; call before any other libxml2 function.
    static func initialize() {
        _ = initialized
    }

    /// Calls `body` with `string` as a NUL-terminated `xmlChar` pointer.
    ///
    /// The string must not contain NUL; callers pass constants or sanitized text.
    static func withXMLChars<Result>(
        _ string: String,
        _ body: (UnsafePointer<xmlChar>) throws -> Result
    ) rethrows -> Result {
        try string.withCString { cString in
            try cString.withMemoryRebound(to: xmlChar.self, capacity: string.utf8.count + 1, body)
        }
    }

    /// Takes ownership of a string libxml2 allocated: copies it and frees the original.
    static func takeString(_ pointer: UnsafeMutablePointer<xmlChar>?) -> String? {
        guard let pointer else { return nil }
        defer { treaty_xml_free(pointer) }
        return String(cString: pointer)
    }

    /// A libxml2 error message without its trailing line break.
    static func message(of error: xmlError) -> String {
        guard let text = error.message else { return "unknown error" }
        let message = String(cString: text)
        return message.trimmingSuffix(while: { $0 == "\n" || $0 == " " })
    }
}

extension String {
    /// The string without the trailing characters that match `predicate`.
    func trimmingSuffix(while predicate: (Character) -> Bool) -> String {
        var end = endIndex
        while end > startIndex, predicate(self[index(before: end)]) {
            end = index(before: end)
        }
        return String(self[..<end])
    }
}
