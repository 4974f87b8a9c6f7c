internal import Crypto
internal import Foundation
internal import HTTPTypes
internal import TreatyDialect
internal import TreatyJSON

/// Assets (cloudkit.md §4, Apple's "Uploading Assets"): `assets/upload` hands out upload URLs,
/// a POST of the file's bytes to one answers the receipt dictionary a record's ASSETID field
/// then carries, and the record's `downloadURL` serves the bytes back.
extension CloudKitCall {
    func requestUploads() throws(CloudKitError) -> DialectResponse {
        guard let tokens = body["tokens"]?.arrayValue else {
            throw .badRequest("assets/upload needs 'tokens', an array of {recordType, fieldName}")
        }
        guard tokens.count <= Self.maxOperations else { throw .badRequest("at most 200 tokens a request") }
        let zone = try self.zone(body["zoneID"])
        var answers: [JSONValue] = []
        for (index, token) in tokens.enumerated() {
            guard let fieldName = token["fieldName"]?.stringValue, token["recordType"]?.stringValue != nil else {
                throw .badRequest("tokens[\(index)] needs recordType and fieldName")
            }
            let upload = store.uuid()
            let path = CloudKitAssetRoutes.prefix + "upload/\(scope.environment.rawValue)/\(upload)"
            answers.append(
                .object([
                    "recordName": token["recordName"] ?? .string(store.uuid()), "fieldName": .string(fieldName),
                    "url": .string(baseURL + path), "zoneID": zone.json,
                ]))
        }
        return CloudKitAnswer.json(.object(["tokens": .array(answers)]))
    }
}

/// The upload and download URLs of assets, outside `/database/1/…` (as Apple's content hosts
/// are): `POST /ckassets/upload/{environment}/{token}` and `GET /ckassets/download/{receipt}`.
struct CloudKitAssetRoutes {
    static let prefix = "/ckassets/"
    /// The largest asset file (cloudkit.md §5: 50 MB); the simulator's body limit may be lower.
    static let maxAssetBytes = 50 * 1024 * 1024

    let dialect: CloudKitDialect
    let store: RecordStore

    static func downloadPath(receipt: String) -> String {
        prefix + "download/" + receipt
    }

    func respond(to request: DialectRequest) -> DialectResponse {
        let parts = request.path.dropFirst(Self.prefix.count).split(separator: "/").map(String.init)
        if request.method == .post, parts.count == 3, parts[0] == "upload",
            let environment = CloudKitEnvironment(rawValue: parts[1])
        {
            return upload(request.body, environment: environment)
        }
        if request.method == .get, parts.count == 2, parts[0] == "download" {
            guard let row = try? store.get(CloudKitStoreModel.assets, id: parts[1]),
                let data = row["data"]?.stringValue.flatMap({ Data(base64Encoded: $0) })
            else {
                return CloudKitError(.notFound, "no asset at this URL").response(uuid: dialect.state.nextUUID())
            }
            var headers = HTTPFields()
            headers[.contentType] = "application/octet-stream"
            return DialectResponse(status: .ok, headers: headers, body: Array(data))
        }
        return CloudKitError(.notFound, "no asset operation at this URL").response(uuid: dialect.state.nextUUID())
    }

    private func upload(_ bytes: [UInt8], environment: CloudKitEnvironment) -> DialectResponse {
        guard bytes.count <= Self.maxAssetBytes else {
            return CloudKitError(.badRequest, "an asset file may be at most 50 MB").response(uuid: dialect.state.nextUUID())
        }
        let checksum = Data(SHA256.hash(data: bytes)).base64EncodedString()
        let receipt = store.uuid().replacingOccurrences(of: "-", with: "").lowercased()
        let row: JSONObject = [
            "key": .string(receipt), "environment": .string(environment.rawValue),
            "data": .string(Data(bytes).base64EncodedString()), "size": .number(JSONNumber(bytes.count)),
            "fileChecksum": .string(checksum), "receipt": .string(receipt),
        ]
        let result = store.apply(
            [.replace(CloudKitStoreModel.assets, id: receipt, record: .object(row), creatingIfMissing: true)], mode: .atomic)
        if result.failure != nil {
            return CloudKitError(.internalError, "the asset could not be stored").response(uuid: dialect.state.nextUUID())
        }
        let singleFile: JSONObject = [
            "wrappingKey": .string(Data(SHA256.hash(data: Data(receipt.utf8))).prefix(16).base64EncodedString()),
            "fileChecksum": .string(checksum), "receipt": .string(receipt),
            "referenceChecksum": .string(checksum), "size": .number(JSONNumber(bytes.count)),
        ]
        return CloudKitAnswer.json(.object(["singleFile": .object(singleFile)]))
    }
}
