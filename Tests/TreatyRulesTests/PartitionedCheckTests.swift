import Foundation
import Testing
import TreatyCore
import TreatyJSON
import TreatyRules

@Suite struct PartitionedCheckTests {
    /// A list of about 6 MB whose breaches straddle every possible partition boundary: a
    /// duplicate id far from its twin, a parent switch, an ordering break and a shape switch in
    /// the second half, plus per-record breaches everywhere.
    func payload() -> [UInt8] {
        let count = 12_000
        func id(_ i: Int) -> JSONValue { .string(String(format: "%08X-0000-4000-8000-%012X", i, i)) }
        var items: [String] = []
        items.reserveCapacity(count)
        for i in 0..<count {
            var record = Demo.t1.with("id", id(i))
                .with("position", .number(JSONNumber(i)))
            if i % 997 == 0 { record = record.with("local_id", .number(JSONNumber(i))) }
            if i % 1_501 == 0 { record = record.with("assignee_id", nil) }
            if i == 9_000 { record = record.with("id", id(10)).with("position", .number(JSONNumber(8_999))) }
            if i == 9_100 { record = record.with("project_id", .string(Demo.p2)) }
            if i == 9_200 { record = record.with("position", 1) }
            if i == 9_300 { record = record.with("assignee_id", nil).with("assignee", .object(Demo.users[0])) }
            items.append(JSONValue.object(record).serialized())
        }
        return Array(("[\n  " + items.joined(separator: ",\n  ") + "\n]\n").utf8)
    }

    func check(_ bytes: [UInt8], allCores: Bool, limit: Int) throws -> PayloadResult {
        let target = try EndpointReference.resolve("GET /projects/{project_id}/tasks", in: Demo.contract)
        var check = PayloadCheck(plan: try CheckPlan(contract: Demo.contract, target: target), maxViolationsPerPayload: limit)
        check.threads = allCores ? 3 : 1
        return check.check(bytes, name: "big.json")
    }

    func describe(_ result: PayloadResult) -> [String] {
        result.violations.map { "\($0.rule) \($0.pointer) \($0.position.map(\.description) ?? "-") \($0.message)" }
    }

    @Test("checking on every core gives exactly the sequential result", arguments: [1_000, 5])
    func sameAsSequential(limit: Int) throws {
        let bytes = payload()
        #expect(bytes.count > 4 * 1024 * 1024)
        let sequential = try check(bytes, allCores: false, limit: limit)
        let parallel = try check(bytes, allCores: true, limit: limit)
        #expect(parallel.records == 12_000)
        #expect(describe(parallel) == describe(sequential))
        #expect(parallel.counts == sequential.counts)
        #expect(parallel.omitted == sequential.omitted)
        #expect(Set(sequential.violations.map(\.rule)).isSuperset(of: limit > 5 ? ["RS-ID-1", "RS-PS-1", "RS-OR-1", "RS-SH-2", "RS-ID-3", "RS-NL-1"] : []))
    }

    @Test("a parse error in a late partition is reported as the sequential parse reports it")
    func parseErrorFallsBack() throws {
        var bytes = payload()
        let separators = bytes.indices.dropLast().filter {
            bytes[$0] == UInt8(ascii: ",") && bytes[$0 + 1] == UInt8(ascii: "\n")
        }
        let cut = try #require(separators.last)
        bytes[cut] = UInt8(ascii: ";")
        let sequential = try check(bytes, allCores: false, limit: 10)
        let parallel = try check(bytes, allCores: true, limit: 10)
        #expect(parallel.failure != nil)
        #expect(parallel.failure == sequential.failure)
    }
}
