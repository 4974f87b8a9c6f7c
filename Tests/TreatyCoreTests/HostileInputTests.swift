import Testing
import TreatyCore
import TreatyTestSupport

/// Inputs built to exhaust time, memory or stack: each returns promptly with one clear
/// diagnostic instead of crashing or hanging.
@Suite struct HostileInputTests {
    @Test("a billion-laughs alias bomb stops at the node limit")
    func aliasBomb() {
        var lines = [#"a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol","lol"]"#]
        for (previous, name) in zip("abcdefgh", "bcdefghi") {
            lines.append("\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ",") + "]")
        }
        lines.append("api: demo")
        let result = ContractLoader(vocabulary: .treatyDialects).load(text: lines.joined(separator: "\n"), file: "contract.yaml")
        #expect(result.isUnreadable)
        #expect(
            result.diagnostics.rendered == """
                contract.yaml:1:20: error: [too-many-nodes] the document expands to more than 200000 nodes (the limit)
                  a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol","lol"]
                                     ^
                  aliases count once per use; a few nested aliases can expand exponentially
                  fix: remove the aliases or shrink the document
                """)
    }

    @Test("the node limit is configurable")
    func smallNodeLimit() {
        let text = "api: demo\ndialect: rest-sync\nresources: { user: { fields: { name: string } } }\n"
        #expect(
            ContractLoader(vocabulary: .treatyDialects, limits: SourceLimits(maxNodes: 10)).renderedDiagnostics(text: text) == """
                contract.yaml:3:30: error: [too-many-nodes] the document expands to more than 10 nodes (the limit)
                  resources: { user: { fields: { name: string } } }
                                               ^
                  aliases count once per use; a few nested aliases can expand exponentially
                  fix: remove the aliases or shrink the document
                """)
    }

    /// A too-deep finding on line `line` whose source line starts with `shown`.
    private static func tooDeep(line: Int, shown: String) -> String {
        """
        contract.yaml:\(line):1: error: [too-deep] nesting is deeper than 64 levels (the limit)
          \(shown)
          ^
          fix: flatten the document; contracts never need this much nesting
        """
    }

    @Test("100,000 nested flow sequences are too deep")
    func nestedBrackets() {
        let text = String(repeating: "[", count: 100_000)
        let result = ContractLoader(vocabulary: .treatyDialects).load(text: text, file: "contract.yaml")
        #expect(result.isUnreadable)
        #expect(result.diagnostics.rendered == Self.tooDeep(line: 1, shown: String(repeating: "[", count: 160) + "…"))
    }

    @Test("100,000 nested flow mappings after a key are too deep")
    func nestedBraces() {
        let text = "api: " + String(repeating: "{a: ", count: 100_000)
        #expect(
            ContractLoader(vocabulary: .treatyDialects).renderedDiagnostics(text: text)
                == Self.tooDeep(line: 1, shown: String(text.prefix(160)) + "…"))
    }

    @Test("100,000 nested block sequences on one line are too deep")
    func nestedDashes() {
        let text = String(repeating: "- ", count: 100_000) + "x\n"
        #expect(
            ContractLoader(vocabulary: .treatyDialects).renderedDiagnostics(text: text)
                == Self.tooDeep(line: 1, shown: String(repeating: "- ", count: 80) + "…"))
    }

    @Test("200 block mappings nested by indentation are too deep at the 65th")
    func nestedIndentation() {
        var text = ""
        for level in 0..<200 { text += String(repeating: " ", count: level) + "k\(level):\n" }
        text += String(repeating: " ", count: 200) + "leaf\n"
        #expect(
            ContractLoader(vocabulary: .treatyDialects).renderedDiagnostics(text: text)
                == Self.tooDeep(line: 65, shown: String(repeating: " ", count: 64) + "k64:"))
    }

    @Test("nesting exactly at the limit still loads as YAML")
    func nestingAtLimit() {
        let text = "api: " + String(repeating: "[", count: 63) + String(repeating: "]", count: 63) + "\n"
        let result = ContractLoader(vocabulary: .treatyDialects).load(text: text, file: "contract.yaml")
        #expect(!result.isUnreadable, "\(result.diagnostics.rendered)")
    }

    static let oversizedText = "api: demo\n" + String(repeating: "# padding\n", count: 200)

    @Test("text larger than the size limit is refused before parsing")
    func oversizedText() {
        let loader = ContractLoader(vocabulary: .treatyDialects, limits: SourceLimits(maxFileSize: 1024))
        let result = loader.load(text: Self.oversizedText, file: "contract.yaml")
        #expect(result.isUnreadable)
        #expect(
            result.diagnostics.rendered == """
                contract.yaml: error: [file-too-large] the file has 2010 bytes, more than the limit of 1024 bytes
                  fix: split it into several files, or raise the limit
                """)
    }

    @Test("a file larger than the size limit is refused before reading")
    func oversizedFile() throws {
        try TemporaryDirectory.with { directory in
            let path = try directory.write(Array(Self.oversizedText.utf8), to: "large.yaml")
            let result = ContractLoader(vocabulary: .treatyDialects, limits: SourceLimits(maxFileSize: 1024)).load(fileAt: path)
            #expect(
                result.diagnostics.rendered == """
                    \(path): error: [file-too-large] the file has 2010 bytes, more than the limit of 1024 bytes
                      fix: split it into several files, or raise the limit
                    """)
        }
    }

    @Test("legitimate merge keys still work, and explicit keys win over merged ones")
    func mergeKeys() throws {
        let text = """
            api: demo
            dialect: rest-sync
            resources:
              user:
                fields:
                  name: &text { type: string, required: true, trim: true }
                  email: { <<: *text, required: false }
                  bio:
                    <<: [*text, { max_length: 500 }]
                    max_length: 200
            endpoints:
              - GET /users
            """
        let result = ContractLoader(vocabulary: .treatyDialects).load(text: text, file: "contract.yaml")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.rendered)")
        let user = try #require(result.contract?.resource(named: "user"))
        let email = try #require(user.field(named: "email"))
        #expect(!email.required)
        #expect(email.constraints.trim)
        let bio = try #require(user.field(named: "bio"))
        #expect(bio.required)
        #expect(bio.constraints == Constraints(maxLength: 200, trim: true))
        #expect(user.fields.map(\.name) == ["name", "email", "bio"])
    }
}
