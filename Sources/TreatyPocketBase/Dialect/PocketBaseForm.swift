internal import TreatyDialect
internal import TreatyJSON

/// A `multipart/form-data` body read the way PocketBase binds it: text parts become the object
/// (repeated keys an array, `@jsonPayload` merged in), parts with a `filename` become ``files``.
///
/// The bytes are split by the shared ``MultipartForm``; a body it cannot read binds as an
/// empty object without files, and parts without a name are skipped.
struct PocketBaseForm {
    var object = JSONObject()
    var files: [PocketBaseUpload] = []

    init(_ body: [UInt8], contentType: String) {
        guard let form = try? MultipartForm(body: body, contentType: contentType) else { return }
        var values: [(String, String)] = []
        for part in form.parts where !part.name.isEmpty {
            if let filename = part.filename {
                files.append(PocketBaseUpload(key: part.name, originalName: filename, bytes: part.body))
            } else {
                values.append((part.name, String(decoding: part.body, as: UTF8.self)))
            }
        }
        for (name, value) in values {
            if name == "@jsonPayload" {
                if let parsed = try? JSONParser().parse(value), case .object(let payload) = parsed {
                    for member in payload.members { object[member.key] = member.value }
                }
                continue
            }
            switch object[name] {
            case nil: object[name] = .string(value)
            case .array(let existing): object[name] = .array(existing + [.string(value)])
            case let existing?: object[name] = .array([existing, .string(value)])
            }
        }
    }
}
