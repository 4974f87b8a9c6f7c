import Testing
import TreatyJSON

@testable import TreatyPocketBase

/// Values written to the blog's fields and the error entry the real server answered with
/// (observed on PocketBase 0.40.6); `nil` where it accepted them.
@Suite struct ValidationTests {
    private func error(_ field: PocketBaseField, _ raw: String, _ context: PocketBaseValidationContext = .init()) throws
        -> String?
    {
        field.validate(field.coerce(try JSONParser().parse(raw)), in: context)?.json.serialized()
    }

    @Test(
        "posts fields answer with the server's codes and messages",
        arguments: [
            ("title", #""""#, #"{"code":"validation_required","message":"Cannot be blank."}"#),
            (
                "title", #""Hi""#,
                #"{"code":"validation_min_text_constraint","message":"Must be at least 3 character(s).","params":{"min":3}}"#
            ),
            (
                "title", "\"\(String(repeating: "x", count: 121))\"",
                #"{"code":"validation_max_text_constraint","message":"Must be no more than 120 character(s).","params":{"max":120}}"#
            ),
            ("title", #""ééé""#, nil),
            (
                "summary", "\"\(String(repeating: "é", count: 301))\"",
                #"{"code":"validation_max_text_constraint","message":"Must be no more than 300 character(s).","params":{"max":300}}"#
            ),
            (
                "secretNote", "\"\(String(repeating: "x", count: 5001))\"",
                #"{"code":"validation_max_text_constraint","message":"Must be no more than 5000 character(s).","params":{"max":5000}}"#
            ),
            ("slug", #""Bad Slug""#, #"{"code":"validation_invalid_format","message":"Invalid value format."}"#),
            ("slug", #""good-slug-1""#, nil),
            (
                "views", "1.5",
                #"{"code":"validation_only_int_constraint","message":"Decimal numbers are not allowed."}"#
            ),
            (
                "views", "-1",
                #"{"code":"validation_min_number_constraint","message":"Must be greater or equal than 0.","params":{"min":0}}"#
            ),
            (
                "rating", "6",
                #"{"code":"validation_max_number_constraint","message":"Must be less or equal than 5.","params":{"max":5}}"#
            ),
            (
                "rating", #""1e3""#,
                #"{"code":"validation_max_number_constraint","message":"Must be less or equal than 5.","params":{"max":5}}"#
            ),
            (
                "rating", #""NaN""#,
                #"{"code":"validation_not_a_number","message":"The submitted number is not properly formatted."}"#
            ),
            (
                "rating", #""inf""#,
                #"{"code":"validation_not_a_number","message":"The submitted number is not properly formatted."}"#
            ),
            (
                "publishedAt", #""2019-01-01 00:00:00.000Z""#,
                #"{"code":"validation_min_greater_equal_than_required","message":"Must be no less than 2020-01-01 00:00:00 +0000 UTC.","params":{"threshold":"2020-01-01T00:00:00Z"}}"#
            ),
            (
                "publishedAt", #""2200-01-01""#,
                #"{"code":"validation_max_less_equal_than_required","message":"Must be no greater than 2100-01-01 00:00:00 +0000 UTC.","params":{"threshold":"2100-01-01T00:00:00Z"}}"#
            ),
            (
                "status", #""nope""#,
                #"{"code":"validation_invalid_value","message":"Invalid value nope.","params":{"value":"nope"}}"#
            ),
            ("status", #"["draft","live"]"#, nil),
            ("status", "null", #"{"code":"validation_required","message":"Cannot be blank."}"#),
            (
                "categories", #"["news","tech","life"]"#,
                #"{"code":"validation_too_many_values","message":"Select no more than 2.","params":{"maxSelect":2}}"#
            ),
            (
                "categories", #"["news","bad"]"#,
                #"{"code":"validation_invalid_value","message":"Invalid value bad.","params":{"value":"bad"}}"#
            ),
            ("author", #""""#, #"{"code":"validation_required","message":"Cannot be blank."}"#),
            (
                "tags", #"["a","b","c","d","e","f"]"#,
                #"{"code":"validation_too_many_values","message":"Select no more than 5.","params":{"maxSelect":5}}"#
            ),
            ("contact", #""bad""#, #"{"code":"validation_is_email","message":"Must be a valid email address."}"#),
            ("contact", #""a@b""#, #"{"code":"validation_is_email","message":"Must be a valid email address."}"#),
            ("contact", #""a b@c.com""#, #"{"code":"validation_is_email","message":"Must be a valid email address."}"#),
            ("contact", "5", #"{"code":"validation_is_email","message":"Must be a valid email address."}"#),
            (
                "contact", #""a@spam.com""#,
                #"{"code":"validation_email_domain_not_allowed","message":"Email domain is not allowed."}"#
            ),
            ("contact", #""A@B.CO""#, nil),
            ("contact", #""a@b.c""#, nil),
            ("website", #""notaurl""#, #"{"code":"validation_invalid_url","message":"Must be a valid url."}"#),
            ("website", #""https://example.com/x""#, nil),
            ("website", #""ftp://example.com""#, nil),
            (
                "website", #""https://other.com""#,
                #"{"code":"validation_url_domain_not_allowed","message":"Url domain is not allowed."}"#
            ),
            (
                "website", #""http://example.com:8080/x""#,
                #"{"code":"validation_url_domain_not_allowed","message":"Url domain is not allowed."}"#
            ),
            (
                "website", #""example.com""#,
                #"{"code":"validation_url_domain_not_allowed","message":"Url domain is not allowed."}"#
            ),
            (
                "website", #""https://sub.example.com""#,
                #"{"code":"validation_url_domain_not_allowed","message":"Url domain is not allowed."}"#
            ),
            (
                "location", #"{"lat":100,"lon":0}"#,
                #"{"code":"validation_invalid_latitude","message":"Latitude must be between -90 and 90 degrees."}"#
            ),
            (
                "location", #"{"lat":0,"lon":200}"#,
                #"{"code":"validation_invalid_longitude","message":"Longitude must be between -180 and 180 degrees."}"#
            ),
            (
                "cover", #""x.jpg""#,
                #"{"code":"validation_invalid_file","message":"Invalid new files: [x.jpg].","params":{"invalidFiles":["x.jpg"]}}"#
            ),
            (
                "attachments", #"["a.txt"]"#,
                #"{"code":"validation_invalid_file","message":"Invalid new files: [a.txt].","params":{"invalidFiles":["a.txt"]}}"#
            ),
            (
                "metadata", "\"\(String(repeating: "x", count: 3000))\"",
                #"{"code":"validation_json_size_limit","message":"The maximum allowed JSON size is 2000 bytes.","params":{"maxSize":2000}}"#
            ),
            (
                "id", #""abc""#,
                #"{"code":"validation_min_text_constraint","message":"Must be at least 15 character(s).","params":{"min":15}}"#
            ),
            (
                "id", #""abcdefghijklmnop""#,
                #"{"code":"validation_max_text_constraint","message":"Must be no more than 15 character(s).","params":{"max":15}}"#
            ),
            ("id", #""ABCDEFGHIJKLMNO""#, #"{"code":"validation_invalid_format","message":"Invalid value format."}"#),
            ("id", "123456789012345", nil),
        ] as [(String, String, String?)])
    func postsFields(field: String, raw: String, expected: String?) throws {
        #expect(try error(BlogSchema.postsField(field), raw) == expected)
    }

    @Test(
        "password fields word their limits without parameters",
        arguments: [
            (
                "pin", #""12""#,
                #"{"code":"validation_min_text_constraint","message":"Must be at least 4 character(s)."}"#
            ),
            (
                "pin", #""12345678901""#,
                #"{"code":"validation_max_text_constraint","message":"Must be less than 10 character(s)."}"#
            ),
            ("pin", #""12ab""#, #"{"code":"validation_invalid_format","message":"Invalid value format."}"#),
            ("pin", #""1234""#, nil),
            (
                "password", #""short""#,
                #"{"code":"validation_min_text_constraint","message":"Must be at least 8 character(s)."}"#
            ),
            (
                "password", "\"\(String(repeating: "x", count: 72))\"",
                #"{"code":"validation_max_text_constraint","message":"Must be less than 71 character(s)."}"#
            ),
            ("password", #""""#, #"{"code":"validation_required","message":"Cannot be blank."}"#),
        ] as [(String, String, String?)])
    func passwords(field: String, raw: String, expected: String?) throws {
        let members = BlogSchema.collection("members")
        let passwordField = try #require(members.field(named: field))
        #expect(try error(passwordField, raw) == expected)
    }

    @Test("a stored password satisfies a required password field on update")
    func storedPassword() throws {
        let password = PocketBaseField.authPassword
        #expect(try error(password, #""""#, .init(original: ["password": "$2a$10$hash"])) == nil)
    }

    @Test("relations to records that do not exist fail when a lookup is given")
    func missingRelations() throws {
        let context = PocketBaseValidationContext(relationExists: { _, ids in ids.allSatisfy { $0.hasPrefix("t") } })
        let tags = BlogSchema.postsField("tags")
        #expect(try error(tags, #"["t1","t2"]"#, context) == nil)
        #expect(try error(tags, #""t1,t2""#, context) == nil)
        #expect(
            try error(tags, #""nonexistent0000""#, context)
                == #"{"code":"validation_missing_rel_records","message":"Failed to find all relation records with the provided ids."}"#
        )
    }

    @Test("a relation with minSelect needs that many records")
    func minSelect() throws {
        let field = PocketBaseField(name: "r", options: .relation(.init(collectionId: "c", minSelect: 2, maxSelect: 3)))
        #expect(
            try error(field, #"["a"]"#)
                == #"{"code":"validation_not_enough_values","message":"Select at least 2.","params":{"minSelect":2}}"#)
        #expect(try error(field, #"["a","b"]"#) == nil)
    }

    @Test("files already stored pass, new names and too many files fail")
    func files() throws {
        let attachments = BlogSchema.postsField("attachments")
        let context = PocketBaseValidationContext(original: ["attachments": ["a.txt", "b.txt", "c.txt", "d.txt"]])
        #expect(try error(attachments, #"["a.txt","b.txt"]"#, context) == nil)
        #expect(
            try error(attachments, #"["a.txt","b.txt","c.txt","d.txt"]"#, context)
                == #"{"code":"validation_too_many_files","message":"The maximum allowed files is 3.","params":{"maxSelect":3}}"#
        )
    }

    @Test("the record id cannot change on update")
    func primaryKeyChange() throws {
        let id = BlogSchema.postsField("id")
        let context = PocketBaseValidationContext(original: ["id": "a0idp87l70bp066"])
        #expect(
            try error(id, #""otheridxxxxxxxx""#, context)
                == #"{"code":"validation_pk_change","message":"The record primary key cannot be changed."}"#)
        #expect(try error(id, #""a0idp87l70bp066""#, context) == nil)
    }

    @Test("a required json field refuses the empty JSON values")
    func requiredJSON() throws {
        let field = PocketBaseField(name: "data", required: true, options: .json(.init()))
        for empty in ["null", #""""#, "[]", "{}"] {
            #expect(try error(field, empty) == #"{"code":"validation_required","message":"Cannot be blank."}"#)
        }
        #expect(try error(field, "0") == nil)
    }

    @Test("a whole record is validated field by field into the server's reply")
    func wholeRecord() throws {
        let writer = PocketBaseRecordWriter(collection: BlogSchema.posts)
        let record = writer.apply([:], to: writer.emptyRecord())
        var errors = writer.validate(record)
        errors["id"] = nil
        #expect(
            PocketBaseErrorResponse.failedToCreateRecord(errors).json.serialized()
                == #"{"data":{"author":{"code":"validation_required","message":"Cannot be blank."},"status":{"code":"validation_required","message":"Cannot be blank."},"title":{"code":"validation_required","message":"Cannot be blank."}},"message":"Failed to create record.","status":400}"#
        )
    }
}
