public import TreatyJSON

/// Where a dialect's answers carry its error codes and which codes it has, so
/// ``MutationOperator/errorCodeChanged`` can swap one for another while keeping the envelope.
public struct ErrorCodes: Sendable, Hashable {
    /// Where answers keep a code, as member names from the top of the answer (`*` for every
    /// element of a list or member of an object, e.g. `["records", "*", "code"]` for the
    /// per-record errors of a batch answer).
    public var paths: [[String]]
    /// The codes, in the order each is swapped for the next (the last for the first); a value
    /// at a path that is not among them (a success code) is left alone.
    public var codes: [JSONValue]

    /// Creates the error codes of a dialect.
    ///
    /// - Parameters:
    ///   - paths: Where answers keep a code.
    ///   - codes: The codes, in swapping order.
    public init(paths: [[String]], codes: [JSONValue]) {
        self.paths = paths
        self.codes = codes
    }

    /// No codes: the operator is left out.
    public static let none = ErrorCodes(paths: [], codes: [])

    /// `answer` with each code at one of ``paths`` swapped for the next code.
    func swapping(in answer: JSONValue) -> JSONValue {
        paths.reduce(answer) { answer, path in
            answer.updating(path[...]) { value in
                guard let index = codes.firstIndex(of: value) else { return value }
                return codes[(index + 1) % codes.count]
            }
        }
    }
}
