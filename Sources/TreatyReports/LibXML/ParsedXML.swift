import CLibXML2

/// A document parsed by libxml2 with options that keep untrusted input harmless.
///
/// - No network access (`XML_PARSE_NONET`), no entity substitution (no `XML_PARSE_NOENT`), no DTD
///   loading (no `XML_PARSE_DTDLOAD`), and libxml2's default size and depth limits (no
///   `XML_PARSE_HUGE`).
/// - Any `<!DOCTYPE>` stops the parser as soon as it is seen, before an internal subset can
///   declare entities: JUnit reports never need one, and refusing it rules out XXE and
///   entity-expansion attacks.
/// - libxml2 prints nothing; its first error (usually the real cause) becomes a ``ReportError``.
final class ParsedXML {
    let document: xmlDocPtr
    let source: String

    private init(document: xmlDocPtr, source: String) {
        self.document = document
        self.source = source
    }

    deinit {
        xmlFreeDoc(document)
    }

    /// The root element.
    var root: ParsedElement? {
        xmlDocGetRootElement(document).map(ParsedElement.init)
    }

    /// Parses `bytes`; `source` names the input in errors.
    ///
    /// - Throws: ``ReportError`` when the bytes are not well-formed XML or contain a `<!DOCTYPE>`.
    static func parse(_ bytes: [UInt8], source: String) throws -> ParsedXML {
        LibXML.initialize()
        guard bytes.count <= Int(Int32.max) else {
            throw ReportError.tooLarge(source, bytes: bytes.count, limit: Int(Int32.max))
        }
        guard !bytes.isEmpty else { throw ReportError.notXML(source, line: nil, "the file is empty") }
        guard let context = xmlNewParserCtxt() else { throw ReportError.notXML(source, line: nil, "out of memory") }
        defer { xmlFreeParserCtxt(context) }
        let state = ParseState()
        // libxml2 never touches a parser context's `_private`; the callbacks find `state` there.
        context.pointee._private = Unmanaged.passUnretained(state).toOpaque()
        context.pointee.sax.pointee.internalSubset = { userData, _, _, _ in
            guard let (parser, state) = ParseState.from(userData) else { return }
            state.doctypeLine = parser.pointee.input.map { Int($0.pointee.line) }
            state.sawDoctype = true
            xmlStopParser(parser)
        }
        context.pointee.sax.pointee.serror = { userData, error in
            guard let (_, state) = ParseState.from(userData), let error, state.firstError == nil else { return }
            let line = Int(error.pointee.line)
            state.firstError = (LibXML.message(of: error.pointee), line > 0 ? line : nil)
        }
        let options = [XML_PARSE_NONET, XML_PARSE_NOERROR, XML_PARSE_NOWARNING, XML_PARSE_NOCDATA, XML_PARSE_BIG_LINES]
            .reduce(Int32(0)) { $0 | Int32($1.rawValue) }
        let parsed = withExtendedLifetime(state) {
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    xmlCtxtReadMemory(context, chars.baseAddress, Int32(chars.count), source, nil, options)
                }
            }
        }
        context.pointee._private = nil
        guard let parsed, !state.sawDoctype, parsed.pointee.intSubset == nil, parsed.pointee.extSubset == nil else {
            if let parsed { xmlFreeDoc(parsed) }
            if state.sawDoctype {
                throw ReportError.doctypeRefused(source, line: state.doctypeLine)
            }
            if let (message, line) = state.firstError {
                throw ReportError.notXML(source, line: line, message)
            }
            throw ReportError.notXML(source, line: nil, "libxml2 could not parse it")
        }
        return ParsedXML(document: parsed, source: source)
    }
}

/// What the parser callbacks learn while libxml2 parses one document.
private final class ParseState {
    var sawDoctype = false
    var doctypeLine: Int?
    var firstError: (message: String, line: Int?)?

    /// The parser context and state behind a SAX callback's user data (the parser context).
    static func from(_ userData: UnsafeMutableRawPointer?) -> (xmlParserCtxtPtr, ParseState)? {
        guard let userData else { return nil }
        let parser = userData.assumingMemoryBound(to: xmlParserCtxt.self)
        guard let state = parser.pointee._private else { return nil }
        return (parser, Unmanaged<ParseState>.fromOpaque(state).takeUnretainedValue())
    }
}
