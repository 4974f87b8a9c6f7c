import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The team board's live feed: every change to the board's announcements as it happens,
/// through PocketBase realtime — `GET /api/realtime` opens a server-sent event stream whose first
/// event names the client, `POST /api/realtime` subscribes that client to `announcements`, and
/// each change then arrives as an event named by the topic.
///
/// ```swift
/// let feed = AnnouncementsFeed(baseURL: boardURL)
/// for try await change in try await feed.changes() {
///     board.apply(change)          // the screen updates without polling
/// }
/// ```
public struct AnnouncementsFeed: Sendable {
    /// Why the feed could not start.
    public enum Failure: Error, Equatable {
        /// The server answered with an unexpected status.
        case status(Int)
        /// The stream ended before it named the client.
        case noClientID
    }

    /// The board's base URL, e.g. `https://board.example.com`.
    public let baseURL: URL

    /// Creates a feed.
    public init(baseURL: URL) {
        self.baseURL = baseURL
    }

    /// Connects, subscribes to `announcements` and returns the changes as they come; the
    /// connection closes when the stream's consumer stops.
    public func changes() async throws -> AsyncThrowingStream<AnnouncementChange, any Error> {
        let (changes, continuation) = AsyncThrowingStream<AnnouncementChange, any Error>.makeStream()
        let reader = EventReader(changes: continuation)
        let session = URLSession(configuration: .ephemeral, delegate: reader, delegateQueue: nil)
        var request = URLRequest(url: baseURL.appendingPathComponent("api/realtime"))
        request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
        request.timeoutInterval = 24 * 3600
        let task = session.dataTask(with: request)
        continuation.onTermination = { _ in
            task.cancel()
            session.invalidateAndCancel()
        }
        do {
            let clientID = try await withCheckedThrowingContinuation { connected in
                reader.onConnect(connected)
                task.resume()
            }
            try await subscribe(clientID)
        } catch {
            continuation.finish(throwing: error)
            throw error
        }
        return changes
    }

    private func subscribe(_ clientID: String) async throws {
        var request = URLRequest(url: baseURL.appendingPathComponent("api/realtime"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONEncoder().encode(Subscription(clientId: clientID, subscriptions: ["announcements"]))
        let (_, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 204 else { throw Failure.status(status) }
    }

    private struct Subscription: Encodable {
        let clientId: String
        let subscriptions: [String]
    }
}

/// Reads PocketBase's `text/event-stream` as it arrives: the first event (`PB_CONNECT`) names the
/// client, every later one is a change of a subscribed topic.
final class EventReader: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct Payload: Decodable {
        struct Record: Decodable {
            let id: String
            let title: String
            let pinned: Bool?
        }

        let action: AnnouncementChange.Action
        let record: Record
    }

    private let lock = NSLock()
    private var pending = Data()
    private var connected: CheckedContinuation<String, any Error>?
    private let changes: AsyncThrowingStream<AnnouncementChange, any Error>.Continuation

    init(changes: AsyncThrowingStream<AnnouncementChange, any Error>.Continuation) {
        self.changes = changes
    }

    /// Resumes `continuation` with the client id once the stream names it.
    func onConnect(_ continuation: CheckedContinuation<String, any Error>) {
        lock.withLock { connected = continuation }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200 else {
            end(AnnouncementsFeed.Failure.status(status))
            return completionHandler(.cancel)
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let events: [(name: String, data: String)] = lock.withLock {
            pending.append(data)
            var events: [(String, String)] = []
            while let end = pending.range(of: Data("\n\n".utf8)) {
                let block = String(decoding: pending[pending.startIndex..<end.lowerBound], as: UTF8.self)
                pending.removeSubrange(pending.startIndex..<end.upperBound)
                var name = "message"
                var lines: [String] = []
                for line in block.split(separator: "\n") {
                    if line.hasPrefix("event:") { name = line.dropFirst(6).trimmingCharacters(in: .whitespaces) }
                    if line.hasPrefix("data:") { lines.append(line.dropFirst(5).trimmingCharacters(in: .whitespaces)) }
                }
                events.append((name, lines.joined(separator: "\n")))
            }
            return events
        }
        for event in events { handle(event) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        end(error)
    }

    private func handle(_ event: (name: String, data: String)) {
        if let connected = lock.withLock({ self.connected.take() }) {
            let object = try? JSONDecoder().decode([String: String].self, from: Data(event.data.utf8))
            guard event.name == "PB_CONNECT", let clientID = object?["clientId"] else {
                return connected.resume(throwing: AnnouncementsFeed.Failure.noClientID)
            }
            return connected.resume(returning: clientID)
        }
        guard let payload = try? JSONDecoder().decode(Payload.self, from: Data(event.data.utf8)) else { return }
        changes.yield(
            AnnouncementChange(
                action: payload.action, id: payload.record.id, title: payload.record.title,
                pinned: payload.record.pinned ?? false))
    }

    private func end(_ error: (any Error)?) {
        lock.withLock { connected.take() }?.resume(throwing: error ?? AnnouncementsFeed.Failure.noClientID)
        if let error { changes.finish(throwing: error) } else { changes.finish() }
    }
}
