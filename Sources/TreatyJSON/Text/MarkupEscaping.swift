/// Escapes sanitized text for an XML or HTML attribute value or element content (the JUnit
/// writer and the HTML report and dashboard share it).
///
/// Both escape `& < > " '`. Attributes also write tab, LF and CR as `&#9;`, `&#10;` and `&#13;`
/// so that parsers do not fold them into spaces. Element content normalizes CR LF and CR to LF.
/// No CDATA sections are written, so `]]>` needs no splitting: its `>` becomes `&gt;`.
package enum MarkupEscaping {
    /// `value` escaped for a double-quoted attribute.
    package static func attribute(_ value: String) -> String {
        var result = ""
        result.reserveCapacity(value.utf8.count)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\t": result += "&#9;"
            case "\n": result += "&#10;"
            case "\r": result += "&#13;"
            default: appendEscaped(scalar, to: &result)
            }
        }
        return result
    }

    /// `text` escaped for element content, with line breaks normalized to LF.
    package static func content(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\r":
                result += "\n"
                previousWasCR = true
                continue
            case "\n":
                if !previousWasCR { result += "\n" }
            default:
                appendEscaped(scalar, to: &result)
            }
            previousWasCR = false
        }
        return result
    }

    private static func appendEscaped(_ scalar: Unicode.Scalar, to result: inout String) {
        switch scalar {
        case "&": result += "&amp;"
        case "<": result += "&lt;"
        case ">": result += "&gt;"
        case "\"": result += "&quot;"
        case "'": result += "&apos;"
        default: result.unicodeScalars.append(scalar)
        }
    }
}
