extension JUnitWriter {
    /// Writes the report to one file, atomically: to a temporary file that is then renamed.
    ///
    /// Missing parent directories are created.
    ///
    /// - Parameters:
    ///   - report: The report to write.
    ///   - path: The destination, for example `Reports/TEST-contract-verification.xml`.
    /// - Throws: ``ReportError`` if the document cannot be built or the file cannot be written.
    public func write(_ report: TestReport, to path: String) throws {
        try AtomicFile.write(document(for: report), to: path)
    }

    /// Writes one file per suite, `TEST-<suite name>.xml`, each a complete `<testsuites>` document.
    ///
    /// Suite names are reduced to `[A-Za-z0-9._-]`; suites whose reduced names collide
    /// (case-insensitively) get a short hash of their name, package and file. Pass a `suffix`
    /// (a shard or platform name) when parallel jobs write into the same folder:
    /// `TEST-WebApp-OrderService-shard2.xml`. Each file's suite has `id` 0.
    ///
    /// - Parameters:
    ///   - report: The report whose suites to write.
    ///   - directory: The folder to write into; created when missing.
    ///   - suffix: A shard or platform name appended to each file name, or `nil`.
    /// - Returns: The paths written, in the writer's suite order.
    /// - Throws: ``ReportError`` if a document cannot be built or a file cannot be written.
    public func writeSuites(_ report: TestReport, toDirectory directory: String, suffix: String? = nil) throws
        -> [String]
    {
        let suites = report.orderedSuites
        let names = ReportFileName.names(for: suites, suffix: suffix)
        let folder = directory.isEmpty || directory.hasSuffix("/") ? directory : directory + "/"
        var paths: [String] = []
        for (suite, name) in zip(suites, names) {
            let single = TestReport(name: report.name, timestamp: report.timestamp, suites: [suite])
            let path = folder + name
            try write(single, to: path)
            paths.append(path)
        }
        return paths
    }
}
