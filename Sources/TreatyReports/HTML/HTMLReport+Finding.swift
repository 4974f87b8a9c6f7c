extension HTMLReport {
    /// One thing an item found wrong.
    public struct Finding: Sendable, Hashable {
        /// The rule broken, when there is one.
        public var rule: String?
        /// The kind of problem, e.g. `RuleViolation`, `StatusMismatch`, `error`, `warning`.
        public var kind: String
        /// The JSON pointer of the value concerned, relative to the payload shown.
        public var pointer: String?
        /// One line: what is wrong.
        public var summary: String
        /// Further lines: expected and found, the request, the fix.
        public var detail: String
        /// What the contract expects at ``pointer``, when the rule says.
        public var expected: String?
        /// What the payload has there: `missing`, `null`, or the value.
        public var found: String?

        /// Creates a finding.
        public init(
            rule: String?, kind: String, pointer: String? = nil, summary: String, detail: String = "",
            expected: String? = nil, found: String? = nil
        ) {
            self.rule = rule
            self.kind = kind
            self.pointer = pointer
            self.summary = summary
            self.detail = detail
            self.expected = expected
            self.found = found
        }
    }

    /// One request and its answer.
    public struct Exchange: Sendable, Hashable {
        /// The request line, e.g. `PATCH /projects/P1/tasks/T1`.
        public var request: String
        /// The request headers, `Name: value`.
        public var requestHeaders: [String]
        /// The request body, or empty.
        public var requestBody: String
        /// The answer's status, or `nil` when none came.
        public var status: Int?
        /// The answer's headers, `Name: value`.
        public var responseHeaders: [String]
        /// The answer's body, or empty.
        public var responseBody: String
        /// Milliseconds from sending to the last byte.
        public var totalMilliseconds: Int

        /// Creates an exchange.
        public init(
            request: String, requestHeaders: [String] = [], requestBody: String = "", status: Int?,
            responseHeaders: [String] = [], responseBody: String = "", totalMilliseconds: Int = 0
        ) {
            self.request = request
            self.requestHeaders = requestHeaders
            self.requestBody = requestBody
            self.status = status
            self.responseHeaders = responseHeaders
            self.responseBody = responseBody
            self.totalMilliseconds = totalMilliseconds
        }
    }

    /// A JSON value shown with the findings marked in it.
    public struct Payload: Sendable, Hashable {
        /// The value's JSON text.
        public var json: String
        /// Where the value sits in its document (findings' pointers start with it), e.g. `/3`.
        public var pointer: String
        /// Where the value starts in its file, e.g. `payload.json:12:3`, when known.
        public var location: String?

        /// Creates a payload.
        public init(json: String, pointer: String = "", location: String? = nil) {
            self.json = json
            self.pointer = pointer
            self.location = location
        }
    }
}
