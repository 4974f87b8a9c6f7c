/// A report could not be read, written, validated or merged.
///
/// The description reads like compiler output: where, what, and how to fix it.
///
/// ```
/// Reports/a.xml:3: not a JUnit report: root element is <foo>, expected <testsuites> or <testsuite>
///   fix: pass JUnit XML files, such as the TEST-*.xml files `treaty verify` writes
/// ```
public struct ReportError: Error, Sendable, CustomStringConvertible {
    private enum Reason: Sendable, Hashable {
        case unreadable(String)
        case tooLarge(bytes: Int, limit: Int)
        case notXML(String)
        case doctypeRefused
        case notJUnit(String)
        case unwritable(String)
        case writerFailed(String)
        case schemaUnusable(String)
        case duplicateTestCase(name: String, suite: String, reports: [Int])
    }

    private let reason: Reason
    /// The file the problem is in, when there is one.
    public let file: String?
    /// The 1-based line of the problem, when known.
    public let line: Int?

    private init(_ reason: Reason, file: String?, line: Int? = nil) {
        self.reason = reason
        self.file = file
        self.line = line
    }

    /// What went wrong, in one line, without the location.
    public var message: String {
        switch reason {
        case .unreadable(let why): "cannot read the file: \(why)"
        case .tooLarge(let bytes, let limit):
            "report is \(bytes) bytes, more than the limit of \(limit) bytes"
        case .notXML(let why): "not XML: \(why)"
        case .doctypeRefused: "refusing a report with a <!DOCTYPE>: its entities could read local files (XXE)"
        case .notJUnit(let why): "not a JUnit report: \(why)"
        case .unwritable(let why): "cannot write the report: \(why)"
        case .writerFailed(let step): "libxml2's writer failed while writing \(step)"
        case .schemaUnusable(let why): "cannot use the schema: \(why)"
        case .duplicateTestCase(let name, let suite, let reports):
            "testcase '\(name)' appears more than once in suite '\(suite)' (in reports "
                + reports.map(String.init).joined(separator: ", ") + ")"
        }
    }

    /// How to fix it.
    public var fix: String {
        switch reason {
        case .unreadable: "check the path and its permissions"
        case .tooLarge: "split the run into shards, or truncate system-out in the tool that wrote it"
        case .notXML: "pass JUnit XML files, such as the TEST-*.xml files `treaty verify` writes"
        case .doctypeRefused: "remove the <!DOCTYPE …> declaration; JUnit reports never need one"
        case .notJUnit: "pass JUnit XML files, such as the TEST-*.xml files `treaty verify` writes"
        case .unwritable: "check that the directory is writable and the disk is not full"
        case .writerFailed: "this is a bug in TreatyReports; please report it with the report's contents"
        case .schemaUnusable: "pass one of the .xsd files from the schemas folder"
        case .duplicateTestCase:
            "make the shards disjoint (each interaction runs in one shard), or merge only one run's files"
        }
    }

    /// `file:line: message`, then the fix on an indented line.
    public var description: String {
        var location = ""
        if let file {
            location = file
            if let line { location += ":\(line)" }
            location += ": "
        }
        return "\(location)\(message)\n  fix: \(fix)"
    }
}

extension ReportError {
    static func unreadable(_ file: String, _ why: String) -> ReportError {
        ReportError(.unreadable(why), file: file)
    }

    static func tooLarge(_ file: String, bytes: Int, limit: Int) -> ReportError {
        ReportError(.tooLarge(bytes: bytes, limit: limit), file: file)
    }

    static func notXML(_ file: String, line: Int?, _ why: String) -> ReportError {
        ReportError(.notXML(why), file: file, line: line)
    }

    static func doctypeRefused(_ file: String, line: Int?) -> ReportError {
        ReportError(.doctypeRefused, file: file, line: line)
    }

    static func notJUnit(_ file: String, line: Int?, _ why: String) -> ReportError {
        ReportError(.notJUnit(why), file: file, line: line)
    }

    static func unwritable(_ file: String, _ why: String) -> ReportError {
        ReportError(.unwritable(why), file: file)
    }

    static func writerFailed(_ step: String) -> ReportError {
        ReportError(.writerFailed(step), file: nil)
    }

    static func schemaUnusable(_ file: String, _ why: String) -> ReportError {
        ReportError(.schemaUnusable(why), file: file)
    }

    static func duplicateTestCase(name: String, suite: String, file: String?, reports: [Int]) -> ReportError {
        ReportError(.duplicateTestCase(name: name, suite: suite, reports: reports), file: file)
    }
}
