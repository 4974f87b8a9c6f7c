import Foundation
import TreatyCore
import TreatyJSON
import TreatyRules
import TreatyTestSupport

/// The demo contract and records from its fixture, for rule tests.
enum Demo {
    static var contract: Contract { DemoFiles.contract }

    static let tasks: [JSONObject] = fixture("task").compactMap(\.objectValue)
    static let users: [JSONObject] = fixture("user").compactMap(\.objectValue)

    /// T1…T5 of rest-sync.md's reference fixture.
    static var t1: JSONObject { tasks[0] }
    static var t2: JSONObject { tasks[1] }
    static var t3: JSONObject { tasks[2] }
    static var t4: JSONObject { tasks[3] }
    static var t5: JSONObject { tasks[4] }

    static let p1 = DemoID.p1
    static let p2 = DemoID.p2

    static func fixture(_ name: String) -> [JSONValue] {
        let path = DemoFiles.fixturesPath + "/\(name).json"
        guard let data = FileManager.default.contents(atPath: path), let value = try? JSONParser().parse(data),
            let records = value.arrayValue
        else { preconditionFailure("fixture \(path) must parse") }
        return records
    }

    /// Every violation of `payload` as a response of `endpoint` (a template or a concrete request).
    static func violations(_ payload: JSONValue, endpoint: String) throws -> [RuleViolation] {
        let target = try EndpointReference.resolve(endpoint, in: contract)
        var checker = ConformanceChecker(plan: try CheckPlan(contract: contract, target: target))
        return checker.check(payload: payload)
    }

    /// The violations of `payload` as bare records of `resource`.
    static func violations(_ payload: JSONValue, resource: String) throws -> [RuleViolation] {
        var checker = ConformanceChecker(plan: try CheckPlan(contract: contract, target: .resource(resource)))
        return checker.check(payload: payload)
    }

    /// A violation as one line: `RULE pointer: message | expected …; found …`.
    static func line(_ violation: RuleViolation) -> String {
        "\(violation.rule) \(violation.pointer): \(violation.message) | expected \(violation.expected); found \(violation.found)"
    }

    static func lines(_ violations: [RuleViolation], rule: RuleID? = nil) -> [String] {
        violations.filter { rule == nil || $0.rule == rule }.map(line)
    }
}

extension JSONObject {
    /// A copy with `key` set to `value` (`nil` removes the key).
    func with(_ key: String, _ value: JSONValue?) -> JSONObject {
        var copy = self
        copy[key] = value
        return copy
    }

    /// A copy with `key` renamed to `newKey`, keeping its position.
    func renaming(_ key: String, to newKey: String) -> JSONObject {
        JSONObject(map { $0.key == key ? Member(key: newKey, value: $0.value) : $0 })
    }
}
