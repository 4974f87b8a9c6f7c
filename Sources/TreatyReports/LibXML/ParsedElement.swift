import CLibXML2

/// A read-only view of one element of a ``ParsedXML`` document; valid while the document lives.
struct ParsedElement {
    let node: xmlNodePtr

    /// The element's local name.
    var name: String {
        node.pointee.name.map { String(cString: $0) } ?? ""
    }

    /// The 1-based line the element starts on, when libxml2 knows it.
    var line: Int? {
        let line = Int(xmlGetLineNo(node))
        return line > 0 ? line : nil
    }

    /// The value of an attribute without a namespace, or `nil` when it is absent.
    func attribute(_ name: String) -> String? {
        LibXML.takeString(LibXML.withXMLChars(name) { xmlGetNoNsProp(node, $0) })
    }

    /// The child elements, in document order.
    var children: [ParsedElement] {
        var result: [ParsedElement] = []
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE { result.append(ParsedElement(node: current)) }
            child = current.pointee.next
        }
        return result
    }

    /// The child elements called `name`.
    func children(named name: String) -> [ParsedElement] {
        children.filter { $0.name == name }
    }

    /// The concatenated text of the element and its descendants.
    var text: String {
        LibXML.takeString(xmlNodeGetContent(node)) ?? ""
    }
}
