import HTTPTypes
import Testing
import TreatyCore
import TreatyJSON
import TreatyRules

@testable import TreatyFileMaker

/// FileMaker's value rules: no null, numbers as JSON numbers, dates stored as MM/dd/yyyy and
/// sent as ISO 8601 with `dateformats: 2`.
@Suite struct ValueTests {
    static let number = FileMakerField(name: "born", result: .number)
    static let text = FileMakerField(name: "lastName", result: .text)
    static let date = FileMakerField(name: "since", result: .date)
    static let time = FileMakerField(name: "at", result: .time)
    static let stamp = FileMakerField(name: "updated", result: .timeStamp)
    static let short = FileMakerField(name: "firstName", maxCharacters: 5)

    func stored(_ value: JSONValue, _ field: FileMakerField, _ format: FileMakerValue.DateFormat = .us) throws
        -> JSONValue
    {
        try FileMakerValue.stored(value, for: field, format: format)
    }

    func code(_ value: JSONValue, _ field: FileMakerField) -> Int? {
        do {
            _ = try FileMakerValue.stored(value, for: field, format: .us)
            return nil
        } catch {
            return error.code
        }
    }

    @Test(
        "values are stored by the field's result type",
        arguments: [
            ("a number stays a number", JSONValue(1926), number, JSONValue(1926)),
            ("a numeric string is a number", "1926", number, 1926),
            ("a padded numeric string is a number", " 3.5 ", number, 3.5),
            ("text in a number field stays text", "n/a", number, "n/a"),
            ("null is empty in a number field", nil, number, ""),
            ("null is empty in a text field", nil, text, ""),
            ("a number in a text field is its text", 42, text, "42"),
            ("true in a text field is 1", true, text, "1"),
            ("an empty date is empty", "", date, ""),
            ("a US date", "05/26/1944", date, "05/26/1944"),
            ("a US date without zeros", "5/6/1944", date, "05/06/1944"),
            ("an ISO date", "1944-05-26", date, "05/26/1944"),
            ("a US timestamp", "1/2/2025 9:00:00", stamp, "01/02/2025 09:00:00"),
            ("an ISO timestamp", "2025-01-02T09:00:00", stamp, "01/02/2025 09:00:00"),
            ("text at the limit", "Miles", short, "Miles"),
        ] as [(String, JSONValue, FileMakerField, JSONValue)])
    func storedValues(_ what: String, value: JSONValue, field: FileMakerField, expected: JSONValue) throws {
        #expect(try stored(value, field) == expected, "\(what)")
        #expect(try stored(value, field, .iso8601) == expected, "\(what), input in either format")
    }

    @Test(
        "invalid values are refused with FileMaker's validation codes",
        arguments: [
            ("an impossible date", JSONValue("02/30/2020"), date, 500),
            ("a date that is not one", "yesterday", date, 500),
            ("a month 13", "2020-13-01", date, 500),
            ("a bad timestamp", "01/02/2025 25:00:00", stamp, 500),
            ("a bad time", "9 o'clock", time, 501),
            ("text over max_characters", "Milesy", short, 511),
            ("an object", ["a": 1], text, 960),
        ] as [(String, JSONValue, FileMakerField, Int)])
    func refused(_ what: String, value: JSONValue, field: FileMakerField, expected: Int) {
        #expect(code(value, field) == expected, "\(what)")
    }

    @Test("the validation errors carry FileMaker's messages and HTTP 500")
    func messages() throws {
        #expect(FileMakerError.dateInvalid.message == "Date value does not meet validation entry options")
        #expect(FileMakerError.dateInvalid.status == .internalServerError)
        #expect(FileMakerError.tooLong.message == "Field value exceeds maximum field size")
        #expect(FileMakerError.tooLong.status == .internalServerError)
    }

    @Test("a time is stored as HH:mm:ss, as filemaker.md §4 and FM-DATE-1 have it")
    func timeNormalized() throws {
        #expect(try stored("09:05:00", Self.time) == "09:05:00")
        // Dates and timestamps are normalized on the way in; a time should be too, or the
        // simulator sends "9:05" back, which its own FM-DATE-1 rule refuses.
        #expect(try stored("9:05", Self.time) == "09:05:00")
    }

    @Test("a time entered as 9:05 comes back from the simulator in a form FM-DATE-1 accepts")
    func timeRoundTrip() throws {
        let directory = try TemporaryDirectory([
            "contract.yaml": """
            api: shifts
            dialect: filemaker
            databases:
              Shop:
                accounts: [{ username: admin, password: pw }]
                layouts:
                  Shifts:
                    fields: { name: text, at: time }
            """
        ])
        defer { directory.remove() }
        let server = try MusicServer(contract: directory.file("contract.yaml"), fixtures: nil)
        let base = "/fmi/data/vLatest/databases/Shop"
        let login = try server.send(.post, base + "/sessions", json: [:], headers: MusicServer.basic("admin", "pw"))
        let token = try #require(login.response["token"]?.stringValue)
        let created = try server.send(
            .post, base + "/layouts/Shifts/records", json: ["fieldData": ["name": "early", "at": "9:05"]], token: token)
        #expect(created.code == "0")
        let answer = try server.send(.get, base + "/layouts/Shifts/records/1", token: token)
        let layout = FileMakerLayout(name: "Shifts", table: "Shifts", fields: [Self.text.renamed("name"), Self.time])
        let database = FileMakerDatabase(name: "Shop", accounts: [], layouts: [layout])
        let violations = FileMakerConformance(layout: layout, database: database).checkRecordsAnswer(answer.body)
        #expect(violations.map(\.rule.rawValue) == [], "\(violations.map(\.message))")
        #expect(answer.response["data"]?[0]?["fieldData"]?["at"] == "09:05:00")
    }

    @Test(
        "stored values are presented as stored, or ISO 8601 with dateformats 2",
        arguments: [
            (JSONValue("05/26/1944"), date, FileMakerValue.DateFormat.us, JSONValue("05/26/1944")),
            ("05/26/1944", date, .fileLocale, "05/26/1944"),
            ("05/26/1944", date, .iso8601, "1944-05-26"),
            ("01/02/2025 09:00:00", stamp, .iso8601, "2025-01-02T09:00:00"),
            ("01/02/2025 09:00:00", stamp, .us, "01/02/2025 09:00:00"),
            ("", date, .iso8601, ""),
            (nil, date, .iso8601, ""),
            (1926, number, .iso8601, 1926),
            ("Davis", text, .iso8601, "Davis"),
        ] as [(JSONValue, FileMakerField, FileMakerValue.DateFormat, JSONValue)])
    func presented(value: JSONValue, field: FileMakerField, format: FileMakerValue.DateFormat, expected: JSONValue) {
        #expect(FileMakerValue.presented(value, for: field, format: format) == expected)
    }

    @Test("a missing value is presented as \"\", never null")
    func missing() {
        #expect(FileMakerValue.presented(nil as JSONValue?, for: Self.text, format: .us) == "")
    }
}

extension FileMakerField {
    /// This field under another name.
    func renamed(_ name: String) -> FileMakerField {
        var field = self
        field.name = name
        return field
    }
}
