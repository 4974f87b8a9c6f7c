extension TestCaseReport {
    /// The classname Treaty uses for an interaction: `contracts.<Consumer>.<Provider>`.
    ///
    /// Jenkins splits a classname at its last dot into package and class, so a `.` inside either
    /// name becomes `_`: `classname(consumer: "web.app", provider: "Orders")` is
    /// `contracts.web_app.Orders`.
    ///
    /// - Parameters:
    ///   - consumer: The consuming application.
    ///   - provider: The providing service.
    /// - Returns: The dotted classname.
    public static func classname(consumer: String, provider: String) -> String {
        "contracts.\(classnamePart(consumer)).\(classnamePart(provider))"
    }

    /// One part of a classname, with every `.` replaced by `_`.
    static func classnamePart(_ part: String) -> String {
        String(part.map { $0 == "." ? "_" : $0 })
    }
}

extension TestCaseReport {
    /// The line that marks an attachment in `system-out`: `[[ATTACHMENT|path]]`.
    ///
    /// Jenkins' junit-attachments plugin and GitLab (first attachment only) read this line.
    ///
    /// - Parameter path: The file's path relative to the project directory, with `/` separators.
    /// - Returns: The marker line, without a line break.
    public static func attachmentLine(for path: String) -> String {
        "[[ATTACHMENT|\(path)]]"
    }

    /// Attaches a file: appends its `[[ATTACHMENT|path]]` line to ``systemOut`` and adds an
    /// `attachment` property (read by Testmo-style tools).
    ///
    /// The path should be relative to the project directory and kept as a CI artifact.
    ///
    /// - Parameter path: The file's path relative to the project directory, with `/` separators.
    public mutating func addAttachment(_ path: String) {
        let line = Self.attachmentLine(for: path)
        if let existing = systemOut, !existing.isEmpty {
            systemOut = existing.hasSuffix("\n") ? existing + line : existing + "\n" + line
        } else {
            systemOut = line
        }
        properties.append(TestProperty(name: "attachment", value: path))
    }
}
