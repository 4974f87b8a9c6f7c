import Foundation
import TreatyCore
import TreatyJSON
import TreatyReports
import TreatyVerifier

extension MutationRun {
    /// The runs as one JSON document: per contract the tally, the score and every mutant.
    static func json(_ runs: [MutationRun]) -> JSONValue {
        .object([
            "contracts": .array(
                runs.map { run in
                    .object([
                        "api": .string(run.api), "dialect": .string(run.dialect.rawValue),
                        "operators": .number(JSONNumber(run.operators)),
                        "mutants": .number(JSONNumber(run.results.count)),
                        "killed": .number(JSONNumber(run.killed.count)),
                        "survivors": .number(JSONNumber(run.survivors.count)),
                        "accepted": .number(JSONNumber(run.accepted.count)),
                        "score": .number(JSONNumber(run.score)),
                        "durationMilliseconds": .number(JSONNumber(run.durationMilliseconds)),
                        "results": .array(run.results.map(\.json)),
                    ])
                })
        ])
    }

    /// The run as one JUnit suite: a passing case per killed mutant, a failing one per
    /// survivor, a skipped one per accepted survivor.
    func junitSuite(hostname: String) -> TestSuiteReport {
        let classname = "mutation.\(api)"
        return TestSuiteReport(
            name: "mutation.\(api)", package: "contracts.\(api)", file: nil, hostname: hostname, timestamp: startedAt,
            properties: [TestProperty(name: "treaty.score", value: "\(score)")],
            cases: results.map { result in
                let outcome: TestOutcome
                switch result.outcome {
                case .killed, .timedOut: outcome = .passed
                case .accepted(let reason): outcome = .skipped(message: "accepted: \(reason)")
                case .survived:
                    outcome = .failed(
                        TestProblem(
                            message: "survivor: \(result.behaviour)", type: "survivor",
                            detail: "\(result.id) breaks: \(result.behaviour) (\(result.clause))\nno case failed against it"))
                }
                return TestCaseReport(
                    name: result.id, classname: classname, file: nil, line: nil,
                    durationMilliseconds: result.durationMilliseconds, outcome: outcome, systemOut: nil, systemErr: nil,
                    properties: [TestProperty(name: "clause", value: result.clause)])
            })
    }
}

extension MutantResult {
    /// The result as JSON.
    var json: JSONValue {
        var object: JSONObject = [
            "id": .string(id), "operator": .string(operatorName), "behaviour": .string(behaviour),
            "clause": .string(clause),
        ]
        switch outcome {
        case .killed(let name, let reason):
            object["outcome"] = "killed"
            object["case"] = .string(name)
            object["reason"] = .string(reason)
        case .timedOut(let seconds):
            object["outcome"] = "killed"
            object["reason"] = .string("timed out after \(seconds) s")
        case .survived:
            object["outcome"] = "survived"
        case .accepted(let reason):
            object["outcome"] = "accepted"
            object["reason"] = .string(reason)
        }
        return .object(object)
    }
}
