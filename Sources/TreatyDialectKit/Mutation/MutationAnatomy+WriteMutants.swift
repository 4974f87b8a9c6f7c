internal import HTTPTypes
internal import TreatyDialect
internal import TreatyJSON

extension MutationAnatomy {
    /// The snapshot a not-applied write restores.
    static let snapshotName = "treaty-mutant-before-write"

    /// The mutants of writes: not applied, applied twice, partially, to another record or to a
    /// deleted one; the concurrency token not bumped or bumped twice.
    func writeMutants() -> [Mutant] {
        routes.filter { $0.role == .write }.flatMap { route in
            let name = route.name
            var mutants = [
                mutant(.writeNotApplied, name, "acknowledges \(name) without applying it") { request, store, forward in
                    guard route.matches(request.method, path: request.path) else { return forward(request) }
                    store.snapshot(named: Self.snapshotName)
                    let answer = forward(request)
                    if (200..<300).contains(answer.status.code) { store.restore(named: Self.snapshotName) }
                    return answer
                },
                mutant(.writeAppliedTwice, name, "applies \(name) twice") { request, _, forward in
                    let answer = forward(request)
                    if route.matches(request.method, path: request.path), (200..<300).contains(answer.status.code) {
                        _ = forward(request)
                    }
                    return answer
                },
            ]
            if let token = route.token {
                mutants.append(
                    answerMutant(
                        .tokenNotBumped, name, "answers \(name) with the concurrency token it had before",
                        routes: [route]
                    ) { route, answer in
                        route.mappingRecords(answer) { record in
                            JSONValue.object(record).updating(token[...], Self.minusOne).objectValue ?? record
                        }
                    })
                mutants.append(
                    answerMutant(
                        .tokenBumpedTwice, name, "answers \(name) with a concurrency token one past the one it stored",
                        routes: [route]
                    ) { route, answer in
                        route.mappingRecords(answer) { record in
                            JSONValue.object(record).updating(token[...], Self.plusOne).objectValue ?? record
                        }
                    })
            }
            return mutants + partialMutants(route) + targetMutants(route)
        }
    }

    /// A number one lower (text holding a number too).
    static func minusOne(_ value: JSONValue) -> JSONValue {
        if let number = value.numberValue?.int64Value { return .number(JSONNumber(number - 1)) }
        if let text = value.stringValue, let number = Int64(text) { return .string(String(number - 1)) }
        return value
    }

    /// The mutant of credentials: a refused request served as a signed-in user's.
    func credentialMutants() -> [Mutant] {
        guard let credentials else { return [] }
        return [
            mutant(
                .credentialAccepted, "requests",
                "serves a request refused for its credentials (or hidden by an access rule) as if a signed-in user sent it"
            ) { request, _, forward in
                let answer = forward(request)
                guard credentials.statuses.contains(answer.status), let signed = credentials.authorise(request, forward)
                else { return answer }
                return forward(signed)
            }
        ]
    }

    /// The mutants of errors: another status, no envelope, another code.
    func errorMutants() -> [Mutant] {
        let codes = errorCodes
        let codeMutants =
            codes.codes.count > 1 && !codes.paths.isEmpty
            ? [
                mutant(.errorCodeChanged, "errors", "answers each error with another of its codes, the envelope kept") {
                    request, _, forward in forward(request).mappingBody(codes.swapping(in:))
                }
            ] : []
        guard errorStatuses.count > 1 else { return codeMutants }
        let statuses = errorStatuses
        return codeMutants + [
            mutant(.errorStatus, "errors", "answers each error with another error status") { request, _, forward in
                var answer = forward(request)
                guard let index = statuses.firstIndex(of: answer.status) else { return answer }
                answer.status = statuses[(index + 1) % statuses.count]
                return answer
            },
            mutant(.errorEnvelope, "errors", "answers errors without the error envelope") { request, _, forward in
                let answer = forward(request)
                guard answer.status.code >= 400 else { return answer }
                return answer.mappingBody { _ in ["message": "request failed"] }
            },
        ]
    }
}
