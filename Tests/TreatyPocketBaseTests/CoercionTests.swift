import Testing
import TreatyJSON

@testable import TreatyPocketBase

/// Values written to the blog's `posts` fields and what the real server stored (observed on
/// PocketBase 0.40.6).
@Suite struct CoercionTests {
    private func coerced(_ field: String, _ raw: String) throws -> String {
        BlogSchema.postsField(field).coerce(try JSONParser().parse(raw)).serialized()
    }

    @Test(
        "number fields read numbers, numeric strings and booleans; anything else is 0",
        arguments: [
            ("42", "42"), (#""42""#, "42"), (#""abc""#, "0"), ("12.5", "12.5"), (#""12.5""#, "12.5"),
            (#"" 42 ""#, "0"), (#""1e3""#, "1000"), ("true", "1"), ("null", "0"), (#""""#, "0"), (#""0x10""#, "0"),
            ("[]", "0"), (#""-3""#, "-3"), ("1e300", "1e+300"), (#""NaN""#, #""NaN""#), (#""inf""#, #""+Inf""#),
        ])
    func numbers(raw: String, stored: String) throws {
        #expect(try coerced("rating", raw) == stored)
    }

    @Test(
        "bool fields read true, Go's true strings and non-zero numbers",
        arguments: [
            ("true", true), (#""true""#, true), (#""1""#, true), (#""t""#, true), (#""TRUE""#, true),
            (#""True""#, true),
            ("1", true), ("2", true), ("0.5", true), (#""yes""#, false), (#""on""#, false), (#"" true""#, false),
            (#""0""#, false), (#""f""#, false), ("0", false), ("null", false), ("[]", false), ("{}", false),
        ])
    func bools(raw: String, stored: Bool) throws {
        #expect(try coerced("published", raw) == "\(stored)")
    }

    @Test(
        "text fields write numbers in plain decimal and booleans as words",
        arguments: [
            ("12345", #""12345""#), ("true", #""true""#), ("1e21", #""1000000000000000000000""#),
            ("1e-7", #""0.0000001""#), ("0.1", #""0.1""#), ("-0.0", #""-0""#), ("123456789.125", #""123456789.125""#),
            ("[1,2]", #""""#), (#"{"a":1}"#, #""""#), ("null", #""""#),
        ])
    func texts(raw: String, stored: String) throws {
        #expect(try coerced("title", raw) == stored)
        #expect(try coerced("body", raw) == stored)
    }

    @Test(
        "date fields store UTC with milliseconds, or an empty string",
        arguments: [
            (#""2024-05-06 07:08:09.123Z""#, "2024-05-06 07:08:09.123Z"),
            (#""2024-05-06T07:08:09Z""#, "2024-05-06 07:08:09.000Z"),
            (#""2024-05-06T07:08:09.5+02:00""#, "2024-05-06 05:08:09.500Z"),
            (#""2024-05-06""#, "2024-05-06 00:00:00.000Z"),
            (#""2024-05-06 07:08:09""#, "2024-05-06 07:08:09.000Z"),
            (#""2024-05-06T07:08:09""#, "2024-05-06 07:08:09.000Z"),
            (#""2024-05-06 07:08:09+02:00""#, "2024-05-06 05:08:09.000Z"),
            (#""2024-05-06 07:08:09 +02:00""#, "2024-05-06 05:08:09.000Z"),
            (#""2024-05-06T07:08:09+0200""#, "2024-05-06 05:08:09.000Z"),
            (#""2024-05-06T07:08:09.123456789Z""#, "2024-05-06 07:08:09.123Z"),
            (#""2024-05-06 07:08:09.1234Z""#, "2024-05-06 07:08:09.123Z"),
            (#""06 May 2024""#, "2024-05-06 00:00:00.000Z"),
            (#""Mon, 06 May 2024 07:08:09 +0200""#, "2024-05-06 05:08:09.000Z"),
            (#""garbage""#, ""), ("1700000000", ""), (#""1700000000""#, ""), ("null", ""), (#""2024-5-6""#, ""),
        ])
    func dates(raw: String, stored: String) throws {
        #expect(try coerced("publishedAt", raw) == "\"\(stored)\"")
    }

    @Test(
        "multi relations drop empty and repeated ids and read one string as one id",
        arguments: [
            (#""t1""#, #"["t1"]"#), (#"["t1","t2"]"#, #"["t1","t2"]"#), (#""t1,t2""#, #"["t1,t2"]"#),
            (#"["t1","t1"]"#, #"["t1"]"#), (#""""#, "[]"), ("null", "[]"), ("[]", "[]"),
            (#""[\"t1\", \"t2\"]""#, #"["t1","t2"]"#), (#"["t1",""]"#, #"["t1"]"#), ("5", #"["5"]"#),
        ])
    func multiRelations(raw: String, stored: String) throws {
        #expect(try coerced("tags", raw) == stored)
    }

    @Test(
        "single relations and selects keep the last entry",
        arguments: [(#"["u1"]"#, #""u1""#), (#"["a","b"]"#, #""b""#), ("null", #""""#), ("[]", #""""#)])
    func singles(raw: String, stored: String) throws {
        #expect(try coerced("author", raw) == stored)
        #expect(try coerced("status", raw) == stored)
    }

    @Test(
        "json fields parse strings that hold JSON and keep other strings",
        arguments: [
            (#"{"a":1}"#, #"{"a":1}"#), (#""hello""#, #""hello""#), (#""42""#, "42"), (#""[1,2]""#, "[1,2]"),
            (#""{\"a\":1}""#, #"{"a":1}"#), (#""""#, #""""#), (#""null""#, "null"), (#""true""#, "true"), ("5", "5"),
            ("null", "null"), ("[]", "[]"), (#""  {\"a\":1}""#, #""  {\"a\":1}""#), (#""{bad""#, #""{bad""#),
        ])
    func json(raw: String, stored: String) throws {
        #expect(try coerced("metadata", raw) == stored)
    }

    @Test(
        "geo points read lon and lat numbers, anything else is the zero point",
        arguments: [
            (#"{"lat":10,"lon":20}"#, #"{"lon":20,"lat":10}"#), (#""bad""#, #"{"lon":0,"lat":0}"#),
            ("null", #"{"lon":0,"lat":0}"#), (#"{"lat":"5","lon":"6"}"#, #"{"lon":0,"lat":0}"#),
            (#"{"lon":1}"#, #"{"lon":1,"lat":0}"#),
        ])
    func geoPoints(raw: String, stored: String) throws {
        #expect(try coerced("location", raw) == stored)
    }

    @Test("every field type has PocketBase's empty value")
    func emptyValues() {
        let record = PocketBaseRecordWriter(collection: BlogSchema.posts).emptyRecord()
        #expect(
            JSONValue.object(record).serialized()
                == #"{"id":"","title":"","slug":"","body":"","summary":"","views":0,"rating":0,"published":false,"publishedAt":"","status":"","categories":[],"author":"","tags":[],"cover":"","attachments":[],"metadata":null,"website":"","contact":"","secretNote":"","location":{"lon":0,"lat":0},"created":"","updated":""}"#
        )
    }
}
