import Foundation
import HTTPTypes
import Testing
import TreatyJSON

@testable import TreatyFileMaker

/// The Data API served in process over the music contract and fixtures: sessions, records
/// with portals and `modId`, scripts, globals, containers and FileMaker's error answers. Every
/// answer's envelope is checked by ``MusicServer/send``.
@Suite struct DialectTests {
    static let records = MusicServer.artists + "/records"

    // MARK: - Sessions

    @Test("login with Basic gives a token in the body and in X-FM-Data-Access-Token")
    func login() throws {
        let server = try MusicServer()
        let answer = try server.send(
            .post, MusicServer.base + "/sessions", json: [:], headers: MusicServer.basic("admin", "admin-password-123"))
        #expect(answer.status == 200)
        #expect(answer.code == "0")
        #expect(answer.message == "OK")
        let token = try #require(answer.response["token"]?.stringValue)
        #expect(!token.isEmpty)
        #expect(answer.headers[try #require(HTTPField.Name("X-FM-Data-Access-Token"))] == token)
        #expect(try server.send(.get, Self.records + "/1", token: token).status == 200)
    }

    @Test("python-fmrest's login body and a v1 prefix work too; database names ignore case")
    func loginVariants() throws {
        let server = try MusicServer()
        let answer = try server.send(
            .post, "/fmi/data/v1/databases/music/sessions", json: ["fmDataSource": []],
            headers: MusicServer.basic("admin", "admin-password-123"))
        #expect(answer.status == 200)
        #expect(answer.response["token"]?.stringValue != nil)
    }

    @Test("a wrong password is 212 on HTTP 401")
    func wrongPassword() throws {
        let server = try MusicServer()
        let answer = try server.send(
            .post, MusicServer.base + "/sessions", json: [:], headers: MusicServer.basic("admin", "nope"))
        #expect(answer.status == 401)
        #expect(answer.code == "212")
        #expect(answer.message == "Invalid user account and/or password; please try again")
        #expect(answer.response == [:])
    }

    @Test("a call without a token, or with an unknown one, is 952 on HTTP 401")
    func noToken() throws {
        let server = try MusicServer()
        for token in [nil, "0123456789abcdef"] as [String?] {
            let answer = try server.send(.get, Self.records, token: token)
            #expect(answer.status == 401)
            #expect(answer.code == "952")
            #expect(answer.message == "Invalid FileMaker Data API token (*)")
        }
    }

    @Test("an unknown database is 802")
    func unknownDatabase() throws {
        let server = try MusicServer()
        let answer = try server.send(
            .post, "/fmi/data/vLatest/databases/Movies/sessions", json: [:],
            headers: MusicServer.basic("admin", "admin-password-123"))
        #expect(answer.code == "802")
        #expect(answer.message == "Unable to open file")
        #expect(answer.status == 500)
    }

    @Test("an unknown layout is 105")
    func unknownLayout() throws {
        let server = try MusicServer()
        let token = try server.login()
        let answer = try server.send(.get, MusicServer.base + "/layouts/Songs/records", token: token)
        #expect(answer.code == "105")
        #expect(answer.message == "Layout is missing")
        #expect(answer.status == 500)
    }

    @Test("after logout the token is 952, and a second logout too")
    func logout() throws {
        let server = try MusicServer()
        let token = try server.login()
        let out = try server.send(.delete, MusicServer.base + "/sessions/" + token)
        #expect(out.status == 200)
        #expect(out.code == "0")
        #expect(out.response == [:])
        let after = try server.send(.get, Self.records, token: token)
        #expect(after.status == 401)
        #expect(after.code == "952")
        #expect(try server.send(.delete, MusicServer.base + "/sessions/" + token).code == "952")
    }

    // MARK: - Records

    @Test("create answers {recordId, modId \"0\"} and fills auto-enter fields")
    func create() throws {
        let server = try MusicServer()
        let token = try server.login()
        let answer = try server.send(
            .post, Self.records, json: ["fieldData": ["firstName": "Ella", "born": "1917", "since": "1934-11-21"]],
            token: token)
        #expect(answer.status == 200)
        #expect(answer.code == "0")
        #expect(answer.response == ["recordId": "5", "modId": "0"])
        let fieldData = try server.send(.get, Self.records + "/5", token: token).response["data"]?[0]?["fieldData"]
        #expect(fieldData?["born"] == 1917)
        #expect(fieldData?["since"] == "11/21/1934")
        #expect(fieldData?["serial"] == 5, "the serial follows the fixtures' largest")
        #expect(fieldData?["id"]?.stringValue.flatMap { UUID(uuidString: $0) } != nil)
        #expect(fieldData?["lastName"] == "")
    }

