import HTTPTypes
import TreatyDialect
public import TreatyDialectKit
public import TreatyJSON
import TreatySecrets

/// What `treaty serve --spy URL --record` does with the live backend's answers to the dialect's
/// own reads: reads their records through the dialect (``TreatyDialectKit/RecordReading/records(forwardedIn:)``,
/// the seam `treaty record` reads through), leaves out secret keys, applies the contract's
/// redaction rules and puts each record into the store (``TreatyDialect/RecordStore/absorb(_:into:)``),
/// so the next request for it is answered by the simulator and `POST /__treaty/export` writes
/// it out as a fixture.
public struct RecordAbsorber: Sendable {
    /// The dialect's reading of forwarded answers (the contract's decoded schema).
    public let reading: any RecordReading
    /// Redacts records by store resource before they are kept, as `treaty record` redacts a
    /// recording (the contract's `redact:` rules); the identity when there are none.
    public let redact: @Sendable ([String: [JSONObject]]) -> [String: [JSONObject]]

    /// Creates an absorber.
    ///
    /// - Parameters:
    ///   - reading: The dialect's reading of forwarded answers.
    ///   - redact: Redacts records by store resource before they are kept.
    public init(
        reading: any RecordReading,
        redact: @escaping @Sendable ([String: [JSONObject]]) -> [String: [JSONObject]] = { $0 }
    ) {
        self.reading = reading
        self.redact = redact
    }

    /// Keeps the records of one forwarded answer in `store`.
    ///
    /// - Parameters:
    ///   - request: The request the client sent.
    ///   - answer: The live backend's answer.
    ///   - store: The simulator's store.
    /// - Returns: How many records were kept, and the first reason one was refused, if any.
    func absorb(_ request: DialectRequest, answer: DialectResponse, into store: RecordStore) -> (
        kept: Int, refusal: String?
    ) {
        let contentType = answer.headers[.contentType]?.lowercased()
        guard (200..<300).contains(answer.status.code), !answer.body.isEmpty,
            contentType.map({ $0.contains("json") }) ?? true,
            let body = try? JSONParser().parse(answer.body)
        else { return (0, nil) }
        let forwarded = ForwardedAnswer(
            request: EndpointRequest(
                method: request.method.rawValue, path: request.path,
                query: request.rawQuery.isEmpty ? nil : request.rawQuery),
            status: answer.status.code, body: body)
        var byResource: [String: [JSONObject]] = [:]
        var order: [String] = []
        for found in reading.records(forwardedIn: forwarded) {
            if byResource[found.resource] == nil { order.append(found.resource) }
            byResource[found.resource, default: []].append(
                JSONObject(found.record.members.filter { !SecretPolicy.isSecretKey($0.key) }))
        }
        guard !byResource.isEmpty else { return (0, nil) }
        let redacted = redact(byResource)
        var kept = 0
        var refusal: String?
        for resource in order {
            for record in redacted[resource] ?? [] {
                do {
                    try store.absorb(record, into: resource)
                    kept += 1
                } catch {
                    refusal = refusal ?? "\(resource): \(error)"
                }
            }
        }
        return (kept, refusal)
    }
}
