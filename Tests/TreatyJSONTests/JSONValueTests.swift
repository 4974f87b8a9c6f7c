import Testing
@testable import TreatyJSON

@Suite struct JSONValueTests {
    @Test("a missing key is nil while a present null is .null")
    func nullVersusMissing() throws {
        let task = try JSONParser().parse(#"{"id": "T1", "assignee_id": null}"#)
        #expect(task["assignee_id"] == .null)
        #expect(task["assignee_id"]?.isNull == true)
        #expect(task["watcher_ids"] == nil)
        let object = try #require(task.objectValue)
        #expect(object.containsKey("assignee_id"))
        #expect(!object.containsKey("watcher_ids"))
    }

    @Test("numbers keep their text through the tree", arguments: ["12345678901234567890", "-0", "1.50", "1E3"])
    func numberFidelity(text: String) throws {
        let value = try JSONParser().parse("{\"n\": \(text)}")
        #expect(value["n"]?.numberValue?.text == text)
        #expect(value.serialized() == "{\"n\":\(text)}")
    }

    @Test("numbers with the same value but different text are different")
    func numberTextMatters() throws {
        #expect(try JSONParser().parse("1.0") != JSONParser().parse("1"))
        #expect(try JSONParser().parse("1") == JSONParser().parse("1"))
    }

    @Test("object keys stay in received order")
    func keyOrder() throws {
        let value = try JSONParser().parse(#"{"b": 1, "a": 2, "c": 3}"#)
        #expect(value.objectValue?.keys == ["b", "a", "c"])
        #expect(value.serialized() == #"{"b":1,"a":2,"c":3}"#)
    }

    @Test("object equality and hashing ignore key order")
    func objectEquality() throws {
        let first = try JSONParser().parse(#"{"a": 1, "b": [1, 2]}"#)
        let second = try JSONParser().parse(#"{"b": [1, 2], "a": 1}"#)
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(first != (try JSONParser().parse(#"{"a": 1, "b": [2, 1]}"#)))
        #expect(first != (try JSONParser().parse(#"{"a": 1}"#)))
    }

    @Test("accessors return a value only for their own kind")
    func accessors() {
        let value: JSONValue = ["s": "x", "b": true, "n": 1, "a": [1], "o": [:], "z": nil]
        #expect(value["s"]?.stringValue == "x")
        #expect(value["b"]?.boolValue == true)
        #expect(value["n"]?.numberValue?.int64Value == 1)
        #expect(value["a"]?.arrayValue == [1])
        #expect(value["o"]?.objectValue == JSONObject())
        #expect(value["s"]?.boolValue == nil)
        #expect(value["a"]?[0] == 1)
        #expect(value["a"]?[1] == nil)
        #expect(value.kind == .object)
        #expect(JSONValue.Kind.allCases.map(\.description) == ["null", "boolean", "number", "string", "array", "object"])
    }

    @Test("setting object members keeps positions, removes and appends, large or small", arguments: [3, 40])
    func objectMutation(size: Int) {
        var object = JSONObject((0..<size).map { JSONObject.Member(key: "k\($0)", value: .number(JSONNumber($0))) })
        object["k1"] = "one"
        #expect(object.keys[1] == "k1")
        #expect(object["k1"] == "one")
        object["k0"] = nil
        #expect(object["k0"] == nil)
        #expect(object.count == size - 1)
        #expect(object["k2"] == 2)
        object["new"] = nil
        object["new"] = true
        #expect(object.keys.last == "new")
        #expect(object["new"] == true)
        #expect(object.index(forKey: "new") == size - 1)
    }

    @Test("an object built with a repeated key sees the first occurrence")
    func repeatedKeysInInit() {
        for size in [2, 50] {
            var members = (0..<size).map { JSONObject.Member(key: "k\($0)", value: .number(JSONNumber($0))) }
            members.append(JSONObject.Member(key: "k0", value: "later"))
            #expect(JSONObject(members)["k0"] == 0)
        }
    }

    @Test("description is the compact serialization")
    func description() throws {
        let value = try JSONParser().parse(#"{ "a" : [ 1 , "x" ] }"#)
        #expect(value.description == #"{"a":[1,"x"]}"#)
    }
}
