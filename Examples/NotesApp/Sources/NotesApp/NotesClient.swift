import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The app's client of the notes API: what the app's screens call.
public struct NotesClient: Sendable {
    /// Why a call failed.
    public enum Failure: Error, Equatable {
        /// The server answered with an unexpected status.
        case status(Int)
    }

    /// The API's base URL, e.g. `https://api.example.com`.
    public let baseURL: URL
    private let session: URLSession

    /// Creates a client.
    public init(baseURL: URL, session: URLSession = .shared) {
        self.baseURL = baseURL
        self.session = session
    }

    /// The live notes of a notebook, in the server's order.
    public func notes(in notebookID: String) async throws -> [Note] {
        let data = try await send("GET", "/notebooks/\(notebookID)/notes", body: nil, expecting: 200)
        return try JSONDecoder().decode([Note].self, from: data)
    }

    /// Pins a note; only `pinned` is sent, so nothing else the server holds changes.
    public func pin(_ note: Note) async throws -> Note {
        let body = try JSONEncoder().encode(["pinned": true])
        let data = try await send("PATCH", "/notebooks/\(note.notebookID)/notes/\(note.id)", body: body, expecting: 200)
        return try JSONDecoder().decode(Note.self, from: data)
    }

    private func send(_ method: String, _ path: String, body: Data?, expecting status: Int) async throws -> Data {
        var request = URLRequest(url: baseURL.appendingPathComponent(path))
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await session.data(for: request)
        let code = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard code == status else { throw Failure.status(code) }
        return data
    }
}
