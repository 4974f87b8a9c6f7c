import Foundation
import HTTPTypes
import Synchronization
import TreatyCore
import TreatyDialect
import TreatyJSON
import TreatyQuery

extension PocketBaseDialect {
    /// Applies `fields=` to one object: a comma list of keys (trimmed), `*` for every top-level
    /// key, dotted paths into `expand`, and `name:excerpt(max[,ellipsis])`.
    ///
    /// - Throws: 400 for a bad `:excerpt` argument.
    static func applyFields(_ text: String, to object: JSONObject) throws(PocketBaseErrorResponse) -> JSONObject {
        let entries = fieldEntries(text).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        var paths: [(path: [String], excerpt: (Int, Bool)?)] = []
        for entry in entries {
            var name = entry
            var excerpt: (Int, Bool)?
            if let colon = entry.range(of: ":excerpt") {
                name = String(entry[..<colon.lowerBound])
                let args = entry[colon.upperBound...]
                guard args.hasPrefix("("), args.hasSuffix(")") else { throw .badRequest }
                let parts = args.dropFirst().dropLast().split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
                guard let max = parts.first.flatMap({ Int($0) }), max > 0 else { throw .badRequest }
                excerpt = (max, parts.count > 1 && ["true", "1", "t"].contains(parts[1].lowercased()))
            }
            paths.append((name.split(separator: ".").map(String.init), excerpt))
        }
        return select(paths, from: object)
    }

    /// Splits a `fields=` list on the commas outside parentheses, so `body:excerpt(20,true)` stays one entry.
    static func fieldEntries(_ text: String) -> [Substring] {
        var entries: [Substring] = []
        var depth = 0
        var start = text.startIndex
        for index in text.indices {
            switch text[index] {
            case "(": depth += 1
            case ")": depth = Swift.max(0, depth - 1)
            case "," where depth == 0:
                entries.append(text[start..<index])
                start = text.index(after: index)
            default: break
            }
        }
        entries.append(text[start...])
        return entries
    }

    private static func select(_ paths: [(path: [String], excerpt: (Int, Bool)?)], from object: JSONObject)
        -> JSONObject
    {
        var result = JSONObject()
        var nested: [String: [(path: [String], excerpt: (Int, Bool)?)]] = [:]
        for (path, excerpt) in paths {
            guard let head = path.first else { continue }
            if head == "*" {
                for member in object.members where result[member.key] == nil { result[member.key] = member.value }
                continue
            }
            guard let value = object[head] else { continue }
            if path.count == 1 || !(head == "expand" || value.objectValue != nil || value.arrayValue != nil) {
                if let (max, ellipsis) = excerpt, case .string(let text) = value {
                    result[head] = .string(PocketBaseExcerpt.make(text, max: max, ellipsis: ellipsis))
                } else {
                    result[head] = value
                }
                continue
            }
            nested[head, default: []].append((Array(path.dropFirst()), excerpt))
        }
        for (key, subpaths) in nested {
            guard let value = object[key] else { continue }
            switch value {
            case .object(let inner): result[key] = .object(select(subpaths, from: inner))
            case .array(let items):
                result[key] = .array(items.map { $0.objectValue.map { .object(select(subpaths, from: $0)) } ?? $0 })
            default: break
            }
        }
        return JSONObject(result.members.sorted { $0.key < $1.key })
    }
}

/// PocketBase's `:excerpt`: HTML stripped (block edges become spaces), whitespace collapsed,
/// cut to `max` characters, trimmed, `...` when cut and asked for.
enum PocketBaseExcerpt {
    static let blockTags: Set<String> = [
        "p", "div", "br", "h1", "h2", "h3", "h4", "h5", "h6", "li", "ul", "ol", "tr", "td", "th", "table",
        "blockquote", "pre", "section", "article", "header", "footer", "hr",
    ]

    static func make(_ html: String, max: Int, ellipsis: Bool) -> String {
        var text = ""
        var tag: String?
        for character in html {
            if character == "<" {
                tag = ""
            } else if character == ">", let name = tag {
                let bare = name.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }.lowercased()
                if blockTags.contains(bare) { text.append(" ") }
                tag = nil
            } else if tag != nil {
                tag?.append(character)
            } else {
                text.append(character)
            }
        }
        let collapsed = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        guard collapsed.count > max else { return collapsed }
        let cut = String(collapsed.prefix(max)).trimmingCharacters(in: .whitespaces)
        return ellipsis ? cut + "..." : cut
    }
}
