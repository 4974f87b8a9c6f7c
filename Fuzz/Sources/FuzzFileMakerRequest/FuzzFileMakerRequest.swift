import FuzzSupport
import Foundation
import HTTPTypes

/// FileMaker's `_find` bodies (find requests and their operators) and container uploads
/// (multipart) over the music example, logged in: the first byte picks which.
@_cdecl("FuzzFileMakerRequest_main")
public func fuzzFileMakerRequestMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    let music = Fuzzing.serve("music")
    let base = "/fmi/data/vLatest/databases/Music"
    let login = Fuzzing.send(
        music, .post, base + "/sessions",
        headers: [.contentType: "application/json", .authorization: "Basic YWRtaW46YWRtaW4tcGFzc3dvcmQtMTIz"],
        body: Array("{}".utf8))
    let response = (try? JSONSerialization.jsonObject(with: Data(login.body)) as? [String: Any])?["response"]
    let token = (response as? [String: Any])?["token"] as? String ?? ""
    return Fuzzing.run(argc, argv) { bytes in
        guard let selector = bytes.first else { return }
        let body = Array(bytes.dropFirst())
        if selector & 1 == 0 {
            Fuzzing.send(
                music, .post, base + "/layouts/Artists/_find",
                headers: [.contentType: "application/json", .authorization: "Bearer \(token)"], body: body)
        } else {
            Fuzzing.send(
                music, .post, base + "/layouts/Artists/records/1/containers/photo",
                headers: [.contentType: "multipart/form-data; boundary=fuzz", .authorization: "Bearer \(token)"], body: body)
        }
    }
}