    @Test(
        "create refuses what FileMaker refuses",
        arguments: [
            ("an unknown field", (["fieldData": ["nickname": "x", "firstName": "A"]] as JSONValue), "102", 500),
            ("a calculation", ["fieldData": ["fullName": "x", "firstName": "A"]], "201", 500),
            ("an empty not_empty field", ["fieldData": ["lastName": "x"]], "509", 500),
            ("a bad date", ["fieldData": ["firstName": "A", "since": "02/30/2020"]], "500", 500),
            ("no fieldData", ["portalData": [:]], "958", 400),
            ("an unknown key", ["fieldData": ["firstName": "A"], "fields": [:]], "960", 400),
        ] as [(String, JSONValue, String, Int)])
    func createRefused(_ what: String, body: JSONValue, code: String, status: Int) throws {
        let server = try MusicServer()
        let token = try server.login()
        let answer = try server.send(.post, Self.records, json: body, token: token)
        #expect(answer.code == code, "\(what)")
        #expect(answer.status == status, "\(what)")
        #expect(try server.send(.get, Self.records, token: token).response["dataInfo"]?["totalRecordCount"] == 4)
    }

    @Test("get one answers the record with portal rows qualified by their table, and portalDataInfo")
    func getOne() throws {
        let server = try MusicServer()
        let token = try server.login()
        let answer = try server.send(.get, Self.records + "/1", token: token)
        #expect(answer.status == 200)
        #expect(
            answer.response["dataInfo"] == [
                "database": "Music", "layout": "Artists", "table": "Artists", "totalRecordCount": 4, "foundCount": 1,
                "returnedCount": 1,
            ])
        let record = try #require(answer.response["data"]?[0])
        #expect(record["recordId"] == "1")
        #expect(record["modId"] == "2")
        let fieldData = try #require(record["fieldData"]?.objectValue)
        #expect(fieldData["id"] == "7C5F8E2A-1B3D-4E6F-8A9B-0C1D2E3F4A51")
        #expect(fieldData["serial"] == 1)
        #expect(fieldData["firstName"] == "Miles")
        #expect(fieldData["born"] == 1926, "a number field is a JSON number")
        #expect(fieldData["since"] == "05/26/1944")
        #expect(fieldData["updated"] == "01/02/2025 09:00:00")
        #expect(fieldData["photo"] == "", "an empty field is \"\", never null")
        #expect(fieldData["fullName"] == "")
        #expect(fieldData["gNote"] == "", "a global nobody set is \"\"")
        #expect(!fieldData.keys.contains("recordId") && !fieldData.keys.contains("modId"))
        #expect(
            record["portalData"] == [
                "Albums": [
                    ["recordId": "1", "Albums::title": "Kind of Blue", "Albums::year": 1959, "modId": "0"],
                    ["recordId": "2", "Albums::title": "Bitches Brew", "Albums::year": 1970, "modId": "0"],
                ]
            ])
        #expect(
            record["portalDataInfo"] == [
                [
                    "portalObjectName": "Albums", "database": "Music", "table": "Albums", "foundCount": 2,
                    "returnedCount": 2,
                ]
            ])
        let database = try MusicFiles.database()
        let layout = try #require(database.layout(named: "Artists"))
        #expect(FileMakerConformance(layout: layout, database: database).checkRecordsAnswer(answer.body).isEmpty)
    }

    @Test("portal rows page with _offset.<portal> and _limit.<portal>; dates go ISO with dateformats=2")
    func portalPaging() throws {
        let server = try MusicServer()
        let token = try server.login()
        let answer = try server.send(
            .get, Self.records + "/1?_offset.Albums=2&_limit.Albums=5&dateformats=2", token: token)
        let record = answer.response["data"]?[0]
        #expect(record?["portalData"]?["Albums"]?.arrayValue?.map { $0["Albums::title"] } == ["Bitches Brew"])
        #expect(record?["portalDataInfo"]?[0]?["foundCount"] == 2)
        #expect(record?["portalDataInfo"]?[0]?["returnedCount"] == 1)
        #expect(record?["fieldData"]?["since"] == "1944-05-26")
        #expect(record?["fieldData"]?["updated"] == "2025-01-02T09:00:00")
    }

    @Test("a missing record is 101")
    func missingRecord() throws {
        let server = try MusicServer()
        let token = try server.login()
        let answer = try server.send(.get, Self.records + "/99", token: token)
        #expect(answer.code == "101")
        #expect(answer.message == "Record is missing")
        #expect(answer.status == 500)
    }

    @Test("a range pages with _offset and _limit after _sort (descend by born); past the end is 101")
    func range() throws {
        let server = try MusicServer()
        let token = try server.login()
        let sort = #"[{"fieldName":"born","sortOrder":"descend"}]"#.addingPercentEncoding(
            withAllowedCharacters: .alphanumerics)!
        let answer = try server.send(.get, Self.records + "?_offset=2&_limit=2&_sort=" + sort, token: token)
        #expect(answer.status == 200)
        #expect(answer.response["data"]?.arrayValue?.map { $0["fieldData"]?["firstName"] } == ["Nina", "Miles"])
        #expect(answer.response["dataInfo"]?["totalRecordCount"] == 4)
        #expect(answer.response["dataInfo"]?["foundCount"] == 4)
        #expect(answer.response["dataInfo"]?["returnedCount"] == 2)

        let plain = try server.send(.get, Self.records, token: token)
        #expect(plain.response["data"]?.arrayValue?.map { $0["recordId"] } == ["1", "2", "3", "4"], "creation order")

        let fmrest = try server.send(
            .get, Self.records + #"?_sort=[{"fieldName":+"born",+"sortOrder":+"descend"}]&_limit=1"#, token: token)
        #expect(fmrest.response["data"]?[0]?["fieldData"]?["firstName"] == "Elton John", "'+' reads as a space")

        let past = try server.send(.get, Self.records + "?_offset=5", token: token)
        #expect(past.status == 500)
        #expect(past.code == "101")
        #expect(past.response == [:])
    }

    @Test("a range sorts dates chronologically, empties first when ascending and last when descending")
    func sortByDate() throws {
        let server = try MusicServer()
        let token = try server.login()
        let edit = try server.send(
            .patch, Self.records + "/3", json: ["fieldData": ["since": "12/31/1930"]], token: token)
        #expect(edit.code == "0")
        func names(_ order: String) throws -> [JSONValue?] {
            let sort = #"[{"fieldName":"since","sortOrder":"\#(order)"}]"#.addingPercentEncoding(
                withAllowedCharacters: .alphanumerics)!
            let answer = try server.send(.get, Self.records + "?_sort=" + sort, token: token)
            return answer.response["data"]?.arrayValue?.map { $0["fieldData"]?["firstName"] } ?? []
        }
        #expect(try names("ascend") == ["Elton John", "Nina", "Miles", "John"])
        #expect(try names("descend") == ["John", "Miles", "Nina", "Elton John"])
    }

    @Test("recordIds are never handed out twice, even after the last record is deleted")
    func recordIdsNotReused() throws {
        let server = try MusicServer()
        let token = try server.login()
        #expect(try server.send(.delete, Self.records + "/4", token: token).code == "0")
        let created = try server.send(.post, Self.records, json: ["fieldData": ["firstName": "Ella"]], token: token)
        #expect(created.response["recordId"] == "5")
    }

    @Test("edit with the current modId raises it; a stale one is 306 and writes nothing")
    func edit() throws {
        let server = try MusicServer()
        let token = try server.login()
        let first = try server.send(
            .patch, Self.records + "/2", json: ["fieldData": ["lastName": "Coltrane Jr."], "modId": "0"], token: token)
        #expect(first.status == 200)
        #expect(first.response == ["modId": "1"])

        let stale = try server.send(
            .patch, Self.records + "/2", json: ["fieldData": ["lastName": "Stale"], "modId": "0"], token: token)
        #expect(stale.status == 500)
        #expect(stale.code == "306")
        #expect(stale.message == "Record modification ID does not match")
        let record = try server.send(.get, Self.records + "/2", token: token).response["data"]?[0]
        #expect(record?["fieldData"]?["lastName"] == "Coltrane Jr.")
        #expect(record?["modId"] == "1")
        #expect(
            record?["fieldData"]?["updated"] != "01/02/2025 09:01:00", "the modification timestamp is entered again")

        let without = try server.send(.patch, Self.records + "/2", json: ["fieldData": ["born": 1927]], token: token)
        #expect(without.response == ["modId": "2"], "modId is optional")
        let nothing = try server.send(.patch, Self.records + "/2", json: ["fieldData": [:]], token: token)
        #expect(nothing.response == ["modId": "2"], "an empty fieldData changes nothing")
    }

    @Test("duplicate copies the record (not its related rows) as a new one with modId \"0\"")
    func duplicate() throws {
        let server = try MusicServer()
        let token = try server.login()
        let answer = try server.send(.post, Self.records + "/1", token: token)
        #expect(answer.status == 200)
        #expect(answer.response == ["recordId": "5", "modId": "0"])
        let copy = try server.send(.get, Self.records + "/5", token: token).response["data"]?[0]
        #expect(copy?["fieldData"]?["firstName"] == "Miles")
        #expect(copy?["fieldData"]?["born"] == 1926)
        #expect(copy?["fieldData"]?["serial"] == 5, "a serial is entered anew")
        #expect(copy?["fieldData"]?["id"] != "7C5F8E2A-1B3D-4E6F-8A9B-0C1D2E3F4A51", "a UUID is entered anew")
        #expect(copy?["portalData"]?["Albums"] == [])
    }

    @Test("delete answers {} and the record is 101 afterwards")
    func delete() throws {
        let server = try MusicServer()
        let token = try server.login()
        let answer = try server.send(.delete, Self.records + "/3", token: token)
        #expect(answer.status == 200)
        #expect(answer.code == "0")
        #expect(answer.response == [:])
        #expect(try server.send(.get, Self.records + "/3", token: token).code == "101")
        #expect(try server.send(.delete, Self.records + "/3", token: token).code == "101")
        #expect(try server.send(.get, Self.records, token: token).response["dataInfo"]?["totalRecordCount"] == 3)
    }

    @Test("deleteRelated in fieldData deletes a portal row")
    func deleteRelated() throws {
        let server = try MusicServer()
        let token = try server.login()
        let answer = try server.send(
            .patch, Self.records + "/1", json: ["fieldData": ["deleteRelated": "Albums.2"]], token: token)
        #expect(answer.status == 200)
        #expect(answer.code == "0")
        let rows = try server.send(.get, Self.records + "/1", token: token).response["data"]?[0]?["portalData"]?[
            "Albums"]
        #expect(rows?.arrayValue?.map { $0["recordId"] } == ["1"])
        #expect(try server.send(.get, MusicServer.base + "/layouts/Albums/records/2", token: token).code == "101")
        let missing = try server.send(
            .patch, Self.records + "/1", json: ["fieldData": ["deleteRelated": "Albums.2"]], token: token)
        #expect(missing.code == "101")
    }

    @Test("a portal row without recordId in an edit's portalData is created under the parent")
    func portalRowCreate() throws {
        let server = try MusicServer()
        let token = try server.login()
        let answer = try server.send(
            .patch, Self.records + "/2",
            json: [
                "fieldData": [:], "portalData": ["Albums": [["Albums::title": "Giant Steps", "Albums::year": 1960]]],
            ],
            token: token)
        #expect(answer.status == 200, "\(answer.body)")
        let rows = try server.send(.get, Self.records + "/2", token: token).response["data"]?[0]?["portalData"]?[
            "Albums"]
        #expect(
            rows == [
                ["recordId": "3", "Albums::title": "A Love Supreme", "Albums::year": 1965, "modId": "0"],
                ["recordId": "4", "Albums::title": "Giant Steps", "Albums::year": 1960, "modId": "0"],
            ])
        let album = try server.send(.get, MusicServer.base + "/layouts/Albums/records/4", token: token)
        #expect(album.response["data"]?[0]?["fieldData"]?["artist_id"] == "7C5F8E2A-1B3D-4E6F-8A9B-0C1D2E3F4A52")

        let edited = try server.send(
            .patch, Self.records + "/2",
            json: [
                "fieldData": [:], "portalData": ["Albums": [["recordId": "4", "modId": "0", "Albums::year": 1959]]],
            ],
            token: token)
        #expect(edited.code == "0")
        let stale = try server.send(
            .patch, Self.records + "/2",
            json: [
                "fieldData": [:], "portalData": ["Albums": [["recordId": "4", "modId": "0", "Albums::year": 1961]]],
            ],
            token: token)
        #expect(stale.code == "306", "a portal row's modId is checked too")
    }

    // MARK: - Metadata

    @Test("product info, databases, layouts in their folders, scripts, and validateSession answer without surprises")
    func metadataLists() throws {
        let server = try MusicServer()
        let product = try server.send(.get, "/fmi/data/vLatest/productInfo")
        #expect(product.response["productInfo"]?["dateFormat"] == "MM/dd/yyyy")
        #expect(product.response["productInfo"]?["timeStampFormat"] == "MM/dd/yyyy HH:mm:ss")
        #expect(try server.send(.get, "/fmi/data/vLatest/databases").response == ["databases": [["name": "Music"]]])
        let token = try server.login()
        let layouts = try server.send(.get, MusicServer.base + "/layouts", token: token).response["layouts"]
        #expect(layouts?[0] == ["name": "Artists", "table": "Artists"])
        #expect(layouts?[2]?["name"] == "Admin")
        #expect(layouts?[2]?["isFolder"] == true)
        #expect(layouts?[2]?["folderLayoutNames"]?[0]?["name"] == "Admin Log")
        let scripts = try server.send(.get, MusicServer.base + "/scripts", token: token).response["scripts"]
        #expect(scripts?[0] == ["name": "Echo", "isFolder": false])
        #expect(scripts?[1]?["name"] == "Utilities")
        #expect(scripts?[1]?["folderScriptNames"] == [["name": "Version", "isFolder": false]])
        let valid = try server.send(.get, "/fmi/data/vLatest/validateSession", token: token)
        #expect(valid.response == ["isSessionInUse": false])
        #expect(try server.send(.get, "/fmi/data/vLatest/validateSession", token: "nope").code == "952")
    }

    @Test("layout metadata has fieldMetaData, qualified portalMetaData and value lists")
    func layoutMetadata() throws {
        let server = try MusicServer()
        let token = try server.login()
        let answer = try server.send(.get, MusicServer.artists, token: token)
        #expect(answer.code == "0")
        let fields = try #require(answer.response["fieldMetaData"]?.arrayValue)
        let genre = try #require(fields.first { $0["name"] == "genre" })
        #expect(genre["displayType"] == "popupList")
        #expect(genre["valueList"] == "Genres")
        #expect(fields.first { $0["name"] == "fullName" }?["type"] == "calculation")
        #expect(fields.first { $0["name"] == "gNote" }?["global"] == true)
        #expect(fields.first { $0["name"] == "firstName" }?["notEmpty"] == true)
        #expect(fields.first { $0["name"] == "firstName" }?["maxCharacters"] == 100)
        #expect(fields.first { $0["name"] == "id" }?["autoEnter"] == true)
        #expect(
            answer.response["portalMetaData"]?["Albums"]?.arrayValue?.map { $0["name"] } == [
                "Albums::title", "Albums::year",
            ])
        #expect(
            answer.response["valueLists"] == [
                [
                    "name": "Genres", "type": "customList",
                    "values": [
                        ["value": "Jazz", "displayValue": "Jazz"], ["value": "Blues", "displayValue": "Blues"],
                        ["value": "Rock", "displayValue": "Rock"], ["value": "Soul", "displayValue": "Soul"],
                    ],
                ]
            ])
        for field in fields {
            #expect(
                field.objectValue?.keys.filter { $0 != "valueList" }.sorted() == [
                    "autoEnter", "displayType", "fourDigitYear", "global", "maxCharacters", "maxRepeat", "name",
                    "notEmpty",
                    "numeric", "repetitionEnd", "repetitionStart", "result", "timeOfDay", "type",
                ], "every key is always present")
        }
    }

    @Test("born's fieldMetaData item is the one filemaker.md §3 shows")
    func bornMetadata() throws {
        let server = try MusicServer()
        let token = try server.login()
        let fields = try server.send(.get, MusicServer.artists, token: token).response["fieldMetaData"]?.arrayValue
        let born = try #require(fields?.first { $0["name"] == "born" })
        // filemaker.md §3 shows this very item for the number field `born`: `numeric` is false
        // (it is FileMaker's "strict data type: numeric only" validation, not the result type).
        #expect(
            born == [
                "name": "born", "type": "normal", "displayType": "editText", "result": "number", "global": false,
                "autoEnter": false, "fourDigitYear": false, "maxRepeat": 1, "maxCharacters": 0, "notEmpty": false,
                "numeric": false, "timeOfDay": false, "repetitionStart": 1, "repetitionEnd": 1,
            ])
    }

    // MARK: - Scripts and globals

    @Test(
        "script and script.param on a GET of a record answer scriptResult and scriptError",
        arguments: [
            ("?script=Echo&script.param=hello", JSONValue("0"), JSONValue?.some("hello")),
            ("?script=Version", "0", "1.0"),
            ("?script=Fail&script.param=x", "3", nil),
            ("?script=Missing", "104", nil),
        ] as [(String, JSONValue, JSONValue?)])
    func recordScript(_ query: String, error: JSONValue, result: JSONValue?) throws {
        let server = try MusicServer()
        let token = try server.login()
        let answer = try server.send(.get, Self.records + "/1" + query, token: token)
        #expect(answer.status == 200)
        #expect(answer.code == "0", "a failing script does not change messages[0].code")
        #expect(answer.response["scriptError"] == error)
        #expect(answer.response["scriptResult"] == result)
        #expect(answer.response["data"]?.arrayValue?.count == 1)
    }

    @Test("prerequest and presort scripts answer with their suffixes")
    func stagedScripts() throws {
        let server = try MusicServer()
        let token = try server.login()
        let answer = try server.send(
            .get, Self.records + "?script.prerequest=Echo&script.prerequest.param=a&script.presort=Fail", token: token)
        #expect(answer.response["scriptResult.prerequest"] == "a")
        #expect(answer.response["scriptError.prerequest"] == "0")
        #expect(answer.response["scriptError.presort"] == "3")
        #expect(answer.response["scriptError"] == nil, "only scripts that ran answer")
    }

    @Test("a script runs alone; a missing one is 104")
    func standaloneScript() throws {
        let server = try MusicServer()
        let token = try server.login()
        let echo = try server.send(.get, MusicServer.artists + "/script/Echo?script.param=hi", token: token)
        #expect(echo.response == ["scriptError": "0", "scriptResult": "hi"])
        let missing = try server.send(.get, MusicServer.artists + "/script/Nope", token: token)
        #expect(missing.code == "104")
        #expect(missing.message == "Script is missing")
    }

    @Test("globals live in the session that set them; a second session sees \"\"")
    func globals() throws {
        let server = try MusicServer()
        let first = try server.login()
        let second = try server.login()
        #expect(first != second)
        let set = try server.send(
            .patch, MusicServer.base + "/globals", json: ["globalFields": ["Artists::gNote": "hello"]], token: first)
        #expect(set.status == 200)
        #expect(set.response == [:])
        let mine = try server.send(.get, Self.records + "/1", token: first)
        #expect(mine.response["data"]?[0]?["fieldData"]?["gNote"] == "hello")
        let theirs = try server.send(.get, Self.records + "/1", token: second)
        #expect(theirs.response["data"]?[0]?["fieldData"]?["gNote"] == "")
        let notGlobal = try server.send(
            .patch, MusicServer.base + "/globals", json: ["globalFields": ["Artists::firstName": "x"]], token: first)
        #expect(notGlobal.code == "102")
    }

    // MARK: - Protocol errors

    @Test("a JSON body without Content-Type is 415")
    func noContentType() throws {
        let server = try MusicServer()
        let token = try server.login()
        var headers = HTTPFields()
        headers[.authorization] = "Bearer " + token
        let answer = try server.send(
            .post, Self.records, headers: headers,
            body: (["fieldData": ["firstName": "A"]] as JSONValue).serializedBytes())
        #expect(answer.status == 415)
        #expect(answer.code == "1708")
        #expect(answer.message == "Unsupported media type (none); send Content-Type: application/json")
        #expect(try server.send(.get, Self.records, token: token).response["dataInfo"]?["totalRecordCount"] == 4)
    }

    @Test("PUT on a record is 1704 on HTTP 405")
    func wrongVerb() throws {
        let server = try MusicServer()
        let token = try server.login()
        let answer = try server.send(.put, Self.records + "/1", json: ["fieldData": [:]], token: token)
        #expect(answer.status == 405)
        #expect(answer.code == "1704")
        #expect(answer.message == "Resource doesn't support the specified HTTP verb")
    }

    @Test("an unknown query parameter is 960 on HTTP 400")
    func unknownParameter() throws {
        let server = try MusicServer()
        let token = try server.login()
        let answer = try server.send(.get, Self.records + "?_limit=1&limit=2", token: token)
        #expect(answer.status == 400)
        #expect(answer.code == "960")
        #expect(answer.message == "Unknown parameter(s): limit")
        #expect(try server.send(.get, Self.records + "/1?_offset=1", token: token).code == "960")
    }

    @Test("an unknown URL is 3 on HTTP 404")
    func unknownURL() throws {
        let server = try MusicServer()
        let answer = try server.send(.get, "/fmi/data/vLatest/nothing")
        #expect(answer.status == 404)
        #expect(answer.code == "3")
    }

    // MARK: - Containers

    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF, 0x0D, 0x0A]

    static func multipart(boundary: String, name: String = "upload", data: [UInt8]) -> [UInt8] {
        Array(
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"cover.PNG\"\r\nContent-Type: image/png\r\n\r\n"
                .utf8) + data + Array("\r\n--\(boundary)--\r\n".utf8)
    }

    @Test("a container upload stores the bytes, raises modId, and its streaming URL serves them without a session")
    func containerUpload() throws {
        let server = try MusicServer()
        let token = try server.login()
        var headers = HTTPFields()
        headers[.contentType] = "multipart/form-data; boundary=----treaty42"
        let upload = try server.send(
            .post, Self.records + "/1/containers/photo", token: token, headers: headers,
            body: Self.multipart(boundary: "----treaty42", data: Self.png))
        #expect(upload.status == 200, "\(upload.body)")
        #expect(upload.code == "0")
        #expect(upload.response == [:])

        let record = try server.send(.get, Self.records + "/1", token: token).response["data"]?[0]
        #expect(record?["modId"] == "3")
        let url = try #require(record?["fieldData"]?["photo"]?.stringValue)
        #expect(url.hasPrefix("http://127.0.0.1/Streaming_SSL/MainDB/"), "\(url)")
        #expect(url.hasSuffix(".png?RCType=EmbeddedRCFileProcessor"), "\(url)")

        let target = String(url.dropFirst("http://127.0.0.1".count))
        let download = try server.send(.get, target, checkEnvelope: false)
        #expect(download.status == 200)
        #expect(download.bytes == Self.png)
        #expect(download.headers[.contentType] == "image/png")
        #expect(download.headers[.contentDisposition] == "inline; filename=\"cover.PNG\"")

        let missing = try server.send(.get, "/Streaming_SSL/MainDB/FFFFFFFF.png", checkEnvelope: false)
        #expect(missing.status == 404)
    }

    @Test("an upload without an 'upload' part is 960; one that is not multipart is 415; a stale modId is 306")
    func containerRefused() throws {
        let server = try MusicServer()
        let token = try server.login()
        var headers = HTTPFields()
        headers[.contentType] = "multipart/form-data; boundary=XYZ"
        let wrongPart = try server.send(
            .post, Self.records + "/1/containers/photo", token: token, headers: headers,
            body: Self.multipart(boundary: "XYZ", name: "file", data: Self.png))
        #expect(wrongPart.status == 400)
        #expect(wrongPart.code == "960")
        #expect(wrongPart.message == "Upload payload must contain a part named 'upload'.")

        headers[.contentType] = "application/octet-stream"
        let notMultipart = try server.send(
            .post, Self.records + "/1/containers/photo", token: token, headers: headers, body: Self.png)
        #expect(notMultipart.status == 415)

        headers[.contentType] = "multipart/form-data; boundary=XYZ"
        let stale = try server.send(
            .post, Self.records + "/1/containers/photo?modId=0", token: token, headers: headers,
            body: Self.multipart(boundary: "XYZ", data: Self.png))
        #expect(stale.code == "306")

        let notContainer = try server.send(
            .post, Self.records + "/1/containers/firstName", token: token, headers: headers,
            body: Self.multipart(boundary: "XYZ", data: Self.png))
        #expect(notContainer.code == "960")
        #expect(try server.send(.get, Self.records + "/1", token: token).response["data"]?[0]?["modId"] == "2")
    }
}
