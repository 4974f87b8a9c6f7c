import TreatyJSON

/// Walks a report and emits its elements through an ``XMLTextWriter``, in the order and with the
/// attributes that ``JUnitFlavor`` asks for.
struct JUnitDocumentBuilder {
    let flavor: JUnitFlavor
    let outputLimit: Int
    let writer: XMLTextWriter

    /// What an empty required one-line attribute (name, classname) is written as.
    static let unnamed = "(unnamed)"

    private var isStandard: Bool { flavor == .standard }

    func write(_ report: TestReport) throws {
        let suites = report.orderedSuites
        try writer.startElement("testsuites")
        try oneLineAttribute("name", report.name, placeholder: nil)
        try attribute("tests", String(report.tests))
        try attribute("failures", String(report.failures))
        try attribute("errors", String(report.errors))
        if isStandard { try attribute("skipped", String(report.skipped)) }
        try attribute("time", JUnitTime.seconds(fromMilliseconds: report.durationMilliseconds))
        if isStandard { try attribute("timestamp", JUnitTime.timestamp(report.timestamp)) }
        for (index, suite) in suites.enumerated() {
            try write(suite, id: index)
        }
        try writer.endElement()
    }

    private func write(_ suite: TestSuiteReport, id: Int) throws {
        try writer.startElement("testsuite")
        try oneLineAttribute("name", suite.name, placeholder: Self.unnamed)
        try attribute("tests", String(suite.tests))
        try attribute("failures", String(suite.failures))
        try attribute("errors", String(suite.errors))
        try attribute("skipped", String(suite.skipped))
        try attribute("time", JUnitTime.seconds(fromMilliseconds: suite.durationMilliseconds))
        try attribute("timestamp", JUnitTime.timestamp(suite.timestamp))
        try oneLineAttribute("hostname", suite.hostname, placeholder: nil)
        try attribute("id", String(id))
        try oneLineAttribute("package", suite.package, placeholder: nil)
        if isStandard { try oneLineAttribute("file", suite.file, placeholder: nil) }
        try write(suite.properties)
        for testCase in suite.cases {
            try write(testCase)
        }
        try writer.endElement()
    }

    private func write(_ testCase: TestCaseReport) throws {
        try writer.startElement("testcase")
        try oneLineAttribute("name", testCase.name, placeholder: Self.unnamed)
        try oneLineAttribute("classname", testCase.classname, placeholder: Self.unnamed)
        try attribute("time", JUnitTime.seconds(fromMilliseconds: testCase.durationMilliseconds))
        if isStandard {
            try oneLineAttribute("file", testCase.file, placeholder: nil)
            if let line = testCase.line, line > 0 { try attribute("line", String(line)) }
            if let assertions = testCase.assertions, assertions >= 0 {
                try attribute("assertions", String(assertions))
            }
            try write(testCase.properties)
        }
        try write(testCase.outcome)
        try textElement("system-out", testCase.systemOut)
        try textElement("system-err", testCase.systemErr)
        try writer.endElement()
    }

    private func write(_ outcome: TestOutcome) throws {
        switch outcome {
        case .passed:
            break
        case .failed(let problem):
            try write(problem, element: "failure", fallbackType: "Failure")
        case .errored(let problem):
            try write(problem, element: "error", fallbackType: "Error")
        case .skipped(let message):
            try writer.startElement("skipped")
            if isStandard {
                try oneLineAttribute("message", message, placeholder: nil)
            } else if let message {
                try writer.text(escaped: MarkupEscaping.content(TextSanitizer.clean(message)))
            }
            try writer.endElement()
        }
    }

    /// `<failure>`/`<error>`: both attributes are required and must have content, so an empty
    /// type becomes `fallbackType` and an empty message repeats the type.
    private func write(_ problem: TestProblem, element: String, fallbackType: String) throws {
        let type = TextSanitizer.oneLine(problem.type)
        let writtenType = TextSanitizer.hasContent(type) ? type : fallbackType
        let message = TextSanitizer.oneLine(problem.message)
        try writer.startElement(element)
        try attribute("message", TextSanitizer.hasContent(message) ? message : writtenType)
        try attribute("type", writtenType)
        try text(problem.detail)
        try writer.endElement()
    }

    private func write(_ properties: [TestProperty]) throws {
        guard !properties.isEmpty else { return }
        try writer.startElement("properties")
        for property in properties.sortedByName {
            try writer.startElement("property")
            try oneLineAttribute("name", property.name, placeholder: Self.unnamed)
            try attribute("value", TextSanitizer.clean(property.value))
            try writer.endElement()
        }
        try writer.endElement()
    }

    private func textElement(_ name: String, _ value: String?) throws {
        guard let value, !value.isEmpty else { return }
        try writer.startElement(name)
        try text(value)
        try writer.endElement()
    }

    private func text(_ value: String) throws {
        let cleaned = TextSanitizer.clean(value)
        try writer.text(escaped: MarkupEscaping.content(TextSanitizer.truncated(cleaned, toUTF8Bytes: outputLimit)))
    }

    /// A one-line attribute; blank values are left out, or written as `placeholder` when required.
    private func oneLineAttribute(_ name: String, _ value: String?, placeholder: String?) throws {
        let line = value.map(TextSanitizer.oneLine) ?? ""
        if TextSanitizer.hasContent(line) {
            try attribute(name, line)
        } else if let placeholder {
            try attribute(name, placeholder)
        }
    }

    /// An attribute whose value is already clean.
    private func attribute(_ name: String, _ value: String) throws {
        try writer.attribute(name, escaped: MarkupEscaping.attribute(value))
    }
}
