import CLibXML2
import TreatyJSON

/// A thin wrapper over libxml2's `xmlTextWriter` writing into a memory buffer.
///
/// libxml2 lays out the document (declaration, element nesting, 2-space indentation, LF line
/// ends, final newline). Attribute values and text arrive already escaped by ``MarkupEscaping`` and
/// are written raw, so the escaping rules are ours and identical on every libxml2 version.
/// Not `Sendable`: one writer builds one document on one thread.
final class XMLTextWriter {
    private let buffer: xmlBufferPtr
    private let writer: xmlTextWriterPtr

    init() throws {
        LibXML.initialize()
        guard let buffer = xmlBufferCreate() else { throw ReportError.writerFailed("the buffer") }
        guard let writer = xmlNewTextWriterMemory(buffer, 0) else {
            xmlBufferFree(buffer)
            throw ReportError.writerFailed("the writer")
        }
        self.buffer = buffer
        self.writer = writer
    }

    deinit {
        xmlFreeTextWriter(writer)
        xmlBufferFree(buffer)
    }

    /// Writes `<?xml version="1.0" encoding="UTF-8"?>` and turns on 2-space indentation.
    func startDocument() throws {
        try check(xmlTextWriterSetIndent(writer, 1), "the indentation")
        try check(LibXML.withXMLChars("  ") { xmlTextWriterSetIndentString(writer, $0) }, "the indentation")
        try check(xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil), "the XML declaration")
    }

    /// Opens an element.
    func startElement(_ name: String) throws {
        try check(LibXML.withXMLChars(name) { xmlTextWriterStartElement(writer, $0) }, "<\(name)>")
    }

    /// Writes an attribute whose value is already escaped.
    func attribute(_ name: String, escaped value: String) throws {
        try check(LibXML.withXMLChars(name) { xmlTextWriterStartAttribute(writer, $0) }, "attribute \(name)")
        try raw(value, "attribute \(name)")
        try check(xmlTextWriterEndAttribute(writer), "attribute \(name)")
    }

    /// Writes element content that is already escaped.
    func text(escaped value: String) throws {
        try raw(value, "element text")
    }

    /// Closes the innermost open element (as `/>` when it is empty).
    func endElement() throws {
        try check(xmlTextWriterEndElement(writer), "an end tag")
    }

    /// Closes all open elements and returns the document's bytes.
    func finish() throws -> [UInt8] {
        try check(xmlTextWriterEndDocument(writer), "the end of the document")
        try check(xmlTextWriterFlush(writer), "the end of the document")
        let count = Int(xmlBufferLength(buffer))
        guard count > 0, let content = xmlBufferContent(buffer) else { return [] }
        return Array(UnsafeBufferPointer(start: content, count: count))
    }

    private func raw(_ value: String, _ step: String) throws {
        guard !value.isEmpty else { return }
        var value = value
        let result = value.withUTF8 { bytes -> Int32 in
            guard let base = bytes.baseAddress, bytes.count <= Int(Int32.max) else { return -1 }
            return xmlTextWriterWriteRawLen(writer, base, Int32(bytes.count))
        }
        try check(result, step)
    }

    private func check(_ result: Int32, _ step: String) throws {
        guard result >= 0 else { throw ReportError.writerFailed(step) }
    }
}
