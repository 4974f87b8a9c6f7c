internal import TreatyCore
internal import TreatyDialectKit

extension PathTemplate {
    /// The concrete path for these parameter values, or `nil` when one is missing.
    ///
    /// `/projects/{project_id}/tasks/{id}` with `project_id: P1, id: T1` gives
    /// `/projects/P1/tasks/T1`.
    func filled(_ values: [String: String]) -> String? {
        var parts: [String] = []
        for segment in segments {
            switch segment {
            case .literal(let text): parts.append(text)
            case .parameter(let name):
                guard let value = values[name] else { return nil }
                parts.append(QueryEncoding.component(value))
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}
