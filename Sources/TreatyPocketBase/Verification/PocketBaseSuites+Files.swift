internal import Foundation
internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

extension PocketBaseSuites {
    /// The cases for multipart bodies, files, deletes and sign-up (pocketbase.md §10, §2): repeated
    /// keys and `@jsonPayload`, a file's stored name, its download and its removal, the pruning
    /// and cascading of a delete, and an auth collection's password and `verified` rules.
    func fileCases(
        _ collection: PocketBaseCollection, all: [PocketBaseCollection], suite: String, location: SourceLocation?
    ) -> [VerificationCase] {
        let name = collection.name
        let many = collection.fields.first {
            $0.isMultiple && Self.relationTarget(of: $0, in: all) != nil
                && PocketBaseSampleValues.isWritable($0, in: collection)
        }
        var cases = [
            makeCase(
                suite, "\(name): a multipart create takes repeated keys and @jsonPayload", rules: [.pocketBaseType],
                clauses: (many != nil ? ["§10.16"] : []) + ["§10.17"], location: location, writes: true,
                collections: all
            ) { bench in try await Self.checkMultipart(bench, collection, many) }
        ]
        if let file = collection.fields.first(where: { Self.sampleFile(for: $0) != nil }),
            let sample = Self.sampleFile(for: file)
        {
            cases.append(
                makeCase(
                    suite,
                    "\(name): an uploaded \(file.name) gets a random suffix, downloads with its type, and null removes it",
                    rules: [.pocketBaseRecord], clauses: ["§10.18", "§2.9", "§10.19"], location: location, writes: true,
                    collections: all
                ) { bench in try await Self.checkFile(bench, collection, file, sample) })
        }
        let referrers = all.filter { !$0.name.hasPrefix("_") && $0.type == .base }.flatMap { other in
            other.fields.filter {
                Self.relationTarget(of: $0, in: all)?.name == name && PocketBaseSampleValues.isWritable($0, in: other)
            }
            .map { (other, $0) }
        }
        let pruned = referrers.first { !$0.1.required && !Self.cascades($0.1) }
        let cascading = referrers.first { Self.cascades($0.1) }
        if pruned != nil || cascading != nil {
            cases.append(
                makeCase(
                    suite, "\(name): a delete prunes references to it and deletes cascading referrers",
                    rules: [.pocketBaseRecord],
                    clauses: (pruned != nil ? ["§10.20"] : []) + (cascading != nil ? ["§10.21"] : []),
                    location: location,
                    writes: true, collections: all
                ) { bench in
                    for (referrer, field) in [pruned, cascading].compactMap({ $0 }) {
                        try await Self.checkDeleteReferences(bench, collection, referrer, field)
                    }
                })
        }
        if collection.type == .auth, collection.field(named: "email") != nil {
            cases.append(
                makeCase(
                    suite, "\(name): sign-up needs a long enough, confirmed password; only superusers set verified",
                    rules: [.pocketBaseError], clauses: ["§10.22"] + (collection.rules.create == "" ? ["§10.23"] : []),
                    location: location, writes: true, collections: all
                ) { bench in try await Self.checkSignUp(bench, collection) })
        }
        return cases
    }

    static func cascades(_ field: PocketBaseField) -> Bool {
        guard case .relation(let options) = field.options else { return false }
        return options.cascadeDelete
    }

    /// A file a field accepts: (client name, bytes, the stored name's start, the served type).
    static func sampleFile(for field: PocketBaseField) -> (String, [UInt8], String, String)? {
        guard case .file(let options) = field.options, !options.protected, !field.system else { return nil }
        if options.mimeTypes.isEmpty || options.mimeTypes.contains("text/plain") {
            return ("Treaty Notes (1).txt", Array("treaty file\n".utf8), "treaty_notes_1_", "text/plain")
        }
        if options.mimeTypes.contains("image/png"), let png = Data(base64Encoded: onePixelPNG) {
            return ("Treaty Pixel.png", [UInt8](png), "treaty_pixel_", "image/png")
        }
        return nil
    }

    static let onePixelPNG =
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="

