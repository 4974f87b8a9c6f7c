import HTTPTypes
import Synchronization
import TreatyCore
import TreatyDialect
import TreatyJSON

/// A test-only dialect whose `GET /events` answers a ``ResponseStream`` that carries one
/// `data:<id>` event per record the store creates (through ``RecordStore/observe(_:)``); every
/// other request goes to ``EchoDialect``. The streams it opened, and why each ended, are kept
/// for the tests to inspect.
final class StreamingDialect: Dialect {
    static let id = DialectID(rawValue: "streaming")

    let capacity: Int
    let idleTimeout: Duration?
    private let opened = Mutex<[ResponseStream]>([])
    private let endings = Mutex<[ResponseStream.Ending]>([])
    private let observation = Mutex<StoreObservation?>(nil)

    init(capacity: Int = 64 * 1024, idleTimeout: Duration? = nil) {
        self.capacity = capacity
        self.idleTimeout = idleTimeout
    }

    var streams: [ResponseStream] { opened.withLock { $0 } }
    var ended: [ResponseStream.Ending] { endings.withLock { $0 } }

    func respond(to request: DialectRequest, store: RecordStore) -> DialectResponse {
        guard request.method == .get, request.path == "/events" else {
            return EchoDialect().respond(to: request, store: store)
        }
        observation.withLock { observation in
            guard observation == nil else { return }
            observation = store.observe { [weak self] notification in
                guard let self, case .records(let changes) = notification else { return }
                for change in changes where change.action == .create {
                    for stream in self.streams { stream.send(Array("data:\(change.id)\n\n".utf8)) }
                }
            }
        }
        let stream = ResponseStream(capacity: capacity, idleTimeout: idleTimeout) { [weak self] ending in
            self?.endings.withLock { $0.append(ending) }
        }
        opened.withLock { $0.append(stream) }
        stream.send(Array("event:open\n\n".utf8))
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        return DialectResponse(status: .ok, headers: headers, stream: stream)
    }

    func failureResponse(for failure: SimulatorFailure) -> DialectResponse {
        EchoDialect().failureResponse(for: failure)
    }
}
