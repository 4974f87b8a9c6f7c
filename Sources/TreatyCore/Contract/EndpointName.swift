/// The endpoint a request exercised, as the HTML report and the simulator's dashboard count it:
/// the contract's own template when one matches (`GET /projects/{project_id}/tasks`), otherwise
/// the path with record ids folded into `{id}` (the segment after `records` when it holds a
/// digit, and any segment of twelve or more characters with a digit), so requests for different
/// records count as one endpoint.
public enum EndpointName {
    /// The endpoint of a request line such as `GET /projects/P1/tasks?since=…`.
    public static func of(_ requestLine: String, in contract: Contract) -> String {
        let parts = requestLine.split(separator: " ", maxSplits: 1)
        guard parts.count == 2 else { return requestLine }
        let target = parts[1]
        return of(method: String(parts[0]), path: String(target[..<(target.firstIndex(of: "?") ?? target.endIndex)]), in: contract)
    }

    /// The endpoint of `method` on `path` (without its query).
    public static func of(method: String, path: String, in contract: Contract) -> String {
        if let endpoint = contract.endpoints.first(where: { $0.method == method && $0.path.matches(path) }) {
            return "\(method) \(endpoint.path)"
        }
        var previous = ""
        let folded = path.split(separator: "/", omittingEmptySubsequences: false).map { segment -> String in
            defer { previous = String(segment) }
            let hasDigit = segment.contains(where: \.isNumber)
            return hasDigit && (previous == "records" || segment.count >= 12) ? "{id}" : String(segment)
        }
        return "\(method) \(folded.joined(separator: "/"))"
    }
}
