internal import TreatyCore

extension DraftContract {
    /// The contract as YAML: flow-style values one per line, each review note as a
    /// `# review:` comment on the line it concerns.
    func yaml() -> String {
        var lines = header.map { "# " + $0 }
        lines.append("api: \(Self.scalar(api))")
        lines.append("dialect: rest-sync")
        lines.append("naming: \(naming.rawValue)")
        if !defaults.isEmpty {
            lines.append("")
            lines.append("defaults:")
            lines += defaults.map { Self.render($0, indent: 2) }
        }
        lines.append("")
        lines.append(resources.isEmpty ? "resources: {}" : "resources:")
        for resource in resources {
            lines.append("  \(Self.key(resource.name)):" + Self.comment("from \(resource.origin)"))
            lines += resource.settings.map { Self.render($0, indent: 4) }
            if resource.fields.isEmpty { continue }
            lines.append("    fields:")
            lines += resource.fields.map { Self.render($0, indent: 6) }
        }
        if !endpoints.isEmpty {
            lines.append("")
            lines.append("endpoints:")
            for endpoint in endpoints {
                let pairs =
                    [
                        ("method", endpoint.method), ("path", Self.scalar(endpoint.path)),
                        ("resource", Self.key(endpoint.resource)),
                    ]
                    + endpoint.extra
                let flow = "{ " + pairs.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + " }"
                lines.append("  - " + flow + (endpoint.note.map { Self.comment("review: " + $0) } ?? ""))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func render(_ line: Line, indent: Int) -> String {
        String(repeating: " ", count: indent) + "\(key(line.key)): \(line.value)"
            + (line.note.map { comment("review: " + $0) } ?? "")
    }

    private static func comment(_ text: String) -> String {
        "  # " + String(text.map { $0.isNewline ? " " : $0 })
    }

    /// `text` as a mapping key: plain when it is a simple word, else double-quoted.
    static func key(_ text: String) -> String {
        let simple =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy {
                $0.properties.isAlphabetic && $0.isASCII || ("0"..."9").contains($0) || $0 == "_"
            }
            && !(text.first?.isNumber ?? true) && !reservedWords.contains(text.lowercased())
        return simple ? text : quoted(text)
    }

    /// `text` as a flow scalar: plain when it cannot be misread, else double-quoted.
    static func scalar(_ text: String) -> String {
        let plainSafe =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy {
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-./".unicodeScalars.contains($0))
            }
            && !(text.first.map { $0.isNumber || $0 == "-" || $0 == "." } ?? true)
            && !reservedWords.contains(text.lowercased())
        return plainSafe ? text : quoted(text)
    }

    /// `text` double-quoted with YAML escapes.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\x" + String(scalar.value, radix: 16).leftPadded(2)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// A flow list of scalars.
    static func list(_ items: [String]) -> String {
        "[" + items.map(scalar).joined(separator: ", ") + "]"
    }

    /// Plain scalars YAML would read as something other than a string.
    private static let reservedWords: Set<String> = ["null", "true", "false", "yes", "no", "on", "off", "y", "n", "~"]
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
