import Testing
@testable import TreatyJSON

@Suite struct PackedObjectTests {
    /// One member of every kind the writer distinguishes, including the texts a packed value must
    /// give back exactly.
    static let every = #"""
        {"id":"T1","none":null,"yes":true,"no":false,"zero":0,"negative":-42,"minusZero":-0,
         "big":12345678901234567890,"decimal":1.50,"exponent":1E3,"long":-123456789012345678,
         "empty":"","escaped":"a \"quoted\" \\ line\nbreak\u0001","unicode":"caf\u00e9 ✓",
         "list":[1,"two",[3],{"four":4}],"noList":[],"object":{"b":1,"a":[null]},"noObject":{}}
        """#

    static func object(_ text: String) throws -> JSONObject {
        try #require(try JSONParser().parse(text).objectValue)
    }

    static func shape(of object: JSONObject) throws -> JSONShape {
        try #require(JSONShape(keys: object.keys))
    }

    @Test("a packed object reads every value, key and member as the unpacked one does")
    func readsBack() throws {
        let plain = try Self.object(Self.every)
        let packed = try #require(plain.packed(in: try Self.shape(of: plain)))
        #expect(packed.isPacked && !plain.isPacked)
        #expect(packed.keys == plain.keys)
        #expect(packed.count == plain.count)
        for key in plain.keys {
            #expect(packed[key] == plain[key], "\(key)")
            #expect(packed[key]?.numberValue?.text == plain[key]?.numberValue?.text, "\(key)")
            #expect(packed.index(forKey: key) == plain.index(forKey: key))
        }
        #expect(packed["missing"] == nil && !packed.containsKey("missing"))
        #expect(packed.members == plain.members)
        #expect(Array(packed) == Array(plain))
    }

    @Test("a packed object writes the same bytes, compact, pretty and sorted, alone and nested")
    func serializesTheSame() throws {
        let plain = try Self.object(Self.every)
        let packed = try #require(plain.packed(in: try Self.shape(of: plain)))
        for options in [JSONWriteOptions(), JSONWriteOptions(pretty: true), JSONWriteOptions(sortedKeys: true)] {
            #expect(JSONValue.object(packed).serialized(options: options) == JSONValue.object(plain).serialized(options: options))
            let nested = JSONValue.array([.object(packed), .object(["inner": .object(packed)]), 7])
            let expected = JSONValue.array([.object(plain), .object(["inner": .object(plain)]), 7])
            #expect(nested.serialized(options: options) == expected.serialized(options: options))
        }
    }

    @Test("packed and unpacked objects are equal and hash alike; shapes with the same keys pack alike")
    func equality() throws {
        let plain = try Self.object(Self.every)
        let packed = try #require(plain.packed(in: try Self.shape(of: plain)))
        let again = try #require(plain.packed(in: try Self.shape(of: plain)))
        #expect(packed == plain && plain == packed && packed == again)
        #expect(packed.hashValue == plain.hashValue)
        #expect(again.packed(in: try Self.shape(of: plain))?.isPacked == true)
        var changed = plain
        changed["zero"] = 1
        #expect(try #require(changed.packed(in: try Self.shape(of: plain))) != packed)
        // Equal values written differently (a nested object's key order) are still equal.
        let reordered = try Self.object(#"{"o":{"a":1,"b":2}}"#)
        let other = try Self.object(#"{"o":{"b":2,"a":1}}"#)
        let shape = try Self.shape(of: reordered)
        #expect(reordered.packed(in: shape) == other.packed(in: shape))
    }

    @Test("setting or removing a value unpacks a copy and leaves the packed original as it was")
    func mutation() throws {
        let plain = try Self.object(Self.every)
        let packed = try #require(plain.packed(in: try Self.shape(of: plain)))
        var edited = packed
        edited["zero"] = "changed"
        edited["id"] = nil
        edited["added"] = true
        #expect(!edited.isPacked)
        #expect(edited["zero"] == "changed" && edited["id"] == nil && edited["added"] == true)
        #expect(edited.keys == Array(plain.keys.dropFirst()) + ["added"])
        #expect(packed == plain && packed.isPacked)
    }

    @Test("an object packs only under exactly its keys in order, within the size and depth limits")
    func refusals() throws {
        let object = try Self.object(#"{"a":1,"b":2}"#)
        #expect(object.packed(in: try #require(JSONShape(keys: ["b", "a"]))) == nil)
        #expect(object.packed(in: try #require(JSONShape(keys: ["a"]))) == nil)
        #expect(object.packed(in: try #require(JSONShape(keys: ["a", "b", "c"]))) == nil)
        #expect(JSONShape(keys: ["a", "a"]) == nil)
        let huge: JSONObject = ["text": .string(String(repeating: "x", count: PackedValues.maximumByteCount))]
        #expect(huge.packed(in: try Self.shape(of: huge)) == nil)
        var deep = JSONValue.null
        for _ in 0..<JSONParser.Options.depthCeiling { deep = .array([deep]) }
        let tooDeep: JSONObject = ["deep": deep]
        #expect(tooDeep.packed(in: try Self.shape(of: tooDeep)) == nil)
        let packedWithin: JSONObject = ["deep": .array([.array([.object(["x": 1])])])]
        #expect(packedWithin.packed(in: try Self.shape(of: packedWithin))?["deep"] == packedWithin["deep"])
    }
}

@Suite struct PackingParserTests {
    static let shape = JSONShape(keys: ["id", "name", "tags", "n"])!

    static func elements(_ text: String) throws -> [JSONValue] {
        var values: [JSONValue] = []
        _ = try JSONParser().parse(Array(text.utf8), packingObjectsIn: shape) { values.append($0.value) }
        return values
    }

    @Test("objects with exactly the shape's keys come packed from their bytes, equal to a plain parse")
    func packsMatchingObjects() throws {
        let text = #"""
            [ {"id":"a","name":"plain","tags":[],"n":1},
              { "id" : "b" , "name" : "caf\u00e9 \"q\"" , "tags" : [ "x" , { "y" : null } ] , "n" : -0 },
              {"id":"c","name":"ünïcode","tags":[1.50],"n":12345678901234567890},
              {"name":"out of order","id":"d","tags":[],"n":1},
              {"id":"e","name":"short"},
              {"id":"f","name":"long","tags":[],"n":1,"extra":true},
              "not an object", 7 ]
            """#
        let packed = try Self.elements(text)
        let plain = try #require(try JSONParser().parse(text).arrayValue)
        #expect(packed == plain)
        #expect(packed.map { $0.objectValue?.isPacked ?? false } == [true, true, true, false, false, false, false, false])
        #expect(packed.map { $0.serialized() } == plain.map { $0.serialized() })
        #expect(packed[1]["name"] == "café \"q\"")
        #expect(packed[2]["n"]?.numberValue?.text == "12345678901234567890")
    }

    @Test("a malformed document fails with the error a plain parse gives", arguments: [
        #"[{"id":"a","name":"x","tags":[],"n":01}]"#,
        #"[{"id":"a","name":"x","tags":[,],"n":1}]"#,
        #"[{"id":"a","id":"x","tags":[],"n":1}]"#,
        #"[{"id":"a","name":"x","tags":[],"n":1,}]"#,
        #"[{"id":"a","name":"x","tags":[],"n":1}"#,
        #"[{"id":"a","name":"x" "tags":[],"n":1}]"#,
        #"[{"id":"a","name":"x\u12","tags":[],"n":1}]"#,
        "[{\"id\":\"a\",\"name\":\"x\u{1}\",\"tags\":[],\"n\":1}]",
        #"[{"id":"a","name":"x","tags":[],"n":tru}]"#,
    ])
    func sameErrors(text: String) throws {
        let plain = #expect(throws: JSONParseError.self) { try JSONParser().parse(text) }
        let packed = #expect(throws: JSONParseError.self) { try Self.elements(text) }
        #expect(packed?.description == plain?.description)
        #expect(packed?.position == plain?.position)
    }

    @Test("the depth limit holds for packed elements as for parsed ones")
    func depth() throws {
        let text = #"[{"id":"a","name":"x","tags":[[[1]]],"n":1}]"#
        let shallow = JSONParser(options: .init(maxDepth: 4))
        #expect(throws: JSONParseError.self) {
            _ = try shallow.parse(Array(text.utf8), packingObjectsIn: Self.shape) { _ in }
        }
        var values: [JSONValue] = []
        _ = try JSONParser(options: .init(maxDepth: 5)).parse(Array(text.utf8), packingObjectsIn: Self.shape) { values.append($0.value) }
        #expect(values.first?.objectValue?.isPacked == true)
    }
}
