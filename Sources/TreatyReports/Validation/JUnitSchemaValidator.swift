import CLibXML2
import Synchronization

/// Checks JUnit XML against an XML Schema with libxml2's `xmlSchema*` API.
///
/// Load the schema once and validate many files. Documents are parsed with the same safe options
/// as ``JUnitReader`` (no network, no entities, no `<!DOCTYPE>`).
///
/// ```swift
/// let validator = try JUnitSchemaValidator(schemaPath: "schemas/junit-report.xsd")
/// for problem in try validator.validate(contentsOf: "Reports/TEST-contract-verification.xml") {
///     print(problem)  // Reports/TEST-contract-verification.xml:3: Element 'testsuite': …
/// }
/// ```
public struct JUnitSchemaValidator: Sendable {
    private let schema: CompiledSchema

    /// Loads and compiles a schema.
    ///
    /// - Parameter schemaPath: The `.xsd` file, for example `schemas/junit-report.xsd`.
    /// - Throws: ``ReportError`` when the file is missing or is not a usable XML Schema.
    public init(schemaPath: String) throws {
        schema = try CompiledSchema(path: schemaPath)
    }

    /// Validates a file.
    ///
    /// - Parameter path: The report's path; problems start with it.
    /// - Returns: The problems as `path:line: message`, in document order; empty when valid. A
    ///   document that is not well-formed XML yields one problem.
    /// - Throws: ``ReportError`` when the file cannot be read.
    public func validate(contentsOf path: String) throws -> [String] {
        let bytes = try JUnitFileBytes.read(path, limit: Int(Int32.max))
        return schema.validate(bytes, source: path)
    }

    /// Validates a document in memory.
    ///
    /// - Parameter bytes: The document.
    /// - Returns: The problems as `<memory>:line: message`; empty when valid.
    /// - Throws: Nothing today; declared so that future checks can fail without an API change.
    public func validate(bytes: [UInt8]) throws -> [String] {
        schema.validate(bytes, source: "<memory>")
    }
}

/// A compiled libxml2 schema, freed with its last reference.
///
/// `@unchecked Sendable`: the pointers are written once in `init` and freed in `deinit`; every
/// validation holds `lock`, so libxml2 never uses the schema from two threads at once.
private final class CompiledSchema: @unchecked Sendable {
    /// The schema document; kept alive because the compiled schema may point into it.
    private let document: ParsedXML
    private let schema: xmlSchemaPtr
    private let lock = Mutex(())

    init(path: String) throws {
        LibXML.initialize()
        let bytes = try JUnitFileBytes.read(path, limit: 16 << 20)
        do {
            document = try ParsedXML.parse(bytes, source: path)
        } catch let error as ReportError {
            throw ReportError.schemaUnusable(path, error.message)
        }
        guard let parserContext = xmlSchemaNewDocParserCtxt(document.document) else {
            throw ReportError.schemaUnusable(path, "libxml2 could not create a schema parser")
        }
        defer { xmlSchemaFreeParserCtxt(parserContext) }
        let collector = XMLErrorCollector(source: path)
        let compiled = collector.withHandler { handler, userData in
            xmlSchemaSetParserStructuredErrors(parserContext, handler, userData)
            return xmlSchemaParse(parserContext)
        }
        guard let compiled else {
            throw ReportError.schemaUnusable(path, collector.messages.first ?? "libxml2 could not compile it")
        }
        schema = compiled
    }

    deinit {
        xmlSchemaFree(schema)
    }

    func validate(_ bytes: [UInt8], source: String) -> [String] {
        let document: ParsedXML
        do {
            document = try ParsedXML.parse(bytes, source: source)
        } catch let error as ReportError {
            return [error.description.split(separator: "\n").first.map(String.init) ?? error.message]
        } catch {
            return ["\(source): \(error)"]
        }
        let collector = XMLErrorCollector(source: source)
        lock.withLock { _ in
            guard let context = xmlSchemaNewValidCtxt(schema) else {
                collector.append("\(source): libxml2 could not create a validation context")
                return
            }
            defer { xmlSchemaFreeValidCtxt(context) }
            collector.withHandler { handler, userData in
                xmlSchemaSetValidStructuredErrors(context, handler, userData)
                let result = xmlSchemaValidateDoc(context, document.document)
                if result != 0, collector.messages.isEmpty {
                    collector.append("\(source): not valid (libxml2 code \(result))")
                }
            }
        }
        return collector.messages
    }
}
