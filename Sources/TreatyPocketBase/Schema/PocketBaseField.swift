/// One field of a PocketBase collection: the props every field has plus its type's options.
///
/// PocketBase 0.23+ writes fields flat (`{"name": "title", "type": "text", "max": 120, …}`);
/// ``options`` holds the type-specific props. A new field's ``id`` is its type followed by the
/// decimal CRC-32 of its name (`text724990059` for `title`), as PocketBase makes it.
///
/// ```swift
/// let title = PocketBaseField(name: "title", required: true, options: .text(.init(min: 3, max: 120)))
/// title.id   // "text724990059"
/// ```
struct PocketBaseField: Sendable, Hashable {
    /// The stable id, such as `text724990059`.
    var id: String
    /// The name records use as a key.
    var name: String
    /// Whether PocketBase forbids renaming and removing the field.
    var system: Bool
    /// Whether the field is left out of API replies (superusers still see it).
    var hidden: Bool
    /// Whether the admin UI shows the value in relation previews.
    var presentable: Bool
    /// Whether an empty value fails with `validation_required` (autodate fields have no such
    /// prop and ignore it).
    var required: Bool
    /// The admin UI's help text.
    var help: String
    /// The type and its options.
    var options: Options

    /// Creates a field.
    ///
    /// - Parameters:
    ///   - id: The id; `nil` derives it as PocketBase does (see ``defaultID(type:name:)``).
    ///   - name: The name.
    ///   - system: Whether the field is a system field.
    ///   - hidden: Whether the field is hidden from API replies.
    ///   - presentable: Whether the field is presentable.
    ///   - required: Whether the field is required.
    ///   - help: The help text.
    ///   - options: The type and its options.
    init(
        id: String? = nil,
        name: String,
        system: Bool = false,
        hidden: Bool = false,
        presentable: Bool = false,
        required: Bool = false,
        help: String = "",
        options: Options
    ) {
        self.id = id ?? Self.defaultID(type: options.type, name: name)
        self.name = name
        self.system = system
        self.hidden = hidden
        self.presentable = presentable
        self.required = required
        self.help = help
        self.options = options
    }

    /// The field's type.
    var type: PocketBaseFieldType { options.type }

    /// The id PocketBase gives a new field: the type followed by the decimal CRC-32 of the name.
    ///
    /// - Parameters:
    ///   - type: The field type.
    ///   - name: The field name.
    /// - Returns: For example `text724990059` for a text field named `title`.
    static func defaultID(type: PocketBaseFieldType, name: String) -> String {
        type.rawValue + String(CRC32.checksum(name))
    }
}

extension PocketBaseField {
    /// A field type with its type-specific options.
    enum Options: Sendable, Hashable {
        case text(TextOptions)
        case number(NumberOptions)
        case bool
        case email(DomainOptions)
        case url(DomainOptions)
        case date(DateOptions)
        case autodate(AutodateOptions)
        case select(SelectOptions)
        case json(JSONOptions)
        case file(FileOptions)
        case relation(RelationOptions)
        case password(PasswordOptions)
        case editor(EditorOptions)
        case geoPoint

        /// The field type these options belong to.
        var type: PocketBaseFieldType {
            switch self {
            case .text: .text
            case .number: .number
            case .bool: .bool
            case .email: .email
            case .url: .url
            case .date: .date
            case .autodate: .autodate
            case .select: .select
            case .json: .json
            case .file: .file
            case .relation: .relation
            case .password: .password
            case .editor: .editor
            case .geoPoint: .geoPoint
            }
        }
    }

    /// Whether the field holds a list: select, relation and file fields with `maxSelect > 1`.
    var isMultiple: Bool {
        switch options {
        case .select(let options): options.maxSelect > 1
        case .relation(let options): options.maxSelect > 1
        case .file(let options): options.maxSelect > 1
        default: false
        }
    }
}
