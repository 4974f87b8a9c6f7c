import FuzzSupport
import Foundation
import HTTPTypes

/// PocketBase's `filter` and `sort` parsers, compiled and evaluated over the blog example, as a
/// superuser (every field and `@collection` allowed) and as a guest (rules and join guards):
/// the first byte picks filter or sort and the caller.
@_cdecl("FuzzPocketBaseQuery_main")
public func fuzzPocketBaseQueryMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    let blog = Fuzzing.serve("blog")
    let login = Fuzzing.send(
        blog, .post, "/api/collections/_superusers/auth-with-password",
        headers: [.contentType: "application/json"],
        body: Array(#"{"identity":"admin@example.com","password":"admin-password-123"}"#.utf8))
    let token = (try? JSONSerialization.jsonObject(with: Data(login.body)) as? [String: Any])?["token"] as? String ?? ""
    return Fuzzing.run(argc, argv) { bytes in
        guard let selector = bytes.first else { return }
        let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
        guard let encoded = text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) else { return }
        let parameter = selector & 1 == 0 ? "filter" : "sort"
        var headers = HTTPFields()
        if selector & 2 == 0 { headers[.authorization] = token }
        let collection = ["posts", "comments", "users", "tags"][Int(selector >> 2) % 4]
        Fuzzing.send(blog, .get, "/api/collections/\(collection)/records?\(parameter)=\(encoded)", headers: headers)
    }
}
