import Testing
import TreatyJSON

@Suite struct JSONParserPartitionTests {
    /// Every element the sequential streaming parse hands out, as index, position and value.
    func sequential(_ text: String) throws -> [String] {
        var seen: [String] = []
        _ = try JSONParser().parse(Array(text.utf8)) { element in
            seen.append("\(element.index) \(element.position) \(element.value.serialized())")
        }
        return seen
    }

    /// The same, parsing each partition separately.
    func partitioned(_ text: String, into count: Int) throws -> [String]? {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buffer -> [String]? in
            let parser = JSONParser()
            guard let partitions = parser.partitionTopLevelArray(buffer, into: count) else { return nil }
            var seen: [String] = []
            for partition in partitions {
                _ = try parser.parse(buffer, partition: partition) { element in
                    seen.append("\(element.index) \(element.position) \(element.value.serialized())")
                }
            }
            return seen
        }
    }

    @Test("partitions hand out exactly the elements, indices and positions of a sequential parse", arguments: [2, 3, 7])
    func sameElements(count: Int) throws {
        let items = (0..<40).map { i in
            #"{"id": "\#(i)", "text": "a, [b] {c} \"q\" \\", "nested": [[1, 2], {"k": ","}], "n": \#(i).5}"#
        }
        let text = "\u{FEFF}\n [\n" + items.joined(separator: ",\n  ") + "\n]\n"
        let parts = try #require(try partitioned(text, into: count))
        #expect(parts == (try sequential(text)))
    }

    @Test("documents that cannot be split give nil", arguments: ["{\"a\": 1}", "[1]", "[]", "  ", "[\"unterminated"])
    func unsplittable(text: String) {
        let bytes = Array(text.utf8)
        let partitions = bytes.withUnsafeBufferPointer { JSONParser().partitionTopLevelArray($0, into: 2) }
        #expect(partitions == nil)
    }

    @Test("errors inside a partition are thrown by that partition's parse")
    func errors() throws {
        let text = "[" + Array(repeating: "{\"a\": 1}", count: 10).joined(separator: ",") + ", {\"a\": }]"
        let bytes = Array(text.utf8)
        try bytes.withUnsafeBufferPointer { buffer in
            let parser = JSONParser()
            let partitions = try #require(parser.partitionTopLevelArray(buffer, into: 2))
            let last = try #require(partitions.last)
            #expect(throws: JSONParseError.self) { _ = try parser.parse(buffer, partition: last) { _ in } }
        }
    }
}
