internal import TreatyCore

/// A rest-sync contract being drafted from another description, written as YAML with review
/// notes (``DraftContract/yaml()``).
struct DraftContract {
    /// One line of a mapping: a key, its value in YAML flow style, and an optional review note.
    struct Line {
        var key: String
        var value: String
        var note: String?
    }

    /// A resource with its settings and fields, each a ``Line``.
    struct Resource {
        var name: String
        var origin: String
        var settings: [Line] = []
        var fields: [Line] = []
    }

    /// An endpoint in flow style, with an optional review note.
    struct Endpoint {
        var method: String
        var path: String
        var resource: String
        var extra: [(key: String, value: String)] = []
        var note: String?
    }

    var header: [String]
    var api: String
    var naming: NamingConvention
    var defaults: [Line]
    var resources: [Resource]
    var endpoints: [Endpoint]

    /// Every review note the text carries.
    var reviewNotes: Int {
        defaults.count { $0.note != nil }
            + resources.reduce(0) { sum, resource in
                sum + resource.settings.count { $0.note != nil } + resource.fields.count { $0.note != nil }
            }
            + endpoints.count { $0.note != nil }
    }
}
