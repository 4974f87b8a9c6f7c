internal import Foundation
internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

extension FileMakerSuites {
    /// The per-layout write and read cases of the clause map (filemaker.md §4).
    func writeCases(_ layout: FileMakerLayout, suite: String) -> [VerificationCase] {
        var cases = [editsCase(layout, suite: suite), refusalsCase(layout, suite: suite)]
        if layout.fields.contains(where: { $0.autoEnter != nil && !$0.global }) {
            cases.append(autoEnterCase(layout, suite: suite))
        }
        if let date = FileMakerSampleValues.writable(layout).first(where: { $0.result == .date && $0.repetitions == 1 })
        {
            cases.append(dateFormatsCase(layout, date, suite: suite))
        }
        if let repeating = layout.fields.first(where: { $0.isWritable && !$0.global && $0.repetitions > 1 }) {
            cases.append(repetitionsCase(layout, repeating, suite: suite))
        }
        if let other = database.layouts.first(where: { $0.table == layout.table && $0.name != layout.name }),
            Set(other.fields.map(\.name)) != Set(layout.fields.map(\.name))
        {
            cases.append(layoutResponseCase(layout, other, suite: suite))
        }
        if let container = layout.fields.first(where: { $0.result == .container && $0.isWritable && !$0.global }) {
            cases.append(containerCase(layout, container, suite: suite))
        }
        return cases
    }

    /// An edit changes only the fields it gives; recordIds increase and are not reused.
    private func editsCase(_ layout: FileMakerLayout, suite: String) -> VerificationCase {
        makeRecordCase(
            suite, "\(layout.name): an edit changes only the fields it gives, and recordIds are never reused",
            rules: [.fileMakerRecord], clauses: ["§4.8", "§4.22"], location: layout.location
        ) { bench, unique in
            let (id, sent) = try await bench.create(layout, unique: unique)
            let writable = FileMakerSampleValues.writable(layout)
            if let field = writable.first {
                let key = FileMakerRepetition.keys(of: field).first ?? field.name
                let value = FileMakerSampleValues.changed(field, layout: layout, unique: unique)
                let edit = try await bench.context.send(
                    .patch, bench.records(layout) + "/" + id, body: ["fieldData": [.init(stringLiteral: key): value]])
                try bench.context.require(edit, status: 200, rule: .fileMakerRecord, "an edit of one field")
                var expected = sent
                expected[key] = value
                let empty = try await bench.context.send(
                    .patch, bench.records(layout) + "/" + id, body: ["fieldData": .object(JSONObject())])
                try bench.context.require(
                    empty, status: 200, rule: .fileMakerRecord, "an edit with {\"fieldData\": {}}")
                let record = try await bench.read(layout, id)
                for member in expected.members where record["fieldData"]?[member.key] != member.value {
                    bench.context.fail(
                        .fileMakerRecord, at: "/response/data/0/fieldData/\(member.key)",
                        "after editing only '\(key)', '\(member.key)' reads \(record["fieldData"]?[member.key]?.serialized() ?? "missing"), expected \(member.value.serialized())",
                        detail: "fix: an edit changes only the fields it gives (filemaker.md §4)")
                }
            }
            let deleted = try await bench.context.send(.delete, bench.records(layout) + "/" + id)
            try bench.context.require(deleted, status: 200, rule: nil, "deleting the case's record")
            let (next, _) = try await bench.create(layout, unique: unique + "n")
            bench.expect(
                (Int(next) ?? 0) > (Int(id) ?? .max), .fileMakerRecord, at: "/response/recordId",
                "a record created after deleting record \(id) got recordId \(next)",
                detail: "fix: recordIds increase and are never reused (filemaker.md §4)")
        }
    }

    /// A create with only the required fields leaves the others empty and applies auto-enter
    /// values.
    private func autoEnterCase(_ layout: FileMakerLayout, suite: String) -> VerificationCase {
        makeRecordCase(
            suite, "\(layout.name): a create with only the required fields leaves the rest empty and auto-enters",
            rules: [.fileMakerRecord], clauses: ["§4.13"], location: layout.location
        ) { bench, unique in
            let required = FileMakerSampleValues.writable(layout).filter(\.notEmpty)
            var fieldData = JSONObject()
            for field in required {
                fieldData[field.name] = FileMakerSampleValues.value(for: field, layout: layout, unique: unique)
            }
            let reply = try await bench.context.send(
                .post, bench.records(layout), body: ["fieldData": .object(fieldData)])
            try bench.context.require(
                reply, status: 200, rule: .fileMakerRecord, "a create with only the required fields")
            guard let created = reply.value(at: "/response/recordId")?.stringValue else { return }
            bench.context.adopt(id: created, deletePath: bench.records(layout) + "/" + created)
            let record = try await bench.read(layout, created)
            for field in layout.fields where !field.global && field.repetitions == 1 {
                let value = record["fieldData"]?[field.name]
                if field.autoEnter != nil {
                    bench.expect(
                        value != nil && value != "", .fileMakerRecord, at: "/response/data/0/fieldData/\(field.name)",
                        "the auto-enter field '\(field.name)' is empty on a new record",
                        detail: "fix: a create applies auto-enter values (filemaker.md §4)")
                } else if field.isWritable, fieldData[field.name] == nil, field.result != .container {
                    bench.expect(
                        value == "", .fileMakerRecord, at: "/response/data/0/fieldData/\(field.name)",
                        "'\(field.name)', which the create did not give, reads \(value?.serialized() ?? "missing")")
                }
            }
        }
    }

