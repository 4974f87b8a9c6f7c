import Testing
import TreatyCore
import TreatyTestSupport

/// Files that are not readable as one YAML document: syntax errors, duplicate keys, empty files
/// and bytes that are not UTF-8.
@Suite struct ContractLoaderSyntaxTests {
    static let syntaxErrors: [RenderedCase] = [
        RenderedCase(
            name: "a key indented less than its siblings",
            text: """
                api: demo
                dialect: rest-sync
                resources:
                  user:
                    fields:
                      name: string
                     age: int

                """,
            expected: """
                contract.yaml:7:6: error: [yaml-syntax] did not find expected key
                       age: int
                       ^
                  while parsing a block mapping at line 5, column 5
                """),
        RenderedCase(
            name: "a flow mapping left open at the end of the file",
            text: """
                api: demo
                dialect: rest-sync
                resources:
                  user:
                    fields:
                      name: { type: string, required: true

                """,
            expected: """
                contract.yaml:6:43: error: [yaml-syntax] did not find expected ',' or '}'
                        name: { type: string, required: true
                                                            ^
                  while parsing a flow mapping at line 6, column 13
                """),
        RenderedCase(
            name: "a flow mapping left open before the next key",
            text: """
                api: demo
                dialect: rest-sync
                resources:
                  user:
                    fields: { name: string
                  tag:
                    fields: {}
                """,
            expected: """
                contract.yaml:6:6: error: [yaml-syntax] did not find expected ',' or '}'
                    tag:
                       ^
                  while parsing a flow mapping at line 5, column 13
                """),
        RenderedCase(
            name: "a tab used for indentation",
            text: "api: demo\ndialect: rest-sync\nresources:\n  user:\n    fields:\n\tname: string\n",
            expected: """
                contract.yaml:6:1: error: [yaml-syntax] found character that cannot start any token
                  \tname: string
                  ^
                  while scanning for the next token at line 6, column 1
                  fix: indent with spaces; YAML does not allow tabs in indentation
                """),
        RenderedCase(
            name: "a tab after spaces in a block sequence",
            text: "api: demo\nendpoints:\n  - GET /users\n \t- GET /tags\n",
            expected: """
                contract.yaml:4:2: error: [yaml-syntax] found a tab character that violates indentation
                   \t- GET /tags
                   ^
                  while scanning a plain scalar at line 3, column 5
                  fix: indent with spaces; YAML does not allow tabs in indentation
                """),
        RenderedCase(
            name: "a quoted string that never closes",
            text: """
                api: "demo
                dialect: rest-sync

                """,
            expected: """
                contract.yaml:2:19: error: [yaml-syntax] found unexpected end of stream
                  dialect: rest-sync
                                    ^
                  while scanning a quoted scalar at line 1, column 6
                """),
        RenderedCase(
            name: "a second document",
            text: """
                api: demo
                dialect: rest-sync
                ---
                api: other

                """,
            expected: """
                contract.yaml:3:1: error: [yaml-syntax] expected a single document in the stream (at line 1, \
                column 1), but found another document
                  ---
                  ^
                """),
        RenderedCase(
            name: "a key repeated in a nested mapping",
            text: """
                api: demo
                dialect: rest-sync
                resources:
                  user:
                    fields:
                      name: string
                      name: int

                """,
            expected: """
                contract.yaml:6:7: error: [duplicate-key] duplicate key 'name' in one mapping
                        name: string
                        ^
                  shown at its first occurrence; a later key of the same mapping repeats it
                  fix: keep one of the keys; a later one would silently replace the earlier
                """),
        RenderedCase(
            name: "a key repeated at the top",
            text: """
                api: demo
                api: other
                dialect: rest-sync

                """,
            expected: """
                contract.yaml:1:1: error: [duplicate-key] duplicate key 'api' in one mapping
                  api: demo
                  ^
                  shown at its first occurrence; a later key of the same mapping repeats it
                  fix: keep one of the keys; a later one would silently replace the earlier
                """),
        RenderedCase(
            name: "an empty file",
            text: "",
            expected: """
                contract.yaml: error: [empty-document] the file is empty
                  fix: write a contract, starting with 'api:' and 'dialect:'
                """),
        RenderedCase(
            name: "a file of whitespace",
            text: "  \n\n\t\n\r\n",
            expected: """
                contract.yaml: error: [empty-document] the file is empty
                  fix: write a contract, starting with 'api:' and 'dialect:'
                """),
        RenderedCase(
            name: "a file of comments and document markers",
            text: "# a contract, some day\n---\n...\n",
            expected: """
                contract.yaml: error: [empty-document] the file has no content, only comments or document markers
                  fix: write a contract, starting with 'api:' and 'dialect:'
                """),
    ]

    @Test("a file that is not one YAML document is unreadable, with line, column and caret", arguments: syntaxErrors)
    func unreadableDocument(_ row: RenderedCase) {
        let result = ContractLoader(vocabulary: .treatyDialects).load(text: row.text, file: "contract.yaml")
        #expect(result.contract == nil)
        #expect(result.isUnreadable)
        #expect(result.diagnostics.rendered == row.expected)
    }

    @Test("bytes that are not UTF-8 are reported by line, column and byte offset")
    func invalidUTF8() throws {
        try TemporaryDirectory.with { directory in
            let bytes = Array("api: demo\ndialect: rest-sync\nname: caf".utf8) + [0xE9, 0x0A]
            let path = try directory.write(bytes, to: "latin1.yaml")
            let result = ContractLoader(vocabulary: .treatyDialects).load(fileAt: path)
            #expect(result.contract == nil)
            #expect(result.isUnreadable)
            #expect(
                result.diagnostics.rendered == """
                    \(path):3:10: error: [invalid-utf8] the file is not valid UTF-8 (invalid byte 0xE9 at byte 38)
                      fix: save the file as UTF-8
                    """)
        }
    }

    @Test("a truncated multi-byte sequence at the end of the file points at its first byte")
    func truncatedUTF8() throws {
        try TemporaryDirectory.with { directory in
            let path = try directory.write(Array("api: ".utf8) + [0xE2, 0x82], to: "truncated.yaml")
            #expect(
                ContractLoader(vocabulary: .treatyDialects).load(fileAt: path).diagnostics.rendered == """
                    \(path):1:6: error: [invalid-utf8] the file is not valid UTF-8 (invalid byte 0xE2 at byte 5)
                      fix: save the file as UTF-8
                    """)
        }
    }

    @Test("a file that does not exist is unreadable")
    func missingFile() throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path + "/absent.yaml"
            let result = ContractLoader(vocabulary: .treatyDialects).load(fileAt: path)
            #expect(result.isUnreadable)
            #expect(
                result.diagnostics.rendered == """
                    \(path): error: [unreadable-file] cannot read file: it does not exist
                      fix: check the path
                    """)
        }
    }

    @Test("a contract on disk loads the same as its text")
    func fileAndTextAgree() throws {
        try TemporaryDirectory.with { directory in
            let text = "api: demo\ndialect: rest-sync\nresources:\n  user:\n    fields:\n      name: string\n"
            let path = try directory.write(Array(text.utf8), to: "contract.yaml")
            let fromFile = try #require(ContractLoader(vocabulary: .treatyDialects).load(fileAt: path).contract)
            let fromText = try #require(ContractLoader(vocabulary: .treatyDialects).load(text: text, file: path).contract)
            #expect(fromFile == fromText)
        }
    }
}
