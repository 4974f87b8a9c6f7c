import Foundation

/// Turns the elements of a parsed JUnit document into report values; see ``JUnitReader`` for the
/// mapping rules.
struct JUnitElementDecoder {
    let source: String

    func report(from root: ParsedElement) throws -> TestReport {
        let rootTimestamp = root.attribute("timestamp").flatMap(JUnitTime.date(fromTimestamp:))
        let suiteElements: [ParsedElement]
        switch root.name {
        case "testsuites": suiteElements = root.children(named: "testsuite")
        case "testsuite": suiteElements = [root]
        default:
            throw ReportError.notJUnit(
                source, line: root.line, "root element is <\(root.name)>, expected <testsuites> or <testsuite>")
        }
        let decoded = suiteElements.flatMap(flattened).map { suite(from: $0, inherited: rootTimestamp) }
        let earliest = decoded.compactMap(\.timestamp).min()
        let timestamp = rootTimestamp ?? earliest ?? Date(timeIntervalSince1970: 0)
        let suites = decoded.map { partial in
            var suite = partial.suite
            suite.timestamp = partial.timestamp ?? timestamp
            return suite
        }
        let name = root.attribute("name") ?? (root.name == "testsuite" ? suites.first?.name : nil) ?? ""
        return TestReport(name: name, timestamp: timestamp, suites: suites)
    }

    /// A suite followed by the suites nested in it, depth first.
    private func flattened(_ suite: ParsedElement) -> [ParsedElement] {
        [suite] + suite.children(named: "testsuite").flatMap(flattened)
    }

    private func suite(
        from element: ParsedElement,
        inherited: Date?
    ) -> (suite: TestSuiteReport, timestamp: Date?) {
        let timestamp = element.attribute("timestamp").flatMap(JUnitTime.date(fromTimestamp:)) ?? inherited
        let suite = TestSuiteReport(
            name: element.attribute("name") ?? "",
            package: element.attribute("package"),
            file: element.attribute("file"),
            hostname: element.attribute("hostname") ?? "",
            timestamp: Date(timeIntervalSince1970: 0),
            properties: properties(in: element),
            cases: element.children(named: "testcase").map(testCase)
        )
        return (suite, timestamp)
    }

    private func testCase(from element: ParsedElement) -> TestCaseReport {
        TestCaseReport(
            name: element.attribute("name") ?? "",
            classname: element.attribute("classname") ?? "",
            file: element.attribute("file"),
            line: element.attribute("line").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) },
            durationMilliseconds: element.attribute("time").map(JUnitTime.milliseconds(fromSeconds:)) ?? 0,
            outcome: outcome(of: element),
            systemOut: joinedText(element.children(named: "system-out")),
            systemErr: joinedText(element.children(named: "system-err")),
            properties: properties(in: element),
            assertions: element.attribute("assertions").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        )
    }

    private func outcome(of element: ParsedElement) -> TestOutcome {
        for child in element.children {
            switch child.name {
            case "failure": return .failed(problem(from: child))
            case "error": return .errored(problem(from: child))
            case "skipped":
                let text = child.text
                return .skipped(message: child.attribute("message") ?? (text.isEmpty ? nil : text))
            default: continue
            }
        }
        return .passed
    }

    private func problem(from element: ParsedElement) -> TestProblem {
        let detail = element.text
        let firstLine = detail.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return TestProblem(
            message: element.attribute("message") ?? firstLine,
            type: element.attribute("type") ?? "",
            detail: detail
        )
    }

    private func properties(in element: ParsedElement) -> [TestProperty] {
        element.children(named: "properties").flatMap { $0.children(named: "property") }.map {
            TestProperty(name: $0.attribute("name") ?? "", value: $0.attribute("value") ?? $0.text)
        }
    }

    private func joinedText(_ elements: [ParsedElement]) -> String? {
        elements.isEmpty ? nil : elements.map(\.text).joined(separator: "\n")
    }
}