    /// Unknown fields, calculations, invalid values, repetitions, parameters and ranges past the
    /// end are refused with their codes.
    private func refusalsCase(_ layout: FileMakerLayout, suite: String) -> VerificationCase {
        var clauses = ["§1.7", "§4.14", "§4.21", "§4.28"]
        let calculation = layout.fields.first { !$0.isWritable && !$0.global }
        let required = FileMakerSampleValues.writable(layout).first { $0.notEmpty && $0.repetitions == 1 }
        let repeating = layout.fields.first { $0.isWritable && !$0.global && $0.repetitions > 1 }
        if calculation != nil { clauses.append("§4.15") }
        if required != nil { clauses.append("§4.16") }
        if repeating != nil { clauses.append("§8.2") }
        return makeRecordCase(
            suite,
            "\(layout.name): bad writes, unknown parameters and a range past the end are refused with their codes",
            rules: [.fileMakerError], clauses: clauses, location: layout.location
        ) { bench, unique in
            let context = bench.context
            func create(_ overrides: JSONObject, code: [Int], _ meaning: String) async throws {
                var fieldData = Self.sample(layout, unique: unique)
                for member in overrides.members { fieldData[member.key] = member.value }
                let reply = try await context.send(
                    .post, bench.records(layout), body: ["fieldData": .object(fieldData)])
                if reply.status == 200, let id = reply.value(at: "/response/recordId")?.stringValue {
                    context.adopt(id: id, deletePath: bench.records(layout) + "/" + id)
                }
                bench.requireError(reply, codes: code, statuses: [500], rule: .fileMakerError, meaning)
            }
            try await create(["treatyNoSuchField": "x"], code: [102], "a create with an unknown field")
            if let calculation {
                try await create(
                    [calculation.name: "x"], code: [201], "a create that writes the calculation '\(calculation.name)'")
            }
            if let required {
                try await create(
                    [required.name: ""], code: Array(500...511), "a create that leaves '\(required.name)' empty")
            }
            if let repeating {
                try await create(
                    ["\(repeating.name)(\(repeating.repetitions + 1))": "x"], code: [111],
                    "a create of repetition \(repeating.repetitions + 1) of '\(repeating.name)'")
            }
            let (id, _) = try await bench.create(layout, unique: unique)
            let unknown = try await context.send(.get, bench.records(layout), query: [("treatyUnknown", "1")])
            bench.requireError(
                unknown, codes: [960], statuses: [400], rule: .fileMakerError, "a range with an unknown parameter")
            let total = try await context.send(.get, bench.records(layout), query: [("_limit", "1")])
            try context.require(total, status: 200, rule: .fileMakerData, "a range of one record")
            let count = total.value(at: "/response/dataInfo/totalRecordCount")?.numberValue?.int64Value ?? 0
            let past = try await context.send(.get, bench.records(layout), query: [("_offset", String(count + 1))])
            bench.requireError(
                past, codes: [101], statuses: [500], rule: .fileMakerError, "a range whose offset is past the end")
            let deleted = try await context.send(.delete, bench.records(layout) + "/" + id)
            try context.require(deleted, status: 200, rule: nil, "deleting the case's record")
            let again = try await context.send(.delete, bench.records(layout) + "/" + id)
            bench.requireError(
                again, codes: [101], statuses: [500], rule: .fileMakerError, "deleting a record that is gone")
        }
    }

    /// `dateformats=2` reads and writes ISO 8601 dates.
    private func dateFormatsCase(_ layout: FileMakerLayout, _ date: FileMakerField, suite: String) -> VerificationCase {
        makeRecordCase(
            suite, "\(layout.name): dateformats=2 reads and writes '\(date.name)' as ISO 8601", rules: [.fileMakerDate],
            clauses: ["§4.4"], location: date.location
        ) { bench, unique in
            let id = try await bench.create(layout, unique: unique, overrides: [date.name: "01/02/2025"])
            let iso = try await bench.context.send(
                .get, bench.records(layout) + "/" + id, query: [("dateformats", "2")])
            try bench.context.require(iso, status: 200, rule: .fileMakerDate, "a read with dateformats=2")
            bench.expect(
                iso.value(at: "/response/data/0/fieldData/\(date.name)") == "2025-01-02", .fileMakerDate,
                at: "/response/data/0/fieldData/\(date.name)",
                "\(iso.request): the date 01/02/2025 reads \(iso.value(at: "/response/data/0/fieldData/\(date.name)")?.serialized() ?? "missing"), expected \"2025-01-02\""
            )
            let edit = try await bench.context.send(
                .patch, bench.records(layout) + "/" + id,
                body: ["fieldData": [.init(stringLiteral: date.name): "2026-03-04"], "dateformats": 2])
            try bench.context.require(
                edit, status: 200, rule: .fileMakerDate, "an edit with dateformats 2 and an ISO date")
            let record = try await bench.read(layout, id)
            bench.expect(
                record["fieldData"]?[date.name] == "03/04/2026", .fileMakerDate,
                at: "/response/data/0/fieldData/\(date.name)",
                "the ISO date 2026-03-04 written with dateformats 2 reads \(record["fieldData"]?[date.name]?.serialized() ?? "missing")"
            )
        }
    }