    /// A `multipart/form-data` body of `parts` (name, file name, bytes) and its Content-Type header.
    static func multipart(_ parts: [(String, String?, [UInt8])]) -> ([UInt8], HTTPFields) {
        let boundary = "treaty" + PocketBaseSampleValues.uniqueSuffix()
        var body: [UInt8] = []
        for (name, file, bytes) in parts {
            var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\""
            if let file { head += "; filename=\"\(file)\"\r\nContent-Type: application/octet-stream" }
            body += Array((head + "\r\n\r\n").utf8) + bytes + Array("\r\n".utf8)
        }
        body += Array("--\(boundary)--\r\n".utf8)
        var headers = HTTPFields()
        headers[.contentType] = "multipart/form-data; boundary=\(boundary)"
        return (body, headers)
    }

    /// Registers the record a create answered for clean-up (a live run deletes what it made).
    static func adoptCreated(_ bench: PocketBaseBench, _ reply: Reply, _ collection: PocketBaseCollection) {
        guard reply.status == 200, let id = reply.value(at: "/id")?.stringValue else { return }
        bench.context.adopt(id: id, deletePath: PocketBaseBench.recordPath(collection, id))
    }

    /// A JSON value as form text: strings as they are, other values as JSON.
    static func formText(_ value: JSONValue) -> [UInt8] {
        Array((value.stringValue ?? value.serialized()).utf8)
    }

    /// §10: a multipart create with a multi relation's two ids as repeated keys, then one whose
    /// `@jsonPayload` carries every field.
    static func checkMultipart(_ bench: PocketBaseBench, _ collection: PocketBaseCollection, _ many: PocketBaseField?)
        async throws
    {
        var body = try await bench.body(for: collection)
        if let many, let target = relationTarget(of: many, in: bench.collections),
            let old = body[many.name]?.arrayValue?.first
        {
            body[many.name] = [old, .string(try await create(bench, target))]
        }
        var parts: [(String, String?, [UInt8])] = []
        for member in body.members {
            for value in member.value.arrayValue.map({ $0.isEmpty ? [""] : $0 }) ?? [member.value] {
                parts.append((member.key, nil, formText(value)))
            }
        }
        let (bytes, headers) = multipart(parts)
        let reply = try await bench.context.send(
            .post, PocketBaseBench.recordsPath(collection), headers: headers, bytes: bytes)
        adoptCreated(bench, reply, collection)
        try bench.context.require(reply, status: 200, rule: .pocketBaseType, "a multipart create")
        if let many {
            expect(
                bench, reply, [(many.name, body[many.name] ?? [])],
                "repeated keys give a multi-valued field its values (pocketbase.md §10)")
        }
        bench.compare(body, with: reply.json?.objectValue ?? JSONObject(), collection: collection, in: reply)
        var other = bench
        other.unique = PocketBaseSampleValues.uniqueSuffix()
        let payload = try await other.body(for: collection)
        let (jsonBytes, jsonHeaders) = multipart([("@jsonPayload", nil, JSONValue.object(payload).serializedBytes())])
        let json = try await bench.context.send(
            .post, PocketBaseBench.recordsPath(collection), headers: jsonHeaders, bytes: jsonBytes)
        adoptCreated(bench, json, collection)
        try bench.context.require(json, status: 200, rule: .pocketBaseType, "a multipart create with @jsonPayload")
        bench.compare(payload, with: json.json?.objectValue ?? JSONObject(), collection: collection, in: json)
    }

