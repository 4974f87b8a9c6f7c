/// A URL path template such as `/projects/{project_id}/tasks/{id}`.
public struct PathTemplate: Sendable, Hashable, CustomStringConvertible {
    /// One segment between slashes.
    public enum Segment: Sendable, Hashable {
        case literal(String)
        case parameter(String)
    }

    /// The segments, without the leading empty one.
    public var segments: [Segment]

    /// Parses a template; returns `nil` when it does not start with `/`, has an empty segment
    /// (except a lone `/`), or a brace that does not enclose a whole segment.
    public init?(_ text: String) {
        guard text.hasPrefix("/") else { return nil }
        let parts = text.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        if parts == [""] {
            segments = []
            return
        }
        var parsed: [Segment] = []
        for part in parts {
            guard !part.isEmpty else { return nil }
            if part.hasPrefix("{") && part.hasSuffix("}") && part.count > 2 {
                let name = part.dropFirst().dropLast()
                guard !name.contains("{"), !name.contains("}") else { return nil }
                parsed.append(.parameter(String(name)))
            } else {
                guard !part.contains("{"), !part.contains("}") else { return nil }
                parsed.append(.literal(String(part)))
            }
        }
        segments = parsed
    }

    /// The parameter names in order.
    public var parameters: [String] {
        segments.compactMap {
            if case .parameter(let name) = $0 { return name }
            return nil
        }
    }

    /// The template with every parameter replaced by `{}`, so two templates that match the
    /// same paths compare equal.
    public var shape: String {
        "/" + segments.map {
            switch $0 {
            case .literal(let text): text
            case .parameter: "{}"
            }
        }.joined(separator: "/")
    }

    /// The parameter values if `path` (without query) matches this template, else `nil`.
    ///
    /// Runs on every request the simulator routes, so it compares UTF-8 bytes in place and
    /// allocates only the values it returns.
    public func match(_ path: String) -> [String: String]? {
        var values: [String: String] = [:]
        return walk(path) { name, part in values[name] = PercentDecoding.decode(String(decoding: part, as: UTF8.self)) }
            ? values : nil
    }

    /// Whether `path` (without query) matches this template, without reading the parameter
    /// values — for a router that tries every template before it decodes the one it picks.
    public func matches(_ path: String) -> Bool {
        walk(path) { _, _ in }
    }

    /// Walks `path` against the segments, handing each parameter's raw bytes to `parameter`.
    private func walk(_ path: String, parameter: (String, UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        var path = path
        return path.withUTF8 { bytes -> Bool in
            let slash = UInt8(ascii: "/")
            guard bytes.first == slash else { return false }
            guard bytes.count > 1 else { return segments.isEmpty }
            var start = 1
            for segment in segments {
                guard start <= bytes.count else { return false }
                var end = start
                while end < bytes.count, bytes[end] != slash { end += 1 }
                let part = UnsafeBufferPointer(rebasing: bytes[start..<end])
                switch segment {
                case .literal(let text):
                    guard text.utf8.elementsEqual(part) else { return false }
                case .parameter(let name):
                    guard !part.isEmpty else { return false }
                    parameter(name, part)
                }
                start = end + 1
            }
            return start == bytes.count + 1
        }
    }

    public var description: String {
        "/" + segments.map {
            switch $0 {
            case .literal(let text): text
            case .parameter(let name): "{\(name)}"
            }
        }.joined(separator: "/")
    }
}
