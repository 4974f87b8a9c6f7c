import HTTPTypes
import Synchronization
import Testing
import TreatyCore
import TreatyDialect
import TreatyDialectKit
import TreatyJSON

@testable import TreatyFileMaker
@testable import TreatyPocketBase

/// The mutants of behaviour only one dialect has change what they claim.
@Suite struct DialectMutantTests {
    static let store = MutationOperatorTests.store

    @Test("portal rows missing: each portal of each record loses its last row, the rest of the answer kept")
    func portalRowsMissing() throws {
        let real: JSONValue = [
            "response": [
                "data": [
                    [
                        "recordId": "1", "fieldData": ["name": "A"],
                        "portalData": ["Albums": [["recordId": "11"], ["recordId": "12"]], "Empty": []],
                    ]
                ],
                "dataInfo": ["foundCount": 1],
            ],
            "messages": [["code": "0", "message": "OK"]],
        ]
        let mutant = FileMakerContractSchema.portalRowsMissing
        let request = DialectRequest(
            method: .get, target: "/fmi/data/vLatest/databases/Music/layouts/Artists/records/1")
        let answer = mutant.respond(request, Self.store) { _ in
            DialectResponse(status: .ok, body: real.serializedBytes())
        }
        let body = try JSONParser().parse(answer.body)
        #expect(body["response"]?["data"]?[0]?["portalData"] == ["Albums": [["recordId": "11"]], "Empty": []])
        #expect(body["response"]?["dataInfo"] == ["foundCount": 1])
    }

    @Test("batch not atomic: a failing batch's requests are each sent on their own, the failure answered")
    func batchNotAtomic() throws {
        let batch: JSONValue = [
            "requests": [
                ["method": "POST", "url": "/api/collections/tags/records", "body": ["name": "ok"]],
                ["method": "PATCH", "url": "/api/collections/tags/records/x", "body": ["name": ""]],
            ]
        ]
        let request = DialectRequest(method: .post, target: "/api/batch", body: batch.serializedBytes())
        let seen = Mutex<[String]>([])
        let answer = PocketBaseContractSchema.batchNotAtomic.respond(request, Self.store) { sent in
            seen.withLock { $0.append("\(sent.method.rawValue) \(sent.path)") }
            return DialectResponse(status: sent.path == "/api/batch" ? .badRequest : .ok)
        }
        #expect(answer.status == .badRequest)
        #expect(
            seen.withLock { $0 }
                == ["POST /api/batch", "POST /api/collections/tags/records", "PATCH /api/collections/tags/records/x"])
    }
}