    /// §10, §2: an uploaded file is stored as `<sanitized>_<10 random>.<ext>`, downloads with its
    /// bytes and type, and `null` removes it (the download then answers 404).
    static func checkFile(
        _ bench: PocketBaseBench, _ collection: PocketBaseCollection, _ field: PocketBaseField,
        _ sample: (String, [UInt8], String, String)
    ) async throws {
        let (file, content, stem, type) = sample
        let id = try await bench.create(collection, check: false)
        let path = PocketBaseBench.recordPath(collection, id)
        let (bytes, headers) = multipart([(field.name, file, content)])
        let reply = try await bench.context.send(.patch, path, headers: headers, bytes: bytes)
        try bench.context.require(reply, status: 200, rule: .pocketBaseRecord, "uploading \(file) into \(field.name)")
        let value = reply.value(at: "/\(field.name)")
        let stored = (value?.arrayValue?.first ?? value)?.stringValue ?? ""
        let suffix = stored.dropFirst(stem.count).prefix(10)
        let fileExtension = "." + (file.split(separator: ".").last ?? "")
        if !stored.hasPrefix(stem) || stored.count != stem.count + 10 + fileExtension.count
            || !stored.hasSuffix(fileExtension)
            || !suffix.allSatisfy({ PocketBaseRecordID.alphabet.contains($0) })
        {
            bench.context.fail(
                .pocketBaseRecord, at: "/\(field.name)",
                "\(reply.request) stored \(file) as \(PocketBaseBench.show(value)), not \(stem)<10 random [a-z0-9]>\(fileExtension)",
                detail: "fix: a file is stored as <sanitized name>_<10 random [a-z0-9]>.<ext> (pocketbase.md §10)")
        }
        let download = "/api/files/\(collection.name)/\(id)/\(stored)"
        let served = try await bench.context.send(.get, download)
        try bench.context.require(served, status: 200, rule: .pocketBaseRecord, "downloading the uploaded file")
        if served.body != content || served.header("Content-Type")?.hasPrefix(type) != true {
            bench.context.fail(
                .pocketBaseRecord,
                "\(served.request) answered \(served.body.count) bytes of \(served.header("Content-Type") ?? "no type"), not the \(content.count) uploaded bytes of \(type)",
                detail: "fix: GET /api/files/… answers the stored bytes with their type (pocketbase.md §2)")
        }
        let removed = try await bench.context.send(.patch, path, body: [field.name: .null])
        try bench.context.require(removed, status: 200, rule: .pocketBaseRecord, "a PATCH of \(field.name): null")
        let empty: JSONValue = field.isMultiple ? [] : ""
        let gone = try await bench.context.send(.get, download)
        if removed.value(at: "/\(field.name)") != empty || gone.status != 404 {
            bench.context.fail(
                .pocketBaseRecord, at: "/\(field.name)",
                "after \(removed.request) with null, \(field.name) is \(PocketBaseBench.show(removed.value(at: "/\(field.name)"))) and the download answers \(gone.status)",
                detail: "fix: null on a file field removes the file (pocketbase.md §10)")
        }
    }

    /// §10: deleting a record empties a non-required reference to it, and deletes a record
    /// pointing at it through a `cascadeDelete` relation.
    static func checkDeleteReferences(
        _ bench: PocketBaseBench, _ collection: PocketBaseCollection, _ referrer: PocketBaseCollection,
        _ field: PocketBaseField
    ) async throws {
        let id = try await bench.create(collection, check: false)
        let other = try await create(bench, referrer, set: [field.name: field.isMultiple ? [.string(id)] : .string(id)])
        let deleted = try await bench.context.send(.delete, PocketBaseBench.recordPath(collection, id))
        try bench.context.require(
            deleted, status: 204, rule: .pocketBaseRecord, "deleting a record another one points at")
        let after = try await bench.context.send(.get, PocketBaseBench.recordPath(referrer, other))
        if cascades(field) {
            if after.status != 404 {
                bench.context.fail(
                    .pocketBaseRecord, "after \(deleted.request), \(after.request) answered \(after.status), not 404",
                    detail:
                        "fix: a delete deletes the records pointing at it through a cascadeDelete relation (pocketbase.md §10)"
                )
            }
            return
        }
        let empty: JSONValue = field.isMultiple ? [] : ""
        if after.value(at: "/\(field.name)") != empty {
            bench.context.fail(
                .pocketBaseRecord, at: "/\(field.name)",
                "after \(deleted.request), \(referrer.name).\(field.name) still holds \(PocketBaseBench.show(after.value(at: "/\(field.name)")))",
                detail: "fix: a delete prunes references to the record in non-required relations (pocketbase.md §10)")
        }
    }
}
