import Foundation

/// Reads JUnit XML written by Treaty or by other tools, for `treaty report merge`.
///
/// Both a `<testsuites>` root and a bare `<testsuite>` root are accepted, missing optional
/// attributes are tolerated, and nested suites are flattened. Counts in the file are ignored:
/// ``TestReport`` recounts from the test cases. A suite's time becomes the sum of its cases'
/// times. Untrusted input stays harmless: no network, no entity expansion, no DTD, and a size
/// limit (see ``maximumBytes``).
///
/// How attributes map back to the model:
/// - A missing `timestamp` on a suite inherits the root's; a missing root `timestamp` is the
///   earliest suite's, else 1970-01-01T00:00:00Z. A zoneless timestamp is UTC.
/// - `time` accepts exponents and Surefire's `1,234.5`; missing or unreadable is 0.
/// - The first `<failure>`, `<error>` or `<skipped>` is the outcome. A problem without a
///   `message` takes its text's first line; a skip message comes from `message` or the text.
/// - Multiple `<system-out>` (or `<system-err>`) elements are joined with line breaks.
public struct JUnitReader: Sendable {
    /// The default for ``maximumBytes``: 100 MiB, the most GitLab accepts for a whole job.
    public static let defaultMaximumBytes = 100 << 20

    /// Larger inputs are refused with a ``ReportError`` instead of being parsed.
    public var maximumBytes: Int

    /// Creates a reader.
    ///
    /// - Parameter maximumBytes: The largest input accepted, in bytes.
    public init(maximumBytes: Int = JUnitReader.defaultMaximumBytes) {
        self.maximumBytes = maximumBytes
    }

    /// Reads the report in a file.
    ///
    /// - Parameter path: The file's path; also used as the location in errors.
    /// - Returns: The report.
    /// - Throws: ``ReportError`` when the file cannot be read, is too large, is not XML, or is not
    ///   a JUnit report.
    public func read(contentsOf path: String) throws -> TestReport {
        try read(bytes: JUnitFileBytes.read(path, limit: maximumBytes), source: path)
    }

    /// Reads a report from bytes.
    ///
    /// - Parameters:
    ///   - bytes: The document, in any encoding libxml2 detects (normally UTF-8).
    ///   - source: Names the input in errors, for example its path.
    /// - Returns: The report.
    /// - Throws: ``ReportError`` when the bytes are too many, not XML, or not a JUnit report.
    public func read(bytes: [UInt8], source: String) throws -> TestReport {
        guard bytes.count <= maximumBytes else {
            throw ReportError.tooLarge(source, bytes: bytes.count, limit: maximumBytes)
        }
        let document = try ParsedXML.parse(bytes, source: source)
        guard let root = document.root else {
            throw ReportError.notJUnit(source, line: nil, "the document has no root element")
        }
        return try JUnitElementDecoder(source: source).report(from: root)
    }
}