    /// `field(2)` writes and reads the second repetition.
    private func repetitionsCase(_ layout: FileMakerLayout, _ field: FileMakerField, suite: String) -> VerificationCase
    {
        makeRecordCase(
            suite, "\(layout.name): '\(field.name)(2)' addresses the second repetition", rules: [.fileMakerType],
            clauses: ["§4.6"], location: field.location
        ) { bench, unique in
            let second = "\(field.name)(2)"
            let value = FileMakerSampleValues.changed(field, layout: layout, unique: unique)
            let id = try await bench.create(layout, unique: unique, overrides: [.init(stringLiteral: second): value])
            let record = try await bench.read(layout, id)
            bench.expect(
                record["fieldData"]?[second] == value && record["fieldData"]?["\(field.name)(1)"] != value,
                .fileMakerType, at: "/response/data/0/fieldData/\(second)",
                "'\(second)' written as \(value.serialized()) reads \(record["fieldData"]?[second]?.serialized() ?? "missing")"
            )
        }
    }

    /// `layout.response` renders the answer with another layout's fields.
    private func layoutResponseCase(_ layout: FileMakerLayout, _ other: FileMakerLayout, suite: String)
        -> VerificationCase
    {
        makeRecordCase(
            suite, "\(layout.name): layout.response=\(other.name) renders the record with that layout's fields",
            rules: [.fileMakerField], clauses: ["§4.30"], location: layout.location
        ) { bench, unique in
            let (id, _) = try await bench.create(layout, unique: unique)
            let reply = try await bench.context.send(
                .get, bench.records(layout) + "/" + id, query: [("layout.response", other.name)])
            try bench.context.require(reply, status: 200, rule: .fileMakerField, "a read with layout.response")
            bench.context.record(
                FileMakerConformance(layout: other, database: database).checkRecordsAnswer(reply.json ?? .null),
                in: reply)
        }
    }

    /// A container upload stores the bytes behind a URL and bumps `modId`.
    private func containerCase(_ layout: FileMakerLayout, _ field: FileMakerField, suite: String) -> VerificationCase {
        makeRecordCase(
            suite, "\(layout.name): an upload to '\(field.name)' serves its bytes from the URL the field holds",
            rules: [.fileMakerRecord, .fileMakerError], clauses: ["§4.5", "§4.9", "§4.29"], location: field.location
        ) { bench, unique in
            let (id, _) = try await bench.create(layout, unique: unique)
            let path = bench.records(layout) + "/\(id)/containers/\(FileMakerPathSegment.escape(field.name))"
            let content = Array("treaty upload \(unique)".utf8)
            func form(_ part: String) -> [UInt8] {
                Array(
                    "--treaty\r\nContent-Disposition: form-data; name=\"\(part)\"; filename=\"t.txt\"\r\nContent-Type: text/plain\r\n\r\n"
                        .utf8)
                    + content + Array("\r\n--treaty--\r\n".utf8)
            }
            var headers = HTTPFields()
            headers[.contentType] = "multipart/form-data; boundary=treaty"
            let wrong = try await bench.context.send(.post, path, headers: headers, bytes: form("file"))
            bench.requireError(
                wrong, codes: [960], statuses: [400, 500], rule: .fileMakerError,
                "an upload without a part named 'upload'")
            let upload = try await bench.context.send(.post, path, headers: headers, bytes: form("upload"))
            try bench.context.require(
                upload, status: 200, rule: .fileMakerRecord, "an upload with a part named 'upload'")
            let record = try await bench.read(layout, id)
            bench.expect(
                record["modId"]?.stringValue == "1", .fileMakerRecord, at: "/response/data/0/modId",
                "after one upload the record's modId is \(record["modId"]?.serialized() ?? "missing"), expected \"1\"")
            guard let text = record["fieldData"]?[field.name]?.stringValue, let url = URLComponents(string: text),
                url.scheme != nil
            else {
                bench.context.fail(
                    .fileMakerRecord, at: "/response/data/0/fieldData/\(field.name)",
                    "the container field holds no URL after an upload")
                return
            }
            let served = try await bench.context.send(
                .get, url.percentEncodedPath, query: (url.queryItems ?? []).map { ($0.name, $0.value ?? "") },
                headers: [.authorization: ""])
            bench.expect(
                served.status == 200 && served.body == content, .fileMakerRecord,
                at: "/response/data/0/fieldData/\(field.name)",
                "\(served.request) (the container's URL) answered \(served.status) without the uploaded bytes")
        }
    }
}
