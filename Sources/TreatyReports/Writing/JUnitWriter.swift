/// Writes a ``TestReport`` as JUnit XML through libxml2's `xmlTextWriter`.
///
/// The output is deterministic: a `<testsuites>` root, suites sorted by package, name and file
/// (`id` is the 0-based index in that order), test cases in the given (contract) order, a fixed
/// attribute order, properties sorted by name, UTF-8 with LF line ends, 2-space indentation and a
/// final newline. Counts and times are computed from the cases; `time` is seconds with exactly
/// three decimals. Text is cleaned by stripping ANSI colour sequences and making characters XML 1.0
/// forbids visible (`\u{1B}`); `message`, names and other one-line attributes have line breaks
/// turned into spaces.
///
/// ```swift
/// let writer = JUnitWriter(flavor: .standard)
/// try writer.write(report, to: "Reports/TEST-contract-verification.xml")
/// ```
public struct JUnitWriter: Sendable {
    /// The default for ``outputLimit``: 1 MiB per text block.
    public static let defaultOutputLimit = 1 << 20

    /// The dialect written.
    public var flavor: JUnitFlavor
    /// The most UTF-8 bytes kept from each `system-out`, `system-err` and failure detail; longer
    /// text is cut and ends with a `[truncated: … more bytes not shown]` line. GitLab accepts
    /// 30 MB per file, so keep this well below that.
    public var outputLimit: Int

    /// Creates a writer.
    ///
    /// - Parameters:
    ///   - flavor: The dialect to write; ``JUnitFlavor/standard`` unless Jenkins' xUnit plugin reads it.
    ///   - outputLimit: The most UTF-8 bytes kept per text block (clamped to 0…512 MiB).
    public init(flavor: JUnitFlavor = .standard, outputLimit: Int = JUnitWriter.defaultOutputLimit) {
        self.flavor = flavor
        self.outputLimit = min(max(0, outputLimit), 512 << 20)
    }

    /// The report as a complete JUnit XML document.
    ///
    /// - Parameter report: The report to write.
    /// - Returns: The document's UTF-8 bytes.
    /// - Throws: ``ReportError`` if libxml2's writer fails.
    public func document(for report: TestReport) throws -> [UInt8] {
        let writer = try XMLTextWriter()
        try writer.startDocument()
        try JUnitDocumentBuilder(flavor: flavor, outputLimit: outputLimit, writer: writer).write(report)
        return try writer.finish()
    }
}
